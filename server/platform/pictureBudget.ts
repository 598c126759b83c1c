/** So many pictures wait to be processed that another would wait too long: try again later. */
export class ProcessingBusy extends Error {
  override name = 'ProcessingBusy';
}

export type PictureBudgetOptions = {
  /** The memory all the pictures being processed may hold together, in bytes. */
  bytes: number;
  /** The most pictures processed at once, whatever their size. */
  atOnce: number;
  /** The most pictures waiting their turn; past that, another is refused (ProcessingBusy). */
  maxWaiting: number;
};

/**
 * Pictures processed within a memory budget, in the order they come: each says what it will
 * hold at its peak (its working bytes) and waits until that fits beside what the pictures in
 * hand hold. First come, first served: a large picture at the head of the line is not overtaken
 * by small ones, so it never waits for ever. A picture larger than the whole budget (which the
 * pixel limits keep out) would run alone rather than never.
 */
export class PictureBudget {
  #running = 0;
  #inHand = 0;
  readonly #waiting: { bytes: number; start: () => void }[] = [];

  constructor(readonly options: PictureBudgetOptions) {}

  /** What is being processed now, and what waits (for tests and logs). */
  get state() {
    return { running: this.#running, inHand: this.#inHand, waiting: this.#waiting.length };
  }

  #fits(bytes: number) {
    return (
      this.#running === 0 ||
      (this.#running < this.options.atOnce && this.#inHand + bytes <= this.options.bytes)
    );
  }

  #take(bytes: number) {
    this.#running += 1;
    this.#inHand += bytes;
  }

  #admitWaiting() {
    while (this.#waiting.length > 0 && this.#fits(this.#waiting[0]!.bytes)) {
      const next = this.#waiting.shift()!;
      this.#take(next.bytes);
      next.start();
    }
  }

  /** Runs `work` once `bytes` fit in the budget; its share is given back however it ends. */
  async run<T>(bytes: number, work: () => Promise<T>): Promise<T> {
    if (this.#waiting.length === 0 && this.#fits(bytes)) {
      this.#take(bytes);
    } else {
      if (this.#waiting.length >= this.options.maxWaiting) {
        throw new ProcessingBusy(`${this.#waiting.length} pictures waiting`);
      }
      await new Promise<void>((start) => this.#waiting.push({ bytes, start }));
    }
    try {
      return await work();
    } finally {
      this.#running -= 1;
      this.#inHand -= bytes;
      this.#admitWaiting();
    }
  }
}
