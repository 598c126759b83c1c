import { ArrowDown, ArrowUp, CalendarRange, Ellipsis, Pencil, Trash2 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useRef } from 'react';
import { cn } from '@/lib/utils';
import type { ItineraryItem } from '../../../shared/contracts/itinerary';

/** What an item's menu can do, and where it can go: the board hands these to each item. */
export type PlanItemActions = {
  /** Whether it has a neighbour above (below) in its day to swap with. */
  canMoveUp: (item: ItineraryItem) => boolean;
  canMoveDown: (item: ItineraryItem) => boolean;
  moveBy: (item: ItineraryItem, step: -1 | 1) => void;
  /** Asks where to (a day, or the ideas): "Move to…". */
  askMove: (item: ItineraryItem, opener: HTMLElement) => void;
  edit: (item: ItineraryItem, opener: HTMLElement) => void;
  remove: (item: ItineraryItem) => void;
};

const itemClass = cn(
  'relative flex cursor-default select-none items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none',
  'data-highlighted:bg-accent data-highlighted:text-accent-foreground data-disabled:opacity-50',
  '[&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-muted-foreground',
);
const contentClass =
  'z-[1000] max-h-72 min-w-48 max-w-72 overflow-y-auto rounded-lg border border-border bg-popover p-1 text-popover-foreground shadow-lg';

/**
 * An item's menu: edit, move up or down in its day, move to another day or the ideas, remove.
 * The way to order the plan without dragging (issue #39: mouse, touch and keyboard).
 */
export function PlanItemMenu({ item, actions }: { item: ItineraryItem; actions: PlanItemActions }) {
  const opener = useRef<HTMLButtonElement>(null);
  // What the chosen entry does with focus itself: a dialog takes it; a removed item's list gives
  // it to its Add button.
  const chosen = useRef<'dialog' | 'remove' | null>(null);
  const refocus = (event: Event) => {
    event.preventDefault();
    if (chosen.current) return;
    // The item may have moved to another list, where its button is a new element.
    requestAnimationFrame(() =>
      document
        .querySelector<HTMLElement>(`[data-plan-item="${CSS.escape(item.id)}"] [data-item-menu]`)
        ?.focus(),
    );
  };
  return (
    <DropdownMenu.Root
      onOpenChange={(open) => {
        if (open) chosen.current = null;
      }}
    >
      <DropdownMenu.Trigger
        ref={opener}
        data-item-menu
        aria-label={`More for “${item.title}”`}
        className={cn(
          'grid size-7 place-items-center rounded text-muted-foreground',
          'hover:bg-accent hover:text-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring',
        )}
      >
        <Ellipsis aria-hidden className="size-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          collisionPadding={8}
          className={contentClass}
          onCloseAutoFocus={refocus}
        >
          <DropdownMenu.Item
            className={itemClass}
            onSelect={() => {
              chosen.current = 'dialog';
              // After the menu has closed, so the dialog's focus is not taken back.
              setTimeout(() => opener.current && actions.edit(item, opener.current));
            }}
          >
            <Pencil aria-hidden />
            Edit…
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className={itemClass}
            disabled={!actions.canMoveUp(item)}
            onSelect={() => actions.moveBy(item, -1)}
          >
            <ArrowUp aria-hidden />
            Move up
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className={itemClass}
            disabled={!actions.canMoveDown(item)}
            onSelect={() => actions.moveBy(item, 1)}
          >
            <ArrowDown aria-hidden />
            Move down
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className={itemClass}
            onSelect={() => {
              chosen.current = 'dialog';
              setTimeout(() => opener.current && actions.askMove(item, opener.current));
            }}
          >
            <CalendarRange aria-hidden />
            Move to…
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item
            className={cn(itemClass, 'text-destructive data-highlighted:text-destructive')}
            onSelect={() => {
              chosen.current = 'remove';
              const list = opener.current?.closest('[data-plan-section]');
              requestAnimationFrame(() =>
                list?.querySelector<HTMLElement>('[data-add-item]')?.focus(),
              );
              actions.remove(item);
            }}
          >
            <Trash2 aria-hidden />
            Remove from the plan
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
