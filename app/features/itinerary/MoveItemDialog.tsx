import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import type { ItineraryItem } from '../../../shared/contracts/itinerary';
import { dayTitle } from './planText';

const IDEAS = '';

/** The day picker, mounted only while open, so each opening starts from the item's own day. */
function MoveForm({
  item,
  days,
  onMove,
}: {
  item: ItineraryItem;
  days: readonly { day: string; number: number }[];
  onMove: (day: string | null) => void;
}) {
  const id = useId();
  const [day, setDay] = useState(item.day ?? IDEAS);
  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        onMove(day || null);
      }}
    >
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-day`}>Day</Label>
        <NativeSelect id={`${id}-day`} value={day} onChange={(event) => setDay(event.target.value)}>
          <option value={IDEAS}>Ideas (no day yet)</option>
          {days.map(({ day: value, number }) => (
            <option key={value} value={value}>
              {dayTitle(number, value)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit">Move</Button>
      </DialogFooter>
    </form>
  );
}

/**
 * "Move to…": an item to the end of another day, or to the ideas, with a plain select (a phone's
 * own picker; the keyboard's type-ahead) for anyone who does not drag.
 */
export function MoveItemDialog({
  item,
  open,
  days,
  onOpenChange,
  onMove,
}: {
  /** The item to move (kept while the dialog closes). */
  item: ItineraryItem | null;
  open: boolean;
  days: readonly { day: string; number: number }[];
  onOpenChange: (open: boolean) => void;
  onMove: (item: ItineraryItem, day: string | null) => void;
}) {
  return (
    <Dialog open={open && item !== null} onOpenChange={onOpenChange}>
      <DialogContent
        className="sm:max-w-sm"
        // Back to the item's menu, in the list it is in now (a new element when it moved).
        onCloseAutoFocus={(event) => {
          if (!item) return;
          event.preventDefault();
          requestAnimationFrame(() =>
            document
              .querySelector<HTMLElement>(
                `[data-plan-item="${CSS.escape(item.id)}"] [data-item-menu]`,
              )
              ?.focus(),
          );
        }}
      >
        <DialogHeader>
          <DialogTitle>Move to…</DialogTitle>
          <DialogDescription>
            {item ? `“${item.title}” goes at the end of the day you choose.` : ''}
          </DialogDescription>
        </DialogHeader>
        {item && (
          <MoveForm
            item={item}
            days={days}
            onMove={(day) => {
              onMove(item, day);
              onOpenChange(false);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
