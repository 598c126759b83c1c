/**
 * Photo sharing (issue #23): upload throughput and time to thumbnail for a 5 MB photo, through
 * the real server beside a bare peer (bench/photos/peer.ts) that makes the same variants with
 * the same code and does nothing else, in one run:
 *
 *   npm run build && npm run bench:photos
 *
 * 1. Time to thumbnail: one person uploads a ~5 MB, 12-megapixel JPEG and then fetches its
 *    thumbnail, BENCH_ROUNDS (8) times in turn: from the first byte sent to the thumbnail's last
 *    byte received (the peer: to its answer, with the thumbnail on its disk).
 * 2. Throughput: BENCH_UPLOADERS (4) people upload at once, BENCH_UPLOADS (24) photos in all:
 *    photos and megabytes a second, and each server's CPU seconds and peak memory.
 * The real server keeps photos in files under its DATA_DIR (the default), in the embedded database.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import readline from 'node:readline';
import sharp from 'sharp';
import { SESSION_COOKIE } from '../server/platform/sessions';
import { cleanUp, startServer, temporaryDir, track } from './realtime/harness';
import { cpuSeconds, rssMb } from './realtime/procStats';
import { seed } from './realtime/seed';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const UPLOADERS = Number(process.env.BENCH_UPLOADERS ?? 4);
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 24);
const TARGET_BYTES = 5 * 1024 * 1024;

/** A 4000×3000 photo-like JPEG (grain over gradients) of about 5 MB. */
async function fiveMegabytePhoto(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const grain = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 0, g: 0, b: 0 },
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .blur(0.6)
    .raw()
    .toBuffer();
  let quality = 100;
  for (;;) {
    const jpeg = await sharp(grain, { raw: { width, height, channels: 3 } })
      .jpeg({ quality })
      .toBuffer();
    if (jpeg.length <= TARGET_BYTES * 1.05 || quality <= 40) return jpeg;
    quality -= 1;
  }
}

type Target = {
  name: string;
  pid: number;
  upload(photo: Buffer, who: number): Promise<void>;
};

async function realServer(): Promise<Target> {
  const dataDir = temporaryDir('tripmates-bench-photos-');
  const clients = await seed(dataDir, 1, UPLOADERS);
  const running = await startServer(dataDir, { env: { PHOTO_MAX_TRIP_MB: '100000' } });
  return {
    name: 'Tripmates',
    pid: running.pid,
    async upload(photo, who) {
      const client = clients[who % clients.length]!;
      const headers = { origin: running.url, cookie: `${SESSION_COOKIE}=${client.token}` };
      const res = await fetch(`${running.url}/api/trips/${client.tripId}/photos?name=bench.jpg`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'image/jpeg' },
        body: new Uint8Array(photo),
      });
      if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
      const { src } = (await res.json()) as { src: { thumbnail: string } };
      const thumbnail = await fetch(`${running.url}${src.thumbnail}`, { headers });
      if (!thumbnail.ok) throw new Error(`thumbnail answered ${thumbnail.status}`);
      await thumbnail.arrayBuffer();
    },
  };
}

async function peer(): Promise<Target> {
  const child: ChildProcess = track(
    spawn(process.execPath, ['--import', 'tsx', 'bench/photos/peer.ts'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
  const url = await new Promise<string>((resolve) => {
    readline.createInterface({ input: child.stdout! }).once('line', resolve);
  });
  return {
    name: 'bare peer',
    pid: child.pid!,
    async upload(photo) {
      const res = await fetch(url, { method: 'POST', body: new Uint8Array(photo) });
      if (res.status !== 201) throw new Error(`peer answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
    },
  };
}

const ms = (value: number) => `${value.toFixed(0)} ms`;
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

async function measure(target: Target, photo: Buffer) {
  await target.upload(photo, 0); // warm: the first photo loads libvips' codecs
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const started = performance.now();
    await target.upload(photo, round);
    times.push(performance.now() - started);
  }
  const cpuBefore = cpuSeconds(target.pid);
  let peakRss = rssMb(target.pid);
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, rssMb(target.pid));
  }, 50);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: UPLOADERS }, async (_, who) => {
      while (next < UPLOADS) {
        next += 1;
        await target.upload(photo, who);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const cpuAfter = cpuSeconds(target.pid);
  const cpu = cpuAfter.user + cpuAfter.system - cpuBefore.user - cpuBefore.system;
  return {
    p50: percentile(times, 50),
    worst: Math.max(...times),
    photosPerSecond: UPLOADS / seconds,
    megabytesPerSecond: (UPLOADS * photo.length) / (1024 * 1024) / seconds,
    cpuPerPhoto: cpu / UPLOADS,
    peakRss,
  };
}

try {
  const photo = await fiveMegabytePhoto();
  console.log(
    `photo: 4000×3000 JPEG, ${(photo.length / (1024 * 1024)).toFixed(2)} MB; ${ROUNDS} in turn, then ${UPLOADS} by ${UPLOADERS} people at once`,
  );
  const rows: string[][] = [
    ['server', 'to thumbnail p50', 'worst', 'photos/s', 'MB/s', 'CPU s/photo', 'peak RSS'],
  ];
  for (const make of [peer, realServer]) {
    const target = await make();
    const result = await measure(target, photo);
    rows.push([
      target.name,
      ms(result.p50),
      ms(result.worst),
      result.photosPerSecond.toFixed(2),
      result.megabytesPerSecond.toFixed(1),
      result.cpuPerPhoto.toFixed(2),
      `${result.peakRss.toFixed(0)} MB`,
    ]);
  }
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i]!)).join('  '));
} finally {
  await cleanUp();
}
