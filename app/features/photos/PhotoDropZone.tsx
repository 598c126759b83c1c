import { ImagePlus } from 'lucide-react';
import { type DragEvent, type ReactNode, useRef, useState } from 'react';
import { cn } from '@/lib/utils';

const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/**
 * Files dragged from the computer onto the widget become uploads. While files are over it, it
 * says so. Anything else dragged (text, a link, a widget) passes by untouched.
 */
export function PhotoDropZone({
  onFiles,
  className,
  children,
}: {
  onFiles: (files: File[]) => void;
  className?: string;
  children: ReactNode;
}) {
  const [over, setOver] = useState(false);
  // dragenter and dragleave fire for every child crossed: over while more entered than left.
  const depth = useRef(0);

  function handleDragEnter(event: DragEvent) {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    depth.current += 1;
    setOver(true);
  }

  function handleDragOver(event: DragEvent) {
    if (!carriesFiles(event)) return;
    // Without this the browser would open the dropped file in place of Tripmates.
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  }

  function handleDragLeave(event: DragEvent) {
    if (!carriesFiles(event)) return;
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setOver(false);
  }

  function handleDrop(event: DragEvent) {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    depth.current = 0;
    setOver(false);
    const files = [...event.dataTransfer.files];
    if (files.length > 0) onFiles(files);
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping files is the mouse's shortcut; Add photos is the way for everyone
    <div
      data-testid="photo-drop-zone"
      onDragEnter={handleDragEnter}
      onDragOver={handleDragOver}
      onDragLeave={handleDragLeave}
      onDrop={handleDrop}
      className={cn('relative', className)}
    >
      {children}
      {over && (
        <div className="pointer-events-none absolute inset-1 z-10 flex flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed border-primary bg-background/90 text-center font-medium text-foreground">
          <ImagePlus aria-hidden className="size-8 text-primary" />
          Drop photos to add them
        </div>
      )}
    </div>
  );
}
