import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { type FieldErrors, useController, useWatch } from 'react-hook-form';
import { DialogActions } from '@/components/DialogActions';
import { FormError } from '@/components/FormError';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useTripMembers } from '@/features/trips/useTripMembers';
import { errorCode, errorMessage } from '@/lib/apiError';
import { useZodForm } from '@/lib/useZodForm';
import { cn } from '@/lib/utils';
import { formatLongDay } from '../../../shared/calendar';
import {
  byPlanOrder,
  ITINERARY_KINDS,
  ITINERARY_LINK_MAX,
  ITINERARY_MESSAGES,
  ITINERARY_NOTES_MAX,
  ITINERARY_TITLE_MAX,
  type ItineraryItem,
  type ItineraryKind,
  PLACE_NAME_MAX,
  updateItineraryItemBody,
} from '../../../shared/contracts/itinerary';
import type { Trip, TripMember } from '../../../shared/contracts/trips';
import { removePlanItemFromCache } from './itineraryCache';
import { planDaysOf, rankAt } from './planDays';
import {
  CHOOSE_GOERS,
  changesFrom,
  initialValues,
  type PlanItemValues,
  planItemForm,
} from './planItemForm';
import { dayTitle, KINDS } from './planText';
import { useCreatePlanItem, useItinerary, useUpdatePlanItem } from './useItinerary';

const SAVE_FAILED = 'Could not save the item. Please try again.';
const ITEM_GONE = 'This item is no longer in the plan: someone may have removed it.';

/** The fields in the order they are laid out, so focus goes to the first one with a problem. */
const FIELD_ORDER = [
  'title',
  'kind',
  'day',
  'startTime',
  'endTime',
  'place',
  'link',
  'cost',
  'goers',
  'notes',
] as const;
type FieldName = (typeof FIELD_ORDER)[number];

/** What a new item starts from: its day (null: an idea), and the currency last used. */
export type NewItemStart = { day: string | null; currency: string };

/** A field's message under it, linked from the control with aria-describedby. */
function FieldMessage({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-xs font-medium text-destructive">
      {message}
    </p>
  );
}

function Field({
  htmlFor,
  label,
  className,
  children,
}: {
  htmlFor: string;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('grid min-w-0 content-start gap-1.5', className)}>
      <Label htmlFor={htmlFor}>{label}</Label>
      {children}
    </div>
  );
}

/** The message of a field, nested ones (`place.name`, `cost.amount`) included. */
function messageOf(errors: FieldErrors<PlanItemValues>, name: FieldName): string | undefined {
  if (name === 'goers' && errors.goers?.message === ITINERARY_MESSAGES.goers) return CHOOSE_GOERS;
  const error = errors[name] as
    | { message?: string; [part: string]: { message?: string } | string | undefined }
    | undefined;
  if (!error) return undefined;
  if (error.message) return error.message;
  for (const value of Object.values(error)) {
    if (value && typeof value === 'object' && typeof value.message === 'string') {
      return value.message;
    }
  }
  return undefined;
}

/**
 * What the item looks like once changed, from the changes as the form made them: shown before
 * the server answers (goers get their names from the members list).
 */
function previewOf(
  changes: ReturnType<typeof changesFrom>,
  item: ItineraryItem,
  members: TripMember[] | undefined,
): Partial<ItineraryItem> {
  const { goers, place, link, ...rest } = changes;
  const preview: Partial<ItineraryItem> = { ...rest } as Partial<ItineraryItem>;
  if (place !== undefined) preview.place = place && { name: place.name };
  if (link !== undefined) preview.link = link || null;
  if (goers !== undefined) {
    preview.goers =
      goers?.map((id) => {
        const known =
          members?.find((member) => member.id === id) ?? item.goers?.find((goer) => goer.id === id);
        return { id, name: known?.name ?? '' };
      }) ?? null;
  }
  return preview;
}

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
  const id = useId();
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
  const who = useWatch({ control: form.control, name: 'who' });
  const { field: goers } = useController({ control: form.control, name: 'goers' });

  const fieldId = (name: string) => `${id}-${name}`;
  const errorId = (name: FieldName) => `${id}-${name}-error`;
  const describedBy = (name: FieldName) => ({
    'aria-invalid': messageOf(errors, name) ? (true as const) : undefined,
    'aria-describedby': messageOf(errors, name) ? errorId(name) : undefined,
  });

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
    const code = errorCode(failure);
    if (item && code === 'not_found') {
      removePlanItemFromCache(queryClient, trip.id, item.id);
      setError('root.server', { message: ITEM_GONE });
      return;
    }
    const message = errorMessage(failure, SAVE_FAILED);
    if (code === 'not_a_member') {
      // Someone ticked has left the trip since the list was loaded.
      setError('goers', { message });
      void members.refetch();
      return;
    }
    setError('root.server', { message });
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

  const memberList = members.data ?? [];
  // Someone who has left keeps their place among who goes, so the prefill is exact.
  const formerGoers = (item?.goers ?? []).filter(
    (goer) => !memberList.some((member) => member.id === goer.id),
  );

  function toggleGoer(memberId: string, on: boolean) {
    const current = goers.value;
    goers.onChange(on ? [...current, memberId] : current.filter((other) => other !== memberId));
  }

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

      <fieldset className="grid gap-2">
        <legend className="mb-1.5 text-sm font-medium">Who goes</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <label className="flex items-center gap-2">
            <input
              type="radio"
              value="everyone"
              className="size-4 accent-primary"
              {...register('who')}
            />
            Everyone
          </label>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              value="some"
              className="size-4 accent-primary"
              {...register('who')}
            />
            Some of us
          </label>
        </div>
        {who === 'some' && (
          <div
            id={fieldId('goers')}
            className="grid gap-1 rounded-md border border-border p-2 text-sm"
          >
            {memberList.map((member) => (
              <label key={member.id} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={goers.value.includes(member.id)}
                  onChange={(event) => toggleGoer(member.id, event.target.checked)}
                  {...describedBy('goers')}
                />
                {member.isCurrentUser ? `${member.name} (you)` : member.name}
              </label>
            ))}
            {formerGoers.map((goer) => (
              <label key={goer.id} className="flex items-center gap-2 text-muted-foreground">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={goers.value.includes(goer.id)}
                  onChange={(event) => toggleGoer(goer.id, event.target.checked)}
                />
                {goer.name} (left the trip)
              </label>
            ))}
            {!members.data && (
              <p className="text-xs text-muted-foreground">
                {members.isError ? 'Could not load the trip’s members.' : 'Loading members…'}
              </p>
            )}
          </div>
        )}
        <FieldMessage id={errorId('goers')} message={messageOf(errors, 'goers')} />
      </fieldset>

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
