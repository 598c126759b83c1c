/**
 * Loaded into the server under test by the soak (`node --import bench/live/loopProbe.mjs
 * dist/server/main.js`), not part of Tripmates: once a second it appends to BENCH_LOOP_FILE how
 * late the server's event loop ran in that second (the longest stall and the 99th percentile)
 * and its resident memory, so the benchmark sees stalls from inside the process without the
 * server knowing it is measured. Plain JavaScript: the built server runs without tsx.
 */
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.BENCH_LOOP_FILE;
if (file) {
  // A 10 ms timer. The histogram holds the whole intervals between its firings (10.2 ms at
  // rest), so a stall is what an interval took beyond the 10 ms.
  const RESOLUTION_MS = 10;
  const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  delay.enable();
  const fd = fs.openSync(file, 'a');
  setInterval(() => {
    const sample = {
      at: Date.now(),
      maxMs: Math.max(0, delay.max / 1e6 - RESOLUTION_MS),
      p99Ms: Math.max(0, delay.percentile(99) / 1e6 - RESOLUTION_MS),
      rssMb: process.memoryUsage.rss() / 1048576,
    };
    delay.reset();
    fs.writeSync(fd, `${JSON.stringify(sample)}\n`);
  }, 1000).unref();
}
