import { CALL_WARNING_MINUTES } from '../../../shared/contracts/calls';

export type TimedCall = { id: string; startedAt: Date; limitMinutes: number | null };

/**
 * The time of each call going on (spec §9: Free 10-minute calls, Premium 60, Pro no limit):
 * `warn` at 2 and 1 minute(s) left, then `end` at the limit. `minuteMs` is a minute's length
 * (shorter in tests and demos). A call is watched once however often it is seen; a warning whose
 * moment passed before the call was seen is not given late, but an end is, at once.
 */
export function createCallClock<C extends TimedCall>(
  minuteMs: number,
  handlers: {
    warn(call: C, minutesLeft: number): void;
    end(call: C): void;
  },
  now: () => number = Date.now,
) {
  const watched = new Map<string, NodeJS.Timeout[]>();

  return {
    watch(call: C) {
      if (call.limitMinutes === null || watched.has(call.id)) return;
      const endsAt = call.startedAt.getTime() + call.limitMinutes * minuteMs;
      const timers: NodeJS.Timeout[] = [];
      for (const minutesLeft of CALL_WARNING_MINUTES) {
        if (minutesLeft >= call.limitMinutes) continue; // it would come at the start
        const delay = endsAt - minutesLeft * minuteMs - now();
        if (delay >= 0) timers.push(setTimeout(() => handlers.warn(call, minutesLeft), delay));
      }
      timers.push(
        setTimeout(
          () => {
            watched.delete(call.id);
            handlers.end(call);
          },
          Math.max(0, endsAt - now()),
        ),
      );
      watched.set(call.id, timers);
    },
    /** The call ended another way (fewer than two left): no warning or end for it any more. */
    forget(callId: string) {
      for (const timer of watched.get(callId) ?? []) clearTimeout(timer);
      watched.delete(callId);
    },
    close() {
      for (const timers of watched.values()) for (const timer of timers) clearTimeout(timer);
      watched.clear();
    },
  };
}

/** When a call at its plan's limit ends, on the server's clock; null: it has no limit. */
export function callEndsAt(call: TimedCall, minuteMs: number): Date | null {
  return call.limitMinutes === null
    ? null
    : new Date(call.startedAt.getTime() + call.limitMinutes * minuteMs);
}
