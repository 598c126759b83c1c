import { ApiError } from '@/lib/apiError';
import {
  PHOTO_ACCEPT,
  PHOTO_MESSAGES,
  PHOTO_NAME_MAX,
  PHOTO_UPLOADS_AT_ONCE,
  type TripPhoto,
} from '../../../shared/contracts/photos';
import { randomUuid } from '../../../shared/ids';

/** What the queue needs of a file (a File, or a stand-in in tests). */
export type PhotoFile = Pick<File, 'name' | 'size' | 'type'>;

export type UploadOptions = { keepOriginal: boolean };

/** One file on its way to the album, as the upload list shows it. */
export type Upload = {
  /**
   * The photo's id, chosen here (issue #37): sent with the file, so that sending it again (Try
   * again after a cut-off upload the server had saved) adds the photo once.
   */
  id: string;
  name: string;
  /** waiting: behind the ones sending now; failed: refused or cut off, until dismissed. */
  status: 'waiting' | 'sending' | 'failed';
  /** Bytes sent so far, of `size`. */
  sent: number;
  size: number;
  /** Why it failed, for people, naming the file. */
  error: string | null;
  /** Whether sending it again could help (a lost connection, a server fault), unlike a refusal. */
  retryable: boolean;
};

/** A file being sent: its answer, and a way to stop it. */
export type Transfer = { done: Promise<TripPhoto>; abort: () => void };
export type SendPhoto<F extends PhotoFile> = (
  file: F,
  /** The file's name as the album keeps it (uploadName). */
  name: string,
  /** As chosen for the files, and the photo's id (`Upload.id`). */
  options: UploadOptions & { id: string },
  onProgress: (sent: number) => void,
) => Transfer;

const ACCEPTED_TYPES = new Set(PHOTO_ACCEPT.split(','));

/**
 * Why the server would refuse this file, said before a byte is sent: empty, not a picture type
 * (by the browser's idea of its type; one it cannot tell is left to the server, which reads the
 * bytes), or larger than the album takes. Null when it may go.
 */
export function precheckPhoto(file: PhotoFile, fileBytes: number | null): string | null {
  if (file.size === 0) return PHOTO_MESSAGES.emptyUpload(file.name);
  if (file.type && !ACCEPTED_TYPES.has(file.type)) return PHOTO_MESSAGES.notAPhoto(file.name);
  if (fileBytes !== null && file.size > fileBytes) {
    return PHOTO_MESSAGES.tooLarge(file.name, fileBytes);
  }
  return null;
}

/**
 * The name to send for a file: the server takes 1 to PHOTO_NAME_MAX characters, and downloads
 * are named after it, so a long name loses the end of its stem and keeps its extension.
 */
export function uploadName(name: string): string {
  const trimmed = name.trim() || 'photo';
  if (trimmed.length <= PHOTO_NAME_MAX) return trimmed;
  const dot = trimmed.lastIndexOf('.');
  const extension = dot > 0 && trimmed.length - dot <= 10 ? trimmed.slice(dot) : '';
  return trimmed.slice(0, PHOTO_NAME_MAX - extension.length) + extension;
}

/** A failed upload in people's words: the server's own, else what probably happened. */
function describeFailure(error: unknown, name: string) {
  if (error instanceof ApiError) {
    const serverFault = error.status >= 500;
    return {
      error:
        error.serverMessage ??
        `“${name}” could not be added${serverFault ? ': the server had a problem' : ''}. Try again.`,
      retryable: serverFault,
    };
  }
  return {
    error: `“${name}” did not finish uploading. Check your connection and try again.`,
    retryable: true,
  };
}

/**
 * The photos this tab is adding to one album: at most `atOnce` are sent together, the rest wait
 * their turn in the order chosen. Each shows its progress and can be cancelled; a finished one
 * leaves the list (`onUploaded` has its photo), a failed one stays until dismissed or retried.
 * Plain logic, no XMLHttpRequest: `send` does the sending.
 */
