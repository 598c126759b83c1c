/**
 * A latency histogram with fixed 0.1 ms buckets up to 60 s (larger values land in the last
 * bucket; the exact maximum is kept aside). Fixed buckets make merging the histograms of
 * several load processes a plain sum, and 0.1 ms is finer than anything the target cares about.
 */
const BUCKET_MS = 0.1;
const BUCKETS = 600_000;

export type Histogram = { counts: Uint32Array; total: number; max: number };
/** What crosses the IPC channel: only the non-empty buckets, as [index, count] pairs. */
export type SparseHistogram = { buckets: [number, number][]; total: number; max: number };

export function createHistogram(): Histogram {
  return { counts: new Uint32Array(BUCKETS), total: 0, max: 0 };
}

export function record(histogram: Histogram, ms: number) {
  const index = Math.min(BUCKETS - 1, Math.max(0, Math.floor(ms / BUCKET_MS)));
  histogram.counts[index]! += 1;
  histogram.total += 1;
  if (ms > histogram.max) histogram.max = ms;
}

export function toSparse(histogram: Histogram): SparseHistogram {
  const buckets: [number, number][] = [];
  histogram.counts.forEach((count, index) => {
    if (count > 0) buckets.push([index, count]);
  });
  return { buckets, total: histogram.total, max: histogram.max };
}

export function merge(parts: SparseHistogram[]): Histogram {
  const merged = createHistogram();
  for (const part of parts) {
    for (const [index, count] of part.buckets) merged.counts[index]! += count;
    merged.total += part.total;
    merged.max = Math.max(merged.max, part.max);
  }
  return merged;
}

/** The upper edge of the bucket holding the p-th percentile (0 < p ≤ 100); NaN when empty. */
export function percentile(histogram: Histogram, p: number): number {
  if (histogram.total === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * histogram.total);
  let seen = 0;
  for (let index = 0; index < histogram.counts.length; index++) {
    seen += histogram.counts[index]!;
    if (seen >= rank) return Math.min((index + 1) * BUCKET_MS, histogram.max);
  }
  return histogram.max;
}
