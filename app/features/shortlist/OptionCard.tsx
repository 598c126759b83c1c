import { Check, ExternalLink, ThumbsDown, ThumbsUp, Trash2, Trophy } from 'lucide-react';
import { useId, useState } from 'react';
import { PendingButton } from '@/components/PendingButton';
import { Button } from '@/components/ui/button';
import { CommentsButton } from '@/features/comments/CommentsButton';
import { REVEALED_CLASS, useRevealItem } from '@/features/trips/tripPlace';
import { useTripMembers } from '@/features/trips/useTripMembers';
import { cn } from '@/lib/utils';
import type { ShortlistOption, Vote } from '../../../shared/contracts/shortlist';
import { canChangeItem } from '../../../shared/itemPolicy';
import { listNames } from '../../../shared/text';
import { formatPrice } from '../search/searchText';
import { useChooseOption, useRemoveOption, useVoteOption } from './useShortlist';

// A listing's description can run to 500 characters: two lines of a card is enough.
const DETAIL_CHARACTERS = 120;
const clip = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;

type Props = {
  option: ShortlistOption;
  tripId: string;
  userId: string | undefined;
  isOwner: boolean;
  /** The owner, or anyone when the trip's settings say so. */
  canChoose: boolean;
  leading: boolean;
};

/** Who among the members takes a chosen flight: none picked is the whole group. */
function TravellerPicker({
  tripId,
  pending,
  onCancel,
  onChoose,
}: {
  tripId: string;
  pending: boolean;
  onCancel: () => void;
  onChoose: (travellerIds: string[]) => void;
}) {
  const members = useTripMembers(tripId);
  const [picked, setPicked] = useState<string[]>([]);
  return (
    <fieldset className="grid gap-2 rounded-md border border-border p-2.5 text-sm">
      <legend className="px-1 text-xs font-medium text-muted-foreground">
        Who takes this flight? None picked: the whole group
      </legend>
      <div className="flex flex-wrap gap-x-3 gap-y-1.5">
        {(members.data ?? []).map((member) => (
          <label key={member.id} className="flex items-center gap-1.5">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={picked.includes(member.id)}
              onChange={(event) =>
                setPicked((current) =>
                  event.target.checked
                    ? [...current, member.id]
                    : current.filter((id) => id !== member.id),
                )
              }
            />
            {member.name}
          </label>
        ))}
      </div>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" className="h-7" onClick={onCancel}>
          Cancel
        </Button>
        <PendingButton
          type="button"
          size="sm"
          className="h-7"
          pending={pending}
          onClick={() => onChoose(picked)}
        >
          Choose and add to Flight Details
        </PendingButton>
      </div>
    </fieldset>
  );
}

/**
 * One option on the shortlist: what it is, its price where known, who added it, everyone's yes
 * and no (each a toggle of mine), the Book link to the partner, and Choose (the owner's, or
 * anyone's when the trip allows it).
 */
