/**
 * The capacity search's arithmetic (capacity.ts), kept apart from the processes it drives so
 * it can be tested on its own.
 */

export type Probe = { trips: number; pass: boolean };

/**
 * The next size to probe after `probes`, or null when the search is done: grow by half again
 * while every probe passes, then halve the gap between the largest pass and the smallest
 * failure until it is one step. Sizes are multiples of `step`.
 */
export function nextProbe(
  probes: Probe[],
  { start, max, step }: { start: number; max: number; step: number },
): number | null {
  if (probes.length === 0) return start;
  const failed = probes.filter((probe) => !probe.pass).map((probe) => probe.trips);
  const smallestFail = failed.length ? Math.min(...failed) : Number.POSITIVE_INFINITY;
  // A pass above a failure is noise at the edge: the failure below it stands.
  const passed = probes.filter((probe) => probe.pass && probe.trips < smallestFail);
  const largestPass = passed.length ? Math.max(...passed.map((probe) => probe.trips)) : 0;
  const round = (trips: number) => Math.max(step, Math.round(trips / step) * step);
  if (smallestFail === Number.POSITIVE_INFINITY) {
    if (largestPass >= max) return null;
    return Math.min(max, Math.max(largestPass + step, round(largestPass * 1.5)));
  }
  if (smallestFail - largestPass <= step) return null;
  const middle = round((largestPass + smallestFail) / 2);
  return Math.min(smallestFail - step, Math.max(largestPass + step, middle));
}

/** The capacity the probes found: the largest size that passed below the smallest failure. */
export function capacityOf(probes: Probe[]) {
  const failed = probes.filter((probe) => !probe.pass).map((probe) => probe.trips);
  const smallestFail = failed.length ? Math.min(...failed) : Number.POSITIVE_INFINITY;
  const passed = probes.filter((probe) => probe.pass && probe.trips < smallestFail);
  return passed.length ? Math.max(...passed.map((probe) => probe.trips)) : 0;
}

/** The run whose `value` is the median of the runs' (the lower middle one for an even count). */
export function medianBy<T>(runs: readonly T[], value: (run: T) => number): T {
  if (runs.length === 0) throw new Error('no runs to take the median of');
  const sorted = [...runs].sort((a, b) => value(a) - value(b));
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}
