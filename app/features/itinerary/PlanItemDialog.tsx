import { useQueryClient } from '@tanstack/react-query';
import type { FieldErrors } from 'react-hook-form';
import { DialogActions } from '@/components/DialogActions';
import { FormError } from '@/components/FormError';
import { Field, FieldMessage } from '@/components/FormField';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { useTripMembers } from '@/features/trips/useTripMembers';
import { tellSaveRefusal, useFieldIds } from '@/lib/itemForm';
import { useZodForm } from '@/lib/useZodForm';
import { cn } from '@/lib/utils';
import { formatLongDay } from '../../../shared/calendar';
import {
  byPlanOrder,
  ITINERARY_KINDS,
  ITINERARY_LINK_MAX,
  ITINERARY_NOTES_MAX,
  ITINERARY_TITLE_MAX,
  type ItineraryItem,
  type ItineraryKind,
  PLACE_NAME_MAX,
  updateItineraryItemBody,
} from '../../../shared/contracts/itinerary';
import type { Trip } from '../../../shared/contracts/trips';
import { GoersFieldset } from './GoersFieldset';
import { removePlanItemFromCache } from './itineraryCache';
import { planDaysOf, rankAt } from './planDays';
import {
  changesFrom,
  FIELD_ORDER,
  type FieldName,
  initialValues,
  messageOf,
  type PlanItemValues,
  planItemForm,
  previewOf,
} from './planItemForm';
import { dayTitle, KINDS } from './planText';
import { useCreatePlanItem, useItinerary, useUpdatePlanItem } from './useItinerary';

const SAVE_FAILED = 'Could not save the item. Please try again.';
const ITEM_GONE = 'This item is no longer in the plan: someone may have removed it.';

/** What a new item starts from: its day (null: an idea), and the currency last used. */
export type NewItemStart = { day: string | null; currency: string };

/**
 * The form itself, mounted only while the dialog is open, so every opening starts from the item
 * (or from blank) again. Checked with the shared createItineraryItemBody (planItemForm).
 */
