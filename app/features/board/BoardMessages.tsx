import { LayoutGrid } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import type { Widget } from '../../../shared/contracts/board';
import { widgetKind } from './widgetCatalog';

/** What the board says in place of its widgets: loading failed, or nothing on it yet. */
export function BoardMessage({
  title,
  text,
  action,
}: {
  title: string;
  text: string;
  action: React.ReactNode;
}) {
  return (
    <div className="grid flex-1 place-items-center p-6">
      <div className="max-w-sm rounded-xl border border-border/70 bg-card/90 p-6 text-center shadow-xl backdrop-blur-md">
        <LayoutGrid aria-hidden className="mx-auto size-8 text-primary" />
        <h2 className="mt-3 text-lg font-semibold">{title}</h2>
        <p className="mt-1 text-sm text-muted-foreground">{text}</p>
        <div className="mt-4">{action}</div>
      </div>
    </div>
  );
}

/** Asks before a widget whose contents cannot be brought back goes, saying what is lost. */
export function ConfirmRemoval({
  widget,
  onCancel,
  onConfirm,
}: {
  widget: Widget | null;
  onCancel: () => void;
  onConfirm: (widget: Widget) => void;
}) {
  return (
    <Dialog open={widget !== null} onOpenChange={(open) => !open && onCancel()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Remove {widget?.title}?</DialogTitle>
          <DialogDescription>{widget && widgetKind(widget.type).removalWarning}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onCancel}>
            Keep it
          </Button>
          <Button type="button" variant="destructive" onClick={() => widget && onConfirm(widget)}>
            Remove
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
