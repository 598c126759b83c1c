import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/apiError';
import { deferred } from '@/test/api';
import { PHOTO_NAME_MAX, type TripPhoto } from '../../../shared/contracts/photos';
import { makeTripPhoto } from './photoTestData';
import {
  createUploadQueue,
  type PhotoFile,
  precheckPhoto,
  type Transfer,
  uploadName,
} from './uploadQueue';

const MB = 1024 * 1024;
const LIMIT = 25 * MB;

const file = (name: string, size = MB, type = 'image/jpeg'): PhotoFile => ({ name, size, type });

describe('precheckPhoto', () => {
  it('lets photos of the accepted types within the limit go', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/heic']) {
      expect(precheckPhoto(file('a', LIMIT, type), LIMIT)).toBeNull();
    }
  });

  it('names the file and the limit of a file too large', () => {
    expect(precheckPhoto(file('villa.jpg', LIMIT + 1), LIMIT)).toBe(
      '“villa.jpg” is too large: a photo can be up to 25 MB.',
    );
  });

  it('names a file that is not a photo, before its size', () => {
    expect(precheckPhoto(file('ferry.pdf', LIMIT * 4, 'application/pdf'), LIMIT)).toBe(
      '“ferry.pdf” is not a photo Tripmates can use. Choose a JPEG, PNG, WebP or AVIF picture.',
    );
    expect(precheckPhoto(file('anim.gif', MB, 'image/gif'), LIMIT)).toMatch(/^“anim.gif” is not/);
  });

  it('refuses an empty file', () => {
    expect(precheckPhoto(file('empty.jpg', 0), LIMIT)).toBe('“empty.jpg” is empty.');
  });

  it('leaves a file of no known type, and the size while the limit is unknown, to the server', () => {
    expect(precheckPhoto(file('IMG_0001', MB, ''), LIMIT)).toBeNull();
    expect(precheckPhoto(file('huge.jpg', LIMIT * 10), null)).toBeNull();
  });
});

describe('uploadName', () => {
  it('keeps a name as it is, trimmed', () => {
    expect(uploadName('  Beach day.jpg ')).toBe('Beach day.jpg');
  });

  it('names a file without a name', () => {
    expect(uploadName('   ')).toBe('photo');
  });

  it('shortens a long name to what the server takes, keeping its extension', () => {
    const name = uploadName(`${'a'.repeat(400)}.jpeg`);
    expect(name).toHaveLength(PHOTO_NAME_MAX);
    expect(name.endsWith('a.jpeg')).toBe(true);
  });
});

/** A stand-in for sending: each call waits until the test answers it. */
function fakeSender() {
  const sent: {
    name: string;
    keepOriginal: boolean;
    id: string;
    progress: (bytes: number) => void;
    answer: ReturnType<typeof deferred<TripPhoto>>;
    reject: (error: unknown) => void;
    abort: ReturnType<typeof vi.fn>;
  }[] = [];
  const send = vi.fn(
    (
      _file: PhotoFile,
      name: string,
      { keepOriginal, id }: { keepOriginal: boolean; id: string },
      progress: (bytes: number) => void,
    ): Transfer => {
      const answer = deferred<TripPhoto>();
      let reject!: (error: unknown) => void;
      const done = new Promise<TripPhoto>((resolve, fail) => {
        answer.promise.then(resolve);
        reject = fail;
      });
      const abort = vi.fn();
      sent.push({ name, keepOriginal, id, progress, answer, reject, abort });
      return { done, abort };
    },
  );
  return { send, sent };
}

function setUp(atOnce = 2) {
  const { send, sent } = fakeSender();
  const uploaded: TripPhoto[] = [];
  const queue = createUploadQueue<PhotoFile>({
    send,
    onUploaded: (photo) => uploaded.push(photo),
    atOnce,
  });
  const listener = vi.fn();
  queue.subscribe(listener);
  const list = () =>
    queue.getSnapshot().map(({ name, status, sent: bytes, error }) => ({
      name,
      status,
      sent: bytes,
      ...(error ? { error } : {}),
    }));
  return { queue, send, sent, uploaded, listener, list };
}

