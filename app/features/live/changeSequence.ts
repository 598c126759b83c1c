import type { TripChange, TripChangesSince } from '../../../shared/contracts/live';

export type ChangeSequenceOptions = {
  /** Writes one change into what the tab shows. */
  apply: (change: TripChange) => void;
  /** Asks the server for the trip's changes after `seq` (GET /api/trips/{tripId}/changes). */
  fetchSince: (seq: number) => Promise<TripChangesSince>;
  /** What the tab shows is fetched anew: the changes missed are not all kept, or asking failed. */
  refetchAll: () => void;
};

type Numbered = { seq: number; change: TripChange | null };

/**
 * One trip's changes in the order the server numbered them (issue #37). A tab counts the changes
 * it has; one that arrives with a number skipped — a change lost on its way, as when Redis was
 * down and another instance's never reached this one — or a rejoin that finds the trip further
 * on, makes it ask for just what it missed, and it applies what arrives meanwhile after that.
 * Only when the server no longer keeps them all does it fetch what it shows anew.
 */
export function createChangeSequence(options: ChangeSequenceOptions) {
  /** The last change this tab has, or null before its first join. */
  let last: number | null = null;
  let catchingUp = false;
  const waiting: Numbered[] = [];

  function take({ seq, change }: Numbered) {
    if (last !== null && seq <= last) return; // had it already (a catch-up brought it)
    if (change) options.apply(change);
    last = seq;
  }

  /** Applies what waits in order, as far as the numbers run without a gap; true if all did. */
  function drain(): boolean {
    waiting.sort((a, b) => a.seq - b.seq);
    while (waiting.length > 0) {
      const next = waiting[0]!;
      if (last !== null && next.seq > last + 1) return false;
      waiting.shift();
      take(next);
    }
    return true;
  }

  async function catchUp() {
    if (catchingUp || last === null) return;
    catchingUp = true;
    let answer: TripChangesSince | null = null;
    try {
      try {
        answer = await options.fetchSince(last);
      } catch {
        // Offline again, or the server had a problem: the refetch below will have it all.
      }
      if (answer?.changes) {
        for (const change of answer.changes) take(change);
      } else {
        options.refetchAll();
        const newest = Math.max(answer?.seq ?? 0, ...waiting.map((message) => message.seq));
        last = Math.max(last ?? 0, newest);
      }
    } finally {
      catchingUp = false;
    }
    // Whatever arrived meanwhile follows. A gap still open is asked for again when its changes
    // were numbered after the answer was read; one the answer should have closed means the
    // count is wrong: what the tab shows is fetched anew, and counted from there.
    if (drain()) return;
    const wanted = waiting[0]!.seq - 1;
    if (answer?.changes && answer.seq >= wanted) {
      options.refetchAll();
      last = Math.max(...waiting.map((message) => message.seq));
      waiting.length = 0;
    } else void catchUp();
  }

  function arrived(message: Numbered) {
    if (last === null) {
      // Before the first join's answer: applied as it comes, counted from the join.
      if (message.change) options.apply(message.change);
      return;
    }
    waiting.push(message);
    if (!catchingUp && !drain()) void catchUp();
  }

  return {
    /** Another member's change; `seq` undefined: one outside the sequence, applied as it is. */
    received(change: TripChange, seq: number | undefined) {
      if (seq === undefined) options.apply(change);
      else arrived({ seq, change });
    },
    /** This tab's own change `seq`: it has it, and counts it. */
    seen(seq: number) {
      arrived({ seq, change: null });
    },
    /**
     * The tab is in the trip's room, which is at change `seq`. The first time, the count starts
     * there; after a reconnect or a resync, what came since the last change it has is fetched.
     * Answers whether the tab was counting already.
     */
    joined(seq: number): boolean {
      if (last === null) {
        last = seq;
        drain();
        return false;
      }
      if (seq > last) void catchUp();
      else if (seq < last) {
        // The server's count went back (its database restored, say): start again from it.
        last = seq;
        options.refetchAll();
      }
      return true;
    },
    /**
     * Changes may have been lost on the server's side (`resync`): ask what came since — or,
     * before the tab is counting, fetch what it shows anew.
     */
    resync() {
      if (last === null) options.refetchAll();
      else void catchUp();
    },
    get last() {
      return last;
    },
  };
}

export type ChangeSequence = ReturnType<typeof createChangeSequence>;