export function OptionCard({ option, tripId, userId, isOwner, canChoose, leading }: Props) {
  const titleId = useId();
  const vote = useVoteOption(tripId);
  const choose = useChooseOption(tripId);
  const remove = useRemoveOption(tripId);
  const [picking, setPicking] = useState(false);
  const mine: Vote | null = option.votes.yes.some((person) => person.id === userId)
    ? 'yes'
    : option.votes.no.some((person) => person.id === userId)
      ? 'no'
      : null;
  const chosen = option.chosenAt !== null;
  const reveal = useRevealItem(tripId, 'option', option.id);
  const canRemove = canChangeItem(
    { creatorId: option.addedBy?.id },
    userId ? { userId, role: isOwner ? 'owner' : 'member' } : null,
  );

  function cast(value: Vote) {
    vote.mutate({ option, vote: mine === value ? null : value });
  }

  function markChosen() {
    if (!chosen && option.slices) setPicking(true);
    else choose.mutate({ option, chosen: !chosen });
  }

  return (
    <article
      {...reveal}
      aria-labelledby={titleId}
      data-leading={leading || undefined}
      data-chosen={chosen || undefined}
      className={cn(
        'grid gap-2 rounded-lg border border-border bg-background/60 p-3',
        REVEALED_CLASS,
        leading && 'border-primary/60',
        chosen && 'border-emerald-500/70 bg-emerald-500/5',
      )}
    >
      <div className="flex items-start gap-2">
        {/* A listing's picture (imageUrl) is kept but not shown: the page's CSP lets in images
            from no outside origin, and a picture from any site would need a guarded proxy. */}
        <div className="grid min-w-0 flex-1 gap-0.5">
          <h4 id={titleId} className="font-medium break-words text-foreground">
            {option.title}
          </h4>
          {option.detail && (
            <p title={option.detail} className="text-xs break-words text-muted-foreground">
              {clip(option.detail, DETAIL_CHARACTERS)}
            </p>
          )}
        </div>
        <div className="grid shrink-0 justify-items-end gap-1">
          {option.price ? (
            <span className="text-sm font-semibold tabular-nums text-foreground">
              {formatPrice(option.price)}
            </span>
          ) : (
            <span className="text-xs text-muted-foreground">Price on {option.partner}</span>
          )}
          {chosen ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-emerald-500/15 px-2 py-0.5 text-xs font-medium text-emerald-600 dark:text-emerald-400">
              <Check aria-hidden className="size-3" /> Chosen
            </span>
          ) : (
            leading && (
              <span className="inline-flex items-center gap-1 rounded-full bg-primary/15 px-2 py-0.5 text-xs font-medium text-primary">
                <Trophy aria-hidden className="size-3" /> Leading
              </span>
            )
          )}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-1.5">
        {(['yes', 'no'] as const).map((value) => {
          const people = option.votes[value];
          const Icon = value === 'yes' ? ThumbsUp : ThumbsDown;
          return (
            <Button
              key={value}
              type="button"
              variant={mine === value ? 'default' : 'outline'}
              size="sm"
              className="h-7 px-2 text-xs"
              aria-pressed={mine === value}
              aria-label={`${value === 'yes' ? 'Yes' : 'No'}: ${people.length}${people.length ? ` (${listNames(people.map((p) => p.name))})` : ''}`}
              title={people.length ? listNames(people.map((p) => p.name)) : undefined}
              disabled={vote.isPending}
              onClick={() => cast(value)}
            >
              <Icon aria-hidden className="size-3.5" />
              {people.length}
            </Button>
          );
        })}
        <a
          href={option.bookUrl}
          target="_blank"
          rel="noopener noreferrer sponsored"
          className="ml-auto inline-flex h-7 items-center gap-1 rounded-md px-2 text-xs font-medium text-primary underline-offset-2 hover:underline"
        >
          Book on {option.partner}
          <ExternalLink aria-hidden className="size-3" />
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </div>
      {(option.votes.yes.length > 0 || option.votes.no.length > 0) && (
        <p className="text-xs text-muted-foreground">
          {option.votes.yes.length > 0 && `Yes: ${listNames(option.votes.yes.map((p) => p.name))}`}
          {option.votes.yes.length > 0 && option.votes.no.length > 0 && ' · '}
          {option.votes.no.length > 0 && `No: ${listNames(option.votes.no.map((p) => p.name))}`}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
        <span>
          {option.addedBy ? `Added by ${option.addedBy.name}` : 'Added by a former member'}
          {chosen && option.chosenBy ? ` · chosen by ${option.chosenBy.name}` : ''}
        </span>
        <span className="flex items-center gap-1">
          <CommentsButton
            tripId={tripId}
            subject={{ subjectType: 'option', subjectId: option.id }}
            label={option.title}
            className="h-7"
          />
          {canChoose && !picking && (
            <PendingButton
              type="button"
              variant="ghost"
              size="sm"
              className="h-7 px-2 text-xs"
              pending={choose.isPending}
              onClick={markChosen}
            >
              {chosen ? 'Unmark chosen' : 'Mark chosen'}
            </PendingButton>
          )}
          {canRemove && (
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="size-7"
              aria-label={`Remove ${option.title} from the shortlist`}
              disabled={remove.isPending}
              onClick={() => remove.mutate(option)}
            >
              <Trash2 aria-hidden />
            </Button>
          )}
        </span>
      </div>
      {picking && (
        <TravellerPicker
          tripId={tripId}
          pending={choose.isPending}
          onCancel={() => setPicking(false)}
          onChoose={(travellerIds) =>
            choose.mutate(
              { option, chosen: true, travellerIds },
              { onSuccess: () => setPicking(false) },
            )
          }
        />
      )}
    </article>
  );
}