/** Lets the queue see settled transfers. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the upload queue', () => {
  it('sends two at once, in the order chosen; the next starts as one finishes', async () => {
    const { queue, sent, uploaded, list } = setUp();
    queue.add([file('1.jpg'), file('2.jpg'), file('3.jpg')], { keepOriginal: true }, LIMIT);
    expect(sent.map((call) => call.name)).toEqual(['1.jpg', '2.jpg']);
    expect(sent[0]?.keepOriginal).toBe(true);
    expect(list().map((upload) => upload.status)).toEqual(['sending', 'sending', 'waiting']);

    sent[1]!.answer.resolve(makeTripPhoto('p2'));
    await settle();
    // Finished: off the list, into the album; the third one goes.
    expect(uploaded.map((photo) => photo.id)).toEqual(['p2']);
    expect(list().map((upload) => [upload.name, upload.status])).toEqual([
      ['1.jpg', 'sending'],
      ['3.jpg', 'sending'],
    ]);
    expect(sent.map((call) => call.name)).toEqual(['1.jpg', '2.jpg', '3.jpg']);
  });

  it('shows each file’s progress, never past its size', () => {
    const { queue, sent, list, listener } = setUp();
    queue.add([file('a.jpg', 1000)], { keepOriginal: false }, LIMIT);
    listener.mockClear();
    sent[0]!.progress(400);
    expect(list()[0]).toMatchObject({ status: 'sending', sent: 400 });
    expect(listener).toHaveBeenCalledTimes(1);
    sent[0]!.progress(1200);
    expect(list()[0]?.sent).toBe(1000);
  });

  it('keeps the same list until something changes', () => {
    const { queue } = setUp();
    const empty = queue.getSnapshot();
    expect(queue.getSnapshot()).toBe(empty);
    queue.add([file('a.jpg')], { keepOriginal: false }, LIMIT);
    const one = queue.getSnapshot();
    expect(one).not.toBe(empty);
    expect(queue.getSnapshot()).toBe(one);
  });

  it('fails a file the album would refuse at once, without sending it, and sends the rest', () => {
    const { queue, sent, list } = setUp();
    queue.add(
      [file('huge.jpg', LIMIT + 1), file('notes.txt', 10, 'text/plain'), file('ok.jpg')],
      { keepOriginal: false },
      LIMIT,
    );
    expect(sent.map((call) => call.name)).toEqual(['ok.jpg']);
    expect(list()).toEqual([
      {
        name: 'huge.jpg',
        status: 'failed',
        sent: 0,
        error: '“huge.jpg” is too large: a photo can be up to 25 MB.',
      },
      {
        name: 'notes.txt',
        status: 'failed',
        sent: 0,
        error:
          '“notes.txt” is not a photo Tripmates can use. Choose a JPEG, PNG, WebP or AVIF picture.',
      },
      { name: 'ok.jpg', status: 'sending', sent: 0 },
    ]);
  });

  it('cancels a file being sent (aborted, off the list) and one waiting (never sent)', async () => {
    const { queue, sent, uploaded, list } = setUp(1);
    queue.add([file('1.jpg'), file('2.jpg'), file('3.jpg')], { keepOriginal: false }, LIMIT);
    const [first, , third] = queue.getSnapshot();
    queue.cancel(third!.id);
    queue.cancel(first!.id);
    expect(sent[0]?.abort).toHaveBeenCalledOnce();
    expect(list().map((upload) => [upload.name, upload.status])).toEqual([['2.jpg', 'sending']]);
    expect(sent.map((call) => call.name)).toEqual(['1.jpg', '2.jpg']);

    // The cancelled request's late answer changes nothing.
    sent[0]!.answer.resolve(makeTripPhoto('late'));
    await settle();
    expect(uploaded).toEqual([]);
    expect(list()).toHaveLength(1);
  });

  it('shows the server’s refusal, which can be dismissed but not retried', async () => {
    const { queue, sent, list } = setUp();
    queue.add([file('scan.heic', MB, 'image/heic')], { keepOriginal: false }, LIMIT);
    const message = '“scan.heic” is a HEIC photo, which Tripmates cannot read yet.';
    sent[0]!.reject(new ApiError(422, JSON.stringify({ code: 'unreadable_image', message })));
    await settle();
    expect(list()).toEqual([{ name: 'scan.heic', status: 'failed', sent: 0, error: message }]);
    const [failed] = queue.getSnapshot();
    expect(failed?.retryable).toBe(false);
    queue.retry(failed!.id);
    expect(sent).toHaveLength(1);
    queue.dismiss(failed!.id);
    expect(list()).toEqual([]);
  });

  it('offers to send again after a lost connection, behind the ones waiting', async () => {
    const { queue, sent, list } = setUp(1);
    queue.add([file('1.jpg'), file('2.jpg')], { keepOriginal: false }, LIMIT);
    sent[0]!.reject(new TypeError('The upload was cut off'));
    await settle();
    const [failed] = queue.getSnapshot();
    expect(failed).toMatchObject({
      status: 'failed',
      retryable: true,
      error: '“1.jpg” did not finish uploading. Check your connection and try again.',
    });
    queue.retry(failed!.id);
    expect(list().map((upload) => [upload.name, upload.status])).toEqual([
      ['2.jpg', 'sending'],
      ['1.jpg', 'waiting'],
    ]);
    sent[1]!.answer.resolve(makeTripPhoto('p2'));
    await settle();
    expect(sent.map((call) => call.name)).toEqual(['1.jpg', '2.jpg', '1.jpg']);
    // Sent again with the photo's id it had: had the server saved it, it is added once (#37).
    expect(sent[2]!.id).toBe(sent[0]!.id);
    expect(sent[1]!.id).not.toBe(sent[0]!.id);
    expect(failed!.id).toBe(sent[0]!.id);
  });

  it('keeps a failed upload on the list while the others go on', async () => {
    const { queue, sent, list } = setUp();
    queue.add([file('1.jpg'), file('2.jpg'), file('3.jpg')], { keepOriginal: false }, LIMIT);
    sent[0]!.reject(new ApiError(413, '{"code":"album_full","message":"The album is full."}'));
    await settle();
    expect(list().map((upload) => [upload.name, upload.status])).toEqual([
      ['1.jpg', 'failed'],
      ['2.jpg', 'sending'],
      ['3.jpg', 'sending'],
    ]);
  });

  it('says the server had a problem when it gave no message', async () => {
    const { queue, sent } = setUp();
    queue.add([file('a.jpg')], { keepOriginal: false }, LIMIT);
    sent[0]!.reject(new ApiError(502, '<html>Bad Gateway</html>'));
    await settle();
    expect(queue.getSnapshot()[0]).toMatchObject({
      error: '“a.jpg” could not be added: the server had a problem. Try again.',
      retryable: true,
    });
  });
});
