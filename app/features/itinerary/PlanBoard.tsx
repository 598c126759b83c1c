import {
  type Announcements,
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  type DragOverEvent,
  DragOverlay,
  type DragStartEvent,
  getFirstCollision,
  KeyboardSensor,
  MouseSensor,
  pointerWithin,
  rectIntersection,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { CalendarX, Lightbulb } from 'lucide-react';
import { useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { formatLongDay } from '../../../shared/calendar';
import type { ItineraryItem } from '../../../shared/contracts/itinerary';
import type { Trip, TripMember } from '../../../shared/contracts/trips';
import { MoveItemDialog } from './MoveItemDialog';
import { DragScale, PlanItemContent } from './PlanItemCard';
import type { PlanItemActions } from './PlanItemMenu';
import { PlanSection } from './PlanSection';
import {
  type Columns,
  dayOfSection,
  groupPlan,
  moveOver,
  planDaysOf,
  rankAt,
  type SectionKey,
  sectionHolding,
  sectionOfDay,
  sectionsOf,
} from './planDays';
import { useMovePlanItem } from './useItinerary';

/** A drag in progress: the lists as it has them, and the board's zoom when it began. */
type Drag = {
  activeId: string;
  columns: Columns;
  scale: number;
  /** Dropped: the lists stay as dropped until the plan has the move (or it was refused). */
  droppedOn?: readonly ItineraryItem[];
};

const INSTRUCTIONS =
  'To move an item, press Space or Enter on its handle, then the arrow keys: up and down within ' +
  'a day, left and right to another day when the days stand side by side. Space or Enter drops ' +
  'it, Escape puts it back. Its menu also moves it, to any day.';

/**
 * The plan laid out (issue #39): the trip's days, what is outside its dates, and the ideas;
 * stacked in the board's widget and on a phone, side by side as columns when wide (expanded).
 * Items are dragged within a day and across days and the ideas with @dnd-kit (mouse, touch, the
 * keyboard, each step announced), or moved from their menu; a move writes one key between the
 * new neighbours' (rankAt) and shows at once.
 */
export function PlanBoard({
  trip,
  items,
  members,
  roomy,
  onAdd,
  onEdit,
  onRemove,
}: {
  trip: Trip;
  items: readonly ItineraryItem[];
  members: TripMember[] | undefined;
  roomy: boolean;
  onAdd: (day: string | null, opener: HTMLElement) => void;
  onEdit: (item: ItineraryItem, opener: HTMLElement) => void;
  onRemove: (item: ItineraryItem) => void;
}) {
  const rootRef = useRef<HTMLDivElement>(null);
  const move = useMovePlanItem(trip.id);
  const days = planDaysOf(trip);
  const plan = groupPlan(items, days);
  const settled = sectionsOf(plan);
  const byId = new Map(items.map((item) => [item.id, item]));
  const [drag, setDrag] = useState<Drag | null>(null);
  const [status, setStatus] = useState('');
  const [moving, setMoving] = useState<{ item: ItineraryItem | null; open: boolean }>({
    item: null,
    open: false,
  });
  if (drag?.droppedOn && drag.droppedOn !== items) {
    // The plan has changed since the drop (the move's preview, or another member's change):
    // it is in charge again. Adjusting state to new props while rendering, as React advises.
    setDrag(null);
  }
  const columns = drag?.columns ?? settled;
  const columnsRef = useRef(columns);
  columnsRef.current = columns;
  const itemsOf = (section: SectionKey) =>
    (columns.get(section) ?? []).flatMap((id) => byId.get(id) ?? []);

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 4 } }),
    // A short hold, so a finger that lands on a handle while scrolling a phone's list scrolls.
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const dayNumber = new Map(plan.days.map((day) => [day.day, day.number]));
  function sectionName(section: SectionKey): string {
    if (section === 'ideas') return 'the ideas';
    if (section === 'outside') return 'outside the trip’s dates';
    const day = dayOfSection(section)!;
    return `day ${dayNumber.get(day)}, ${formatLongDay(day)}`;
  }
  const titleOf = (id: string | number) => `“${byId.get(String(id))?.title ?? 'item'}”`;
  function whereIs(id: string, within: Columns = columnsRef.current) {
    const section = sectionHolding(within, id);
    if (!section) return '';
    const ids = within.get(section) ?? [];
    return `position ${ids.indexOf(id) + 1} of ${ids.length} in ${sectionName(section)}`;
  }

  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${titleOf(active.id)}, at ${whereIs(String(active.id))}.`,
    onDragOver: ({ active, over }) => {
      if (!over) return `${titleOf(active.id)} is no longer over a day.`;
      const next = moveOver(columnsRef.current, String(active.id), String(over.id));
      return `${titleOf(active.id)} is at ${whereIs(String(active.id), next ?? columnsRef.current)}.`;
    },
    onDragEnd: ({ active, over }) => {
      if (!over) return `${titleOf(active.id)} was dropped where it was.`;
      // Within a list the order is the sorting strategy's until the drop: where it lands is here.
      const landed = moveOver(columnsRef.current, String(active.id), String(over.id));
      return `${titleOf(active.id)} was dropped at ${whereIs(String(active.id), landed ?? columnsRef.current)}.`;
    },
    onDragCancel: ({ active }) =>
      `Moving ${titleOf(active.id)} was cancelled: it is back at ${whereIs(String(active.id), settled)}.`,
  };

  /**
   * What the pointer is over: the item under it, or a list; over a list that has items, its item
   * nearest the pointer (dropping on a list's padding places it there, not at its end).
   */
  const collisions: CollisionDetection = (args) => {
    const pointer = pointerWithin(args);
    const hits = pointer.length > 0 ? pointer : rectIntersection(args);
    let overId = getFirstCollision(hits, 'id');
    if (overId == null) return [];
    const ids = columnsRef.current.get(String(overId) as SectionKey);
    if (ids && ids.length > 0) {
      const nearest = closestCenter({
        ...args,
        droppableContainers: args.droppableContainers.filter((container) =>
          ids.includes(String(container.id)),
        ),
      });
      overId = nearest[0]?.id ?? overId;
    }
    return [{ id: overId }];
  };

  /** Saves where `id` now is in `final`, if it moved: its day, and a key between its neighbours. */
  function place(id: string, final: Columns) {
    const item = byId.get(id);
    const section = sectionHolding(final, id);
    const day = section && dayOfSection(section);
    if (!item || !section || day === undefined) return false;
    const ids = final.get(section) ?? [];
    const from = settled.get(section) ?? [];
    if (item.day === day && from.join() === ids.join()) return false;
    const others = ids.filter((other) => other !== id).flatMap((other) => byId.get(other) ?? []);
    const rank = rankAt(others, ids.indexOf(id));
    move.mutate({ item, day, rank }, { onSettled: () => setDrag(null) });
    return true;
  }

  function handleDragStart({ active }: DragStartEvent) {
    const root = rootRef.current;
    const scale = root?.offsetWidth ? root.getBoundingClientRect().width / root.offsetWidth : 1;
    setStatus('');
    setDrag({ activeId: String(active.id), columns: settled, scale: scale || 1 });
  }

  function handleDragOver({ active, over }: DragOverEvent) {
    if (!over) return;
    setDrag((current) => {
      if (!current || current.droppedOn) return current;
      const from = sectionHolding(current.columns, String(active.id));
      const to = sectionHolding(current.columns, String(over.id));
      // Within a list the sorting strategy shows the order until the drop.
      if (from === to) return current;
      const translated = active.rect.current.translated;
      const below = !!translated && translated.top > over.rect.top + over.rect.height / 2;
      const next = moveOver(current.columns, String(active.id), String(over.id), below);
      return next ? { ...current, columns: next } : current;
    });
  }

  function handleDragEnd({ active, over }: DragEndEvent) {
    if (!drag || !over) {
      setDrag(null);
      return;
    }
    const id = String(active.id);
    const final = moveOver(drag.columns, id, String(over.id)) ?? drag.columns;
    // Shown as dropped until the plan has it: no flick back while the move is on its way.
    setDrag({ ...drag, columns: final, droppedOn: items });
    if (!place(id, final)) setDrag(null);
  }

  /** To the end of a day, or of the ideas (null): "Move to…". */
  function moveTo(item: ItineraryItem, day: string | null) {
    const section = sectionOfDay(day);
    if (!settled.has(section) || item.day === day) return;
    const from = sectionHolding(settled, item.id);
    const final = new Map(settled);
    if (from)
      final.set(
        from,
        (settled.get(from) ?? []).filter((id) => id !== item.id),
      );
    final.set(section, [...(settled.get(section) ?? []), item.id]);
    if (place(item.id, final))
      setStatus(`${titleOf(item.id)} moved to ${whereIs(item.id, final)}.`);
  }

  const actions: PlanItemActions = {
    canMoveUp: (item) => {
      const ids = settled.get(sectionOfDay(item.day)) ?? [];
      return ids.indexOf(item.id) > 0;
    },
    canMoveDown: (item) => {
      const ids = settled.get(sectionOfDay(item.day)) ?? [];
      const index = ids.indexOf(item.id);
      return index >= 0 && index < ids.length - 1;
    },
    moveBy: (item, step) => {
      const section = sectionOfDay(item.day);
      const ids = [...(settled.get(section) ?? [])];
      const index = ids.indexOf(item.id);
      const swap = ids[index + step];
      if (index < 0 || !swap) return;
      ids[index] = swap;
      ids[index + step] = item.id;
      if (place(item.id, new Map(settled).set(section, ids))) {
        setStatus(
          `${titleOf(item.id)} moved to ${whereIs(item.id, new Map(settled).set(section, ids))}.`,
        );
      }
    },
    askMove: (item) => setMoving({ item, open: true }),
    edit: onEdit,
    remove: onRemove,
  };

  const active = drag ? byId.get(drag.activeId) : undefined;
  const common = { members, roomy, actions };

  return (
    <DragScale value={drag?.scale ?? 1}>
      <DndContext
        sensors={sensors}
        collisionDetection={collisions}
        onDragStart={handleDragStart}
        onDragOver={handleDragOver}
        onDragEnd={handleDragEnd}
        onDragCancel={() => setDrag(null)}
        accessibility={{ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
      >
        <div
          ref={rootRef}
          className="grid content-start gap-3 @3xl:flex @3xl:min-h-0 @3xl:flex-1 @3xl:items-stretch @3xl:overflow-x-auto @3xl:pb-2"
        >
          {plan.days.map((day) => (
            <PlanSection
              key={day.day}
              section={sectionOfDay(day.day)}
              title={`Day ${day.number}`}
              subtitle={formatLongDay(day.day)}
              items={itemsOf(sectionOfDay(day.day))}
              overlaps={drag ? [] : day.overlaps}
              empty="Nothing planned yet"
              addLabel={`Add to day ${day.number}`}
              onAdd={(opener) => onAdd(day.day, opener)}
              {...common}
            />
          ))}
          {plan.outside.length > 0 && (
            <PlanSection
              section="outside"
              title="Outside the trip’s dates"
              icon={<CalendarX aria-hidden className="size-4 shrink-0 text-muted-foreground" />}
              note="The trip’s dates changed: move these to one of its days, or to the ideas."
              items={itemsOf('outside')}
              empty=""
              {...common}
            />
          )}
          <PlanSection
            section="ideas"
            title="Ideas"
            subtitle="Not on a day yet"
            icon={<Lightbulb aria-hidden className="size-4 shrink-0 text-primary" />}
            items={itemsOf('ideas')}
            empty="Drop ideas here, or add one"
            // Side by side, the ideas stay in view at the right while the days scroll under them,
            // so any idea can be dragged to any day.
            className="@3xl:sticky @3xl:right-0 @3xl:z-10 @3xl:bg-card @3xl:shadow-xl"
            addLabel="Add an idea"
            onAdd={(opener) => onAdd(null, opener)}
            {...common}
          />
        </div>
        {createPortal(
          <DragOverlay>
            {active && !drag?.droppedOn && (
              <div className="rounded-lg border border-primary/50 bg-card p-2 text-card-foreground shadow-2xl">
                <PlanItemContent item={active} members={members} roomy={roomy} />
              </div>
            )}
          </DragOverlay>,
          document.body,
        )}
      </DndContext>
      <p role="status" className="sr-only">
        {status}
      </p>
      <MoveItemDialog
        item={moving.item}
        open={moving.open}
        days={plan.days}
        onOpenChange={(open) => setMoving((current) => ({ ...current, open }))}
        onMove={moveTo}
      />
    </DragScale>
  );
}