function PlanItemForm({
  trip,
  item,
  start,
  onDone,
}: {
  trip: Trip;
  item: ItineraryItem | null;
  start: NewItemStart;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const members = useTripMembers(trip.id);
  const plan = useItinerary(trip.id);
  const create = useCreatePlanItem(trip.id);
  const update = useUpdatePlanItem(trip.id);
  const pending = create.isPending || update.isPending;
  const form = useZodForm(planItemForm, {
    defaultValues: initialValues(item, start),
    // Focus follows the layout (focusFirstError), which RHF's registration order does not know.
    shouldFocusError: false,
  });
  const { register, setFocus, setError } = form;
  const { errors } = form.formState;

  const { fieldId, errorId, describedBy } = useFieldIds((name: FieldName) =>
    Boolean(messageOf(errors, name)),
  );

  const days = planDaysOf(trip);
  // An item on a day the trip no longer has keeps it, shown as such, until it is moved.
  const strayDay = item?.day && !days.includes(item.day) ? item.day : null;

  function focusFirstError(found: FieldErrors<PlanItemValues>) {
    const first = FIELD_ORDER.find((name) => messageOf(found, name));
    if (first === 'place') setFocus('place.name');
    else if (first === 'cost')
      setFocus(found.cost?.currency && !found.cost.amount ? 'cost.currency' : 'cost.amount');
    else if (first === 'goers')
      document.querySelector<HTMLElement>(`[id="${fieldId('goers')}"] input`)?.focus();
    else if (first) setFocus(first);
  }

  function fail(failure: unknown) {
    tellSaveRefusal(failure, {
      setError,
      fallback: SAVE_FAILED,
      gone: item && (() => removePlanItemFromCache(queryClient, trip.id, item.id)),
      goneMessage: ITEM_GONE,
      memberField: 'goers',
      refetchMembers: () => void members.refetch(),
    });
  }

  const handleSubmit = form.handleSubmit((checked) => {
    if (!item) {
      create.mutate(checked, { onSuccess: onDone, onError: fail });
      return;
    }
    const changes = changesFrom(item, checked);
    if (changes.day !== undefined) {
      // Moved by the form: last of its new day, as a drag there would put it.
      const others = (plan.data ?? [])
        .filter((other) => other.day === changes.day && other.id !== item.id)
        .sort(byPlanOrder);
      const rank = rankAt(others, others.length);
      if (rank) changes.rank = rank;
    }
    if (Object.keys(changes).length === 0) {
      onDone();
      return;
    }
    // The PATCH's own contract too; the fields were checked together above.
    const patch = updateItineraryItemBody.safeParse(changes);
    if (!patch.success) {
      setError('root.server', { message: patch.error.issues[0]?.message ?? SAVE_FAILED });
      return;
    }
    update.mutate(
      { item, body: changes, preview: previewOf(changes, item, members.data) },
      { onSuccess: onDone, onError: fail },
    );
  }, focusFirstError);

  return (
    <form
      noValidate
      aria-label={item ? `Edit ${item.title}` : 'New plan item'}
      onSubmit={pending ? (event) => event.preventDefault() : handleSubmit}
      className="grid gap-4"
    >
      <Field htmlFor={fieldId('title')} label="Title">
        <Input
          id={fieldId('title')}
          placeholder="e.g. Boat to Nusa Penida"
          maxLength={ITINERARY_TITLE_MAX}
          autoComplete="off"
          autoFocus
          {...register('title')}
          {...describedBy('title')}
        />
        <FieldMessage id={errorId('title')} message={messageOf(errors, 'title')} />
      </Field>

      {/* Side by side from a tablet up: at 375 px a day's name would be cut. */}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field htmlFor={fieldId('kind')} label="Kind">
          <NativeSelect id={fieldId('kind')} {...register('kind')} {...describedBy('kind')}>
            {ITINERARY_KINDS.map((kind: ItineraryKind) => (
              <option key={kind} value={kind}>
                {KINDS[kind].label}
              </option>
            ))}
          </NativeSelect>
          <FieldMessage id={errorId('kind')} message={messageOf(errors, 'kind')} />
        </Field>
        <Field htmlFor={fieldId('day')} label="Day">
          <NativeSelect id={fieldId('day')} {...register('day')} {...describedBy('day')}>
            <option value="">Ideas (no day yet)</option>
            {days.map((day, index) => (
              <option key={day} value={day}>
                {dayTitle(index + 1, day)}
              </option>
            ))}
            {strayDay && (
              <option value={strayDay}>{formatLongDay(strayDay)} (outside the trip’s dates)</option>
            )}
          </NativeSelect>
          <FieldMessage id={errorId('day')} message={messageOf(errors, 'day')} />
        </Field>
      </div>

      <div className="grid grid-cols-2 gap-3">
        <Field htmlFor={fieldId('startTime')} label="Starts (optional)">
          <Input
            id={fieldId('startTime')}
            type="time"
            {...register('startTime')}
            {...describedBy('startTime')}
          />
          <FieldMessage id={errorId('startTime')} message={messageOf(errors, 'startTime')} />
        </Field>
        <Field htmlFor={fieldId('endTime')} label="Ends (optional)">
          <Input
            id={fieldId('endTime')}
            type="time"
            {...register('endTime')}
            {...describedBy('endTime')}
          />
          <FieldMessage id={errorId('endTime')} message={messageOf(errors, 'endTime')} />
        </Field>
      </div>
      {trip.timeZone && (
        <p className="-mt-2 text-xs text-muted-foreground">
          Times are local to the trip: {trip.timeZone}.
        </p>
      )}

      <Field htmlFor={fieldId('place')} label="Place (optional)">
        <Input
          id={fieldId('place')}
          placeholder="e.g. Crystal Bay"
          maxLength={PLACE_NAME_MAX}
          autoComplete="off"
          {...register('place.name')}
          {...describedBy('place')}
        />
        <FieldMessage id={errorId('place')} message={messageOf(errors, 'place')} />
      </Field>

      <Field htmlFor={fieldId('link')} label="Link (optional)">
        <Input
          id={fieldId('link')}
          type="url"
          inputMode="url"
          placeholder="https://"
          maxLength={ITINERARY_LINK_MAX}
          autoComplete="off"
          {...register('link')}
          {...describedBy('link')}
        />
        <FieldMessage id={errorId('link')} message={messageOf(errors, 'link')} />
      </Field>

      <fieldset className="grid gap-1.5">
        <legend className="mb-1.5 text-sm font-medium">Estimated cost (optional)</legend>
        <div className="grid grid-cols-[minmax(0,1fr)_6rem] gap-3">
          <Input
            id={fieldId('cost')}
            aria-label="Amount"
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            placeholder="45"
            {...register('cost.amount')}
            {...describedBy('cost')}
          />
          <Input
            aria-label="Currency"
            placeholder="EUR"
            maxLength={3}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className="uppercase placeholder:normal-case"
            {...register('cost.currency')}
            {...describedBy('cost')}
          />
        </div>
        <FieldMessage id={errorId('cost')} message={messageOf(errors, 'cost')} />
      </fieldset>

      <GoersFieldset
        control={form.control}
        register={register}
        ids={{ fieldId, errorId, describedBy }}
        message={messageOf(errors, 'goers')}
        tripId={trip.id}
        goersBefore={item?.goers ?? []}
      />

      <Field htmlFor={fieldId('notes')} label="Notes (optional)">
        <textarea
          id={fieldId('notes')}
          rows={3}
          maxLength={ITINERARY_NOTES_MAX}
          {...register('notes')}
          {...describedBy('notes')}
          className={cn(
            'min-h-16 w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs sm:text-sm',
            'placeholder:text-muted-foreground outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40',
            'aria-invalid:border-destructive',
          )}
        />
        <FieldMessage id={errorId('notes')} message={messageOf(errors, 'notes')} />
      </Field>

      <FormError message={errors.root?.server?.message} />
      <DialogActions className="mt-1" pending={pending}>
        {item ? 'Save changes' : 'Add to the plan'}
      </DialogActions>
    </form>
  );
}

/**
 * Adding an item (no `item`: on `start.day`, or an idea) or editing one, in a dialog the widget
 * controls; `onCloseAutoFocus` lets it put focus back where it was (one dialog serves every item).
 */
export function PlanItemDialog({
  trip,
  item,
  start,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  trip: Trip;
  item: ItineraryItem | null;
  start: NewItemStart;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{item ? 'Edit plan item' : 'Add to the plan'}</DialogTitle>
          <DialogDescription>
            {item
              ? item.title
              : 'Only the title is needed; the rest can be added later, by anyone on the trip.'}
          </DialogDescription>
        </DialogHeader>
        <PlanItemForm trip={trip} item={item} start={start} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