export function createUploadQueue<F extends PhotoFile>({
  send,
  onUploaded,
  atOnce = PHOTO_UPLOADS_AT_ONCE,
}: {
  send: SendPhoto<F>;
  onUploaded: (photo: TripPhoto) => void;
  atOnce?: number;
}) {
  type Entry = { upload: Upload; file: F; options: UploadOptions; transfer: Transfer | null };
  let entries: Entry[] = [];
  let snapshot: readonly Upload[] = [];
  const listeners = new Set<() => void>();

  function changed() {
    snapshot = entries.map((entry) => entry.upload);
    for (const listener of listeners) listener();
  }

  function patch(entry: Entry, change: Partial<Upload>) {
    entry.upload = { ...entry.upload, ...change };
  }

  function forget(entry: Entry) {
    entries = entries.filter((other) => other !== entry);
  }

  function start(entry: Entry) {
    patch(entry, { status: 'sending', sent: 0, error: null, retryable: false });
    const options = { ...entry.options, id: entry.upload.id };
    const transfer = send(entry.file, entry.upload.name, options, (sent) => {
      if (entry.transfer !== transfer) return;
      patch(entry, { sent: Math.min(sent, entry.upload.size) });
      changed();
    });
    entry.transfer = transfer;
    transfer.done.then(
      (photo) => {
        // Cancelled meanwhile: it is gone from the list, and what it did no longer counts.
        if (entry.transfer !== transfer) return;
        entry.transfer = null;
        forget(entry);
        onUploaded(photo);
        pump();
      },
      (error: unknown) => {
        if (entry.transfer !== transfer) return;
        entry.transfer = null;
        patch(entry, { status: 'failed', ...describeFailure(error, entry.upload.name) });
        pump();
      },
    );
  }

  /** Starts waiting uploads while there is room, then tells the listeners. */
  function pump() {
    let sending = entries.filter((entry) => entry.upload.status === 'sending').length;
    for (const entry of entries) {
      if (sending >= atOnce) break;
      if (entry.upload.status !== 'waiting') continue;
      start(entry);
      sending += 1;
    }
    changed();
  }

  function find(id: string) {
    return entries.find((entry) => entry.upload.id === id);
  }

  return {
    /**
     * Files chosen or dropped: each is checked at once (one the album would refuse fails here,
     * with its reason) and the others queue. `fileBytes`: the album's limit, when known.
     */
    add(files: readonly F[], options: UploadOptions, fileBytes: number | null) {
      for (const file of files) {
        const name = uploadName(file.name);
        const refusal = precheckPhoto({ name, size: file.size, type: file.type }, fileBytes);
        entries.push({
          file,
          options,
          transfer: null,
          upload: {
            id: randomUuid(),
            name,
            status: refusal ? 'failed' : 'waiting',
            sent: 0,
            size: file.size,
            error: refusal,
            retryable: false,
          },
        });
      }
      pump();
    },
    /** Stops an upload (sending or waiting) and takes it off the list. */
    cancel(id: string) {
      const entry = find(id);
      if (!entry) return;
      entry.transfer?.abort();
      entry.transfer = null;
      forget(entry);
      pump();
    },
    /** Takes a failed upload off the list. */
    dismiss(id: string) {
      const entry = find(id);
      if (entry?.upload.status !== 'failed') return;
      forget(entry);
      changed();
    },
    /** Sends a failed upload again, behind the ones waiting. */
    retry(id: string) {
      const entry = find(id);
      if (!entry?.upload.retryable) return;
      forget(entry);
      patch(entry, { status: 'waiting', sent: 0, error: null, retryable: false });
      entries.push(entry);
      pump();
    },
    /** The list as it stands: the same array until something changes (useSyncExternalStore). */
    getSnapshot: () => snapshot,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export type UploadQueue<F extends PhotoFile = File> = ReturnType<typeof createUploadQueue<F>>;
