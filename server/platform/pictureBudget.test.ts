import { describe, expect, it } from 'vitest';
import { PictureBudget, ProcessingBusy } from './pictureBudget';
import type { PictureType } from './pictureType';
import { maxMegapixels, PICTURE_BUDGET_BYTES, TooManyPixels, workingBytes } from './pictureWork';

/** A picture's work that starts when the budget lets it, and ends when the test says. */
function job(budget: PictureBudget, bytes: number, log: number[]) {
  let finish!: (fail?: Error) => void;
  let started!: () => void;
  const start = new Promise<void>((resolve) => {
    started = resolve;
  });
  const done = budget.run(bytes, () => {
    log.push(bytes);
    started();
    return new Promise<number>((resolve, reject) => {
      finish = (fail) => (fail ? reject(fail) : resolve(bytes));
    });
  });
  return { start, done, finish: (fail?: Error) => finish(fail) };
}

describe('PictureBudget', () => {
  it('runs pictures while what they hold fits, the others in the order they came', async () => {
    const budget = new PictureBudget({ bytes: 100, atOnce: 4, maxWaiting: 10 });
    const log: number[] = [];
    const large = job(budget, 60, log);
    const medium = job(budget, 30, log);
    await Promise.all([large.start, medium.start]);
    // 90 in hand: 20 more would pass 100, and 5 waits behind it rather than overtake it.
    const next = job(budget, 20, log);
    const small = job(budget, 5, log);
    expect(budget.state).toEqual({ running: 2, inHand: 90, waiting: 2 });

    large.finish();
    await Promise.all([next.start, small.start]);
    expect(log).toEqual([60, 30, 20, 5]);
    expect(budget.state).toEqual({ running: 3, inHand: 55, waiting: 0 });
    medium.finish();
    next.finish();
    small.finish();
    expect(await Promise.all([large.done, medium.done, next.done, small.done])).toEqual([
      60, 30, 20, 5,
    ]);
    expect(budget.state).toEqual({ running: 0, inHand: 0, waiting: 0 });
  });

  it('runs no more at once than it is told, however small they are', async () => {
    const budget = new PictureBudget({ bytes: 100, atOnce: 2, maxWaiting: 10 });
    const log: number[] = [];
    const [a, b, c] = [job(budget, 1, log), job(budget, 2, log), job(budget, 3, log)];
    await Promise.all([a.start, b.start]);
    expect(budget.state).toEqual({ running: 2, inHand: 3, waiting: 1 });
    b.finish();
    await c.start;
    expect(log).toEqual([1, 2, 3]);
    a.finish();
    c.finish();
    await Promise.all([a.done, b.done, c.done]);
  });

  it('runs a picture larger than the whole budget alone, rather than never', async () => {
    const budget = new PictureBudget({ bytes: 100, atOnce: 4, maxWaiting: 10 });
    const log: number[] = [];
    const huge = job(budget, 500, log);
    await huge.start;
    const after = job(budget, 1, log);
    expect(budget.state).toEqual({ running: 1, inHand: 500, waiting: 1 });
    huge.finish();
    await after.start;
    after.finish();
    await Promise.all([huge.done, after.done]);
  });

  it('gives back what a picture held when its work fails', async () => {
    const budget = new PictureBudget({ bytes: 100, atOnce: 4, maxWaiting: 10 });
    const log: number[] = [];
    const failing = job(budget, 80, log);
    await failing.start;
    const next = job(budget, 80, log);
    failing.finish(new Error('damaged'));
    await expect(failing.done).rejects.toThrow('damaged');
    await next.start;
    expect(budget.state).toEqual({ running: 1, inHand: 80, waiting: 0 });
    next.finish();
    await next.done;
  });

  it('refuses a picture past the waiting line’s length, and takes one again once it moves', async () => {
    const budget = new PictureBudget({ bytes: 100, atOnce: 1, maxWaiting: 2 });
    const log: number[] = [];
    const running = job(budget, 10, log);
    await running.start;
    const waiting = [job(budget, 10, log), job(budget, 10, log)];
    await expect(budget.run(10, async () => 0)).rejects.toBeInstanceOf(ProcessingBusy);
    running.finish();
    await waiting[0]!.start;
    const again = job(budget, 10, log);
    expect(budget.state).toEqual({ running: 1, inHand: 10, waiting: 2 });
    for (const item of [...waiting, again]) {
      await item.start.then(() => item.finish());
      await item.done;
    }
  });
});

describe('the pictures’ budget and limits', () => {
  const types: PictureType[] = [
    'image/jpeg',
    'image/png',
    'image/webp',
    'image/gif',
    'image/avif',
    'image/heic',
  ];

  it('names each type’s limit, which the budget holds one picture of at a time', () => {
    expect(Object.fromEntries(types.map((type) => [type, maxMegapixels(type)]))).toEqual({
      'image/jpeg': 50,
      'image/png': 50,
      'image/webp': 30,
      'image/gif': 40,
      'image/avif': 15,
      'image/heic': 15,
    });
    for (const type of types) {
      const limit = maxMegapixels(type) * 1_000_000;
      expect(workingBytes(type, limit), type).toBeLessThanOrEqual(PICTURE_BUDGET_BYTES);
    }
  });

  it('holds two 12-megapixel phone photos at once, and one 49-megapixel one', () => {
    const phone = workingBytes('image/jpeg', 4032 * 3024);
    expect(2 * phone).toBeLessThanOrEqual(PICTURE_BUDGET_BYTES);
    // The probe's 81 megapixels is refused; at the limit, two at once would pass the budget.
    expect(2 * workingBytes('image/jpeg', 7000 * 7000)).toBeGreaterThan(PICTURE_BUDGET_BYTES);
    expect(new TooManyPixels('image/jpeg', 81_000_000).message).toContain('50 megapixels');
  });
});
