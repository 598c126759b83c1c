import { type Control, type UseFormRegister, useController, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { FieldMessage } from '@/components/FormField';
import { useTripMembers } from '@/features/trips/useTripMembers';
import type { useFieldIds } from '@/lib/itemForm';
import type { FieldName, PlanItemValues, planItemForm } from './planItemForm';

type Output = z.output<typeof planItemForm>;

/**
 * A plan item's "Who goes": everyone, or some of us with the members ticked. Someone who has left
 * keeps their place among those who go, so an edit's prefill is exact.
 */
export function GoersFieldset({
  control,
  register,
  ids: { fieldId, errorId, describedBy },
  message,
  tripId,
  goersBefore,
}: {
  control: Control<PlanItemValues, unknown, Output>;
  register: UseFormRegister<PlanItemValues>;
  ids: ReturnType<typeof useFieldIds<FieldName>>;
  message: string | undefined;
  tripId: string;
  goersBefore: { id: string; name: string }[];
}) {
  const members = useTripMembers(tripId);
  const who = useWatch({ control, name: 'who' });
  const { field: goers } = useController({ control, name: 'goers' });
  const memberList = members.data ?? [];
  const formerGoers = goersBefore.filter(
    (goer) => !memberList.some((member) => member.id === goer.id),
  );

  function toggleGoer(memberId: string, on: boolean) {
    const current = goers.value;
    goers.onChange(on ? [...current, memberId] : current.filter((other) => other !== memberId));
  }

  return (
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
          <input type="radio" value="some" className="size-4 accent-primary" {...register('who')} />
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
      <FieldMessage id={errorId('goers')} message={message} />
    </fieldset>
  );
}
