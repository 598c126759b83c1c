import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Plus, TriangleAlert } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { cn } from '@/lib/utils';
import { formatLongDay } from '../../../shared/calendar';
import type { ItineraryItem } from '../../../shared/contracts/itinerary';
import type { TripMember } from '../../../shared/contracts/trips';
import { SortablePlanItem } from './PlanItemCard';
import type { PlanItemActions } from './PlanItemMenu';
import type { Overlap, SectionKey } from './planDays';
import { timeRange } from './planText';

/** A day's warning: two items people would have to be at at once. */
function overlapText({ first, second }: Overlap<ItineraryItem>) {
  return `“${first.title}” (${timeRange(first)}) and “${second.title}” (${timeRange(second)}) overlap`;
}

/**
 * One list of the plan: a day (its number and date, its warnings), the ideas, or what is outside
 * the trip's dates. A drop target for the items dragged to it, even when it is empty.
 */
export function PlanSection({
  section,
  title,
  subtitle,
  icon,
  items,
  overlaps = [],
  empty,
  members,
  roomy,
  actions,
  addLabel,
  onAdd,
  note,
  className,
}: {
  section: SectionKey;
  title: string;
  subtitle?: string;
  icon?: ReactNode;
  items: ItineraryItem[];
  overlaps?: Overlap<ItineraryItem>[];
  /** What an empty list says. */
  empty: string;
  members: TripMember[] | undefined;
  roomy: boolean;
  actions: PlanItemActions;
  addLabel?: string;
  onAdd?: (opener: HTMLElement) => void;
  note?: string;
  className?: string;
}) {
  const headingId = useId();
  const dropOnly = section === 'outside';
  const droppable = useDroppable({ id: section, disabled: dropOnly });
  return (
    <section
      ref={droppable.setNodeRef}
      data-plan-section={section}
      aria-labelledby={headingId}
      className={cn(
        'grid content-start gap-2 rounded-xl border border-border/70 bg-muted/30 p-2.5',
        '@3xl:flex @3xl:max-h-full @3xl:w-72 @3xl:shrink-0 @3xl:flex-col',
        className,
        droppable.isOver && 'border-primary/60 bg-primary/5',
      )}
    >
      <header className="flex items-center gap-2">
        {icon}
        <h3 id={headingId} className="min-w-0 flex-1 text-sm leading-tight font-semibold">
          {title}
          {/* A space, so the list's name reads "Day 2 Wed, Jan 13, 2027". */}
          {subtitle && ' '}
          {subtitle && (
            <span className="block text-xs font-normal text-muted-foreground">{subtitle}</span>
          )}
        </h3>
        {onAdd && (
          <button
            type="button"
            data-add-item
            aria-label={addLabel}
            title={addLabel}
            onClick={(event) => onAdd(event.currentTarget)}
            className={cn(
              'grid size-7 shrink-0 place-items-center rounded-md text-muted-foreground',
              'hover:bg-accent hover:text-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring',
            )}
          >
            <Plus aria-hidden className="size-4" />
          </button>
        )}
      </header>
      {note && <p className="text-xs text-muted-foreground">{note}</p>}
      {overlaps.length > 0 && (
        <ul aria-label="Warnings" className="grid gap-1">
          {overlaps.map((overlap) => (
            <li
              key={`${overlap.first.id}-${overlap.second.id}`}
              className="flex items-start gap-1.5 rounded-md bg-amber-500/10 px-2 py-1 text-xs text-amber-800 dark:text-amber-300"
            >
              <TriangleAlert aria-hidden className="mt-px size-3.5 shrink-0" />
              {overlapText(overlap)}
            </li>
          ))}
        </ul>
      )}
      <SortableContext
        id={section}
        items={items.map((item) => item.id)}
        strategy={verticalListSortingStrategy}
      >
        {items.length > 0 ? (
          <ol
            aria-labelledby={headingId}
            className="grid content-start gap-1.5 @3xl:overflow-y-auto"
          >
            {items.map((item) => (
              <SortablePlanItem
                key={item.id}
                item={item}
                members={members}
                roomy={roomy}
                dropOnly={dropOnly}
                onEdit={actions.edit}
                actions={actions}
                dayLabel={dropOnly && item.day ? formatLongDay(item.day) : undefined}
              />
            ))}
          </ol>
        ) : (
          <p className="rounded-lg border border-dashed border-border px-2 py-3 text-center text-xs text-muted-foreground">
            {empty}
          </p>
        )}
      </SortableContext>
    </section>
  );
}
