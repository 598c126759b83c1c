import { useSortable } from '@dnd-kit/sortable';
import { ExternalLink, GripVertical, MapPin, UsersRound } from 'lucide-react';
import { type CSSProperties, createContext, useContext } from 'react';
import { CommentsButton } from '@/features/comments/CommentsButton';
import { PersonAvatar } from '@/features/live/PersonAvatar';
import { REVEALED_CLASS, useRevealItem } from '@/features/trips/tripPlace';
import { cn } from '@/lib/utils';
import type { ItineraryItem } from '../../../shared/contracts/itinerary';
import { presenceColour } from '../../../shared/contracts/live';
import type { TripMember } from '../../../shared/contracts/trips';
import { listNames } from '../../../shared/text';
import { type PlanItemActions, PlanItemMenu } from './PlanItemMenu';
import { costLabel, KINDS, linkHost, timeRange } from './planText';

/**
 * The board's zoom as the plan measured it when a drag began: a sortable item's shift is in
 * screen pixels, and inside the zoomed canvas it would be zoomed again.
 */
export const DragScale = createContext(1);

/** Who goes: "Everyone", or their faces (names for screen readers and on hover). */
function Goers({
  goers,
  members,
}: {
  goers: ItineraryItem['goers'];
  members: TripMember[] | undefined;
}) {
  if (goers === null) {
    return (
      <span className="inline-flex items-center gap-1">
        <UsersRound aria-hidden className="size-3.5" />
        Everyone
      </span>
    );
  }
  const names = listNames(goers.map((goer) => goer.name));
  return (
    <span className="inline-flex items-center gap-1" title={names}>
      <span className="sr-only">Goes: {names}</span>
      <span aria-hidden className="flex -space-x-1.5">
        {goers.slice(0, 5).map((goer) => (
          <PersonAvatar
            key={goer.id}
            name={goer.name}
            image={members?.find((member) => member.id === goer.id)?.image ?? null}
            colour={presenceColour(goer.id)}
            className="size-6 border text-[11px]"
          />
        ))}
      </span>
      {goers.length > 5 && <span aria-hidden>+{goers.length - 5}</span>}
    </span>
  );
}

/** One item's face: kind, time, title, place, who goes, link, cost (notes when there is room). */
export function PlanItemContent({
  item,
  members,
  roomy,
  onEdit,
  actions,
  handle,
  dayLabel,
}: {
  item: ItineraryItem;
  members: TripMember[] | undefined;
  /** Expanded: notes show too. */
  roomy: boolean;
  /** Its day, where the list does not say it (outside the trip's dates). */
  dayLabel?: string;
  onEdit?: (opener: HTMLElement) => void;
  actions?: PlanItemActions;
  handle?: React.ReactNode;
}) {
  const kind = KINDS[item.kind];
  const time = timeRange(item);
  return (
    <div className="flex items-start gap-1.5">
      {handle}
      <kind.icon
        role="img"
        aria-label={kind.label}
        className="mt-0.5 size-4 shrink-0 text-primary"
      />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <div className="flex items-start gap-1">
          <h4 className="min-w-0 flex-1 text-sm leading-snug font-medium break-words">
            {time && (
              <span className="mr-1.5 text-xs font-semibold text-muted-foreground tabular-nums">
                {time}
              </span>
            )}
            {onEdit ? (
              <button
                type="button"
                onClick={(event) => onEdit(event.currentTarget)}
                className="text-left hover:underline focus-visible:underline outline-none"
              >
                {item.title}
              </button>
            ) : (
              item.title
            )}
          </h4>
        </div>
        <div className="flex flex-wrap items-center gap-x-2.5 gap-y-0.5 text-xs text-muted-foreground">
          {dayLabel && <span className="font-medium text-foreground">{dayLabel}</span>}
          {item.place && (
            <span className="inline-flex min-w-0 items-center gap-1">
              <MapPin aria-hidden className="size-3.5 shrink-0" />
              <span className="sr-only">Place: </span>
              <span className="truncate">{item.place.name}</span>
            </span>
          )}
          <Goers goers={item.goers} members={members} />
          {item.cost && <span>{costLabel(item.cost)}</span>}
          {item.link && (
            <a
              href={item.link}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-w-0 items-center gap-1 text-primary hover:underline"
            >
              <ExternalLink aria-hidden className="size-3.5 shrink-0" />
              <span className="truncate">{linkHost(item.link)}</span>
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          )}
        </div>
        {roomy && item.notes && (
          <p className="line-clamp-3 text-xs whitespace-pre-line text-muted-foreground">
            {item.notes}
          </p>
        )}
      </div>
      {actions && (
        <div className="-my-0.5 flex shrink-0 items-center">
          <CommentsButton
            tripId={item.tripId}
            subject={{ subjectType: 'plan', subjectId: item.id }}
            label={item.title}
            className="h-7"
          />
          <PlanItemMenu item={item} actions={actions} />
        </div>
      )}
    </div>
  );
}

/**
 * An item in its day, sortable: dragged by its handle (mouse, touch, or Space then the arrow
 * keys), within the day, to another day or to the ideas. The item a notification names is shown
 * and marked (useRevealItem).
 */
export function SortablePlanItem({
  item,
  members,
  roomy,
  dropOnly,
  onEdit,
  actions,
  dayLabel,
}: {
  item: ItineraryItem;
  members: TripMember[] | undefined;
  roomy: boolean;
  dayLabel?: string;
  /** Outside the trip's dates: it can be dragged out, and nothing is dropped among these. */
  dropOnly?: boolean;
  onEdit: (item: ItineraryItem, opener: HTMLElement) => void;
  actions: PlanItemActions;
}) {
  const scale = useContext(DragScale);
  const sortable = useSortable({ id: item.id, disabled: dropOnly ? { droppable: true } : false });
  const reveal = useRevealItem(item.tripId, 'plan', item.id);
  const { transform } = sortable;
  const style: CSSProperties = {
    transform: transform
      ? `translate3d(${transform.x / scale}px, ${transform.y / scale}px, 0)`
      : undefined,
    transition: sortable.transition,
  };
  return (
    <li
      ref={(node) => {
        sortable.setNodeRef(node);
        reveal.ref(node);
      }}
      tabIndex={reveal.tabIndex}
      data-revealed={reveal['data-revealed']}
      data-plan-item={item.id}
      style={style}
      aria-label={item.title}
      className={cn(
        'rounded-lg border border-border bg-background/80 p-2 shadow-xs',
        REVEALED_CLASS,
        sortable.isDragging && 'opacity-40',
      )}
    >
      <PlanItemContent
        item={item}
        members={members}
        roomy={roomy}
        onEdit={(opener) => onEdit(item, opener)}
        actions={actions}
        dayLabel={dayLabel}
        handle={
          <button
            type="button"
            ref={sortable.setActivatorNodeRef}
            {...sortable.attributes}
            {...sortable.listeners}
            aria-label={`Move “${item.title}”`}
            className={cn(
              '-my-0.5 -ml-1 grid h-6 w-5 shrink-0 cursor-grab touch-none place-items-center rounded text-muted-foreground',
              'hover:bg-accent hover:text-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring',
              sortable.isDragging && 'cursor-grabbing',
            )}
          >
            <GripVertical aria-hidden className="size-4" />
          </button>
        }
      />
    </li>
  );
}
