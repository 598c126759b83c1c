import { CircleAlert, ImageUp, RotateCw, X } from 'lucide-react';
import { cn } from '@/lib/utils';
import type { Upload, UploadQueue } from './uploadQueue';

const ICON_BUTTON =
  'grid size-7 shrink-0 place-items-center rounded-md text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring';

/**
 * This tab's uploads: each file with its progress and a Cancel; a failed one with its reason, a
 * Dismiss, and Try again when sending it again could help. Finished ones have left the list.
 */
export function UploadList({
  uploads,
  queue,
  className,
}: {
  uploads: readonly Upload[];
  queue: Pick<UploadQueue, 'cancel' | 'dismiss' | 'retry'>;
  className?: string;
}) {
  if (uploads.length === 0) return null;
  return (
    <ul aria-label="Uploads" className={cn('grid gap-2', className)}>
      {uploads.map((upload) => (
        <li key={upload.id} className="grid gap-1 rounded-lg border border-border/70 px-2 py-1.5">
          <div className="flex min-w-0 items-center gap-2">
            {upload.status === 'failed' ? (
              <CircleAlert aria-hidden className="size-4 shrink-0 text-destructive" />
            ) : (
              <ImageUp aria-hidden className="size-4 shrink-0 text-muted-foreground" />
            )}
            <span className="min-w-0 flex-1 truncate text-sm">{upload.name}</span>
            {upload.status !== 'failed' && (
              <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
                {progressText(upload)}
              </span>
            )}
            {upload.status === 'failed' && upload.retryable && (
              <button
                type="button"
                aria-label={`Try ${upload.name} again`}
                className={ICON_BUTTON}
                onClick={() => queue.retry(upload.id)}
              >
                <RotateCw aria-hidden className="size-4" />
              </button>
            )}
            {/* Once every byte has gone the server is making the photo ready and will keep it:
                a Cancel then would only hide it from this tab. */}
            {!processing(upload) && (
              <button
                type="button"
                aria-label={
                  upload.status === 'failed'
                    ? `Dismiss ${upload.name}`
                    : `Cancel uploading ${upload.name}`
                }
                className={ICON_BUTTON}
                onClick={() =>
                  upload.status === 'failed' ? queue.dismiss(upload.id) : queue.cancel(upload.id)
                }
              >
                <X aria-hidden className="size-4" />
              </button>
            )}
          </div>
          {upload.status === 'failed' ? (
            <p role="alert" className="text-sm text-foreground">
              {upload.error}
            </p>
          ) : (
            <div
              role="progressbar"
              aria-label={upload.name}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent(upload)}
              aria-valuetext={progressText(upload)}
              className="h-1.5 overflow-hidden rounded-full bg-muted"
            >
              <div
                className="h-full rounded-full bg-primary transition-[width]"
                style={{ width: `${percent(upload)}%` }}
              />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

const percent = (upload: Upload) =>
  upload.size > 0 ? Math.floor((upload.sent / upload.size) * 100) : 0;

/** Every byte has gone: the server is making the thumbnail and the other sizes. */
const processing = (upload: Upload) =>
  upload.status !== 'failed' && upload.status !== 'waiting' && upload.sent >= upload.size;

function progressText(upload: Upload) {
  if (upload.status === 'waiting') return 'Waiting';
  if (processing(upload)) return 'Processing…';
  return `${percent(upload)}%`;
}
