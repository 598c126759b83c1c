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
 * 3. Pixels, not bytes (the security probe's point 4): 8 uploads at once of pictures small as files
 *    and huge as pictures, to a fresh real server each: the peak growth of its resident memory
 *    over its idle size (VmHWM, reset just before through /proc/<pid>/clear_refs) and what each
 *    upload was answered. The pictures: the probe's (a JPEG of a few hundred bytes whose header
 *    says 9,000 × 9,000; the rest is missing, and libvips decodes it as grey), a whole 9,000 ×
 *    9,000 JPEG of one colour (a few hundred KB, decoded in full: the realistic worst case),
 *    a 7,000 × 7,000 JPEG of one colour turned by its EXIF orientation (49 megapixels: within the
 *    limit, so it is processed, and a quarter turn holds the whole picture), a 24-megapixel
 *    phone's 5,712 × 4,284 turned the same way, and the 12-megapixel photo of part 1 turned too
 *    (its full size gets optimised Huffman tables, which hold every coefficient of it).
 * The real server keeps photos in files under its DATA_DIR (the default), in the embedded database.
 * BENCH_ONLY=pixels runs the third part alone; BENCH_ONLY=throughput the first two.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import readline from 'node:readline';
import sharp from 'sharp';
import { SESSION_COOKIE } from '../server/platform/sessions';
import { cleanUp, startServer, stop, temporaryDir, track } from './live/harness';
import { cpuSeconds, rssMb } from './live/procStats';
import { seed } from './live/seed';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const UPLOADERS = Number(process.env.BENCH_UPLOADERS ?? 4);
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 24);
const TARGET_BYTES = 5 * 1024 * 1024;
const AT_ONCE = 8;

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

/** The real server, which can also say what it answered an upload (`send`). */
async function realServer(): Promise<
  Target & { send(photo: Buffer): Promise<number>; stop(): Promise<void> }
> {
  const dataDir = temporaryDir('tripmates-bench-photos-');
  const clients = await seed(dataDir, 1, UPLOADERS);
  const running = await startServer(dataDir, { env: { PHOTO_MAX_TRIP_MB: '100000' } });
  const post = (photo: Buffer, who: number) => {
    const client = clients[who % clients.length]!;
    const headers = { origin: running.url, cookie: `${SESSION_COOKIE}=${client.token}` };
    const res = fetch(`${running.url}/api/trips/${client.tripId}/photos?name=bench.jpg`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'image/jpeg' },
      body: new Uint8Array(photo),
    });
    return { headers, res };
  };
  return {
    name: 'Tripmates',
    pid: running.pid,
    stop: () => stop(running.process),
    async send(photo) {
      const res = await post(photo, 0).res;
      await res.arrayBuffer();
      return res.status;
    },
    async upload(photo, who) {
      const { headers, res: answer } = post(photo, who);
      const res = await answer;
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

/** A picture of one colour: a few hundred KB as a JPEG, whatever its size as pixels. */
function oneColour(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } });
}

/** The probe's picture: a real 8 × 8 JPEG whose header is made to say `side` × `side`. */
async function hugeHeader(side: number): Promise<Buffer> {
  const jpeg = Buffer.from(await oneColour(8, 8).jpeg({ quality: 50 }).toBuffer());
  const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0])); // start of frame: its height, then width
  jpeg.writeUInt16BE(side, sof + 5);
  jpeg.writeUInt16BE(side, sof + 7);
  return jpeg;
}

/** Peak growth of `pid`'s resident memory while `work` runs, over its size before, in MB. */
async function peakGrowthMb<T>(pid: number, work: () => Promise<T>) {
  const statusMb = (field: string) => {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))?.[1]) / 1024;
  };
  const idle = rssMb(pid);
  // 5 resets the peak (VmHWM) to what is resident now: the kernel then keeps the true peak,
  // which sampling every few milliseconds could miss.
  fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
  const result = await work();
  return { result, idle, growth: statusMb('VmHWM') - idle, after: rssMb(pid) - idle };
}

async function pixelsNotBytes() {
  const pictures: [string, Buffer][] = [
    ['probe: 9,000 × 9,000 header', await hugeHeader(9000)],
    ['9,000 × 9,000, one colour', await oneColour(9000, 9000).jpeg({ quality: 50 }).toBuffer()],
    [
      '7,000 × 7,000, turned by EXIF',
      await oneColour(7000, 7000).jpeg({ quality: 50 }).withMetadata({ orientation: 6 }).toBuffer(),
    ],
    [
      '5,712 × 4,284, turned by EXIF',
      await oneColour(5712, 4284).jpeg({ quality: 50 }).withMetadata({ orientation: 6 }).toBuffer(),
    ],
    [
      '4,000 × 3,000 photo, turned',
      await sharp(await fiveMegabytePhoto())
        .jpeg({ quality: 85 })
        .withMetadata({ orientation: 6 })
        .toBuffer(),
    ],
  ];
  console.log(`\n${AT_ONCE} uploads at once of a picture small as a file, large as pixels:`);
  const rows = [['picture', 'file', 'answers', 'idle RSS', 'peak growth', 'after', 'time']];
  for (const [name, picture] of pictures) {
    const server = await realServer();
    // Warm: the first photo loads libvips' codecs, which is not what is measured.
    await server.upload(await oneColour(640, 480).jpeg().toBuffer(), 0);
    const started = performance.now();
    const { result, idle, growth, after } = await peakGrowthMb(server.pid, () =>
      Promise.all(Array.from({ length: AT_ONCE }, () => server.send(picture))),
    );
    const seconds = (performance.now() - started) / 1000;
    const answers = new Map<number, number>();
    for (const status of result) answers.set(status, (answers.get(status) ?? 0) + 1);
    rows.push([
      name,
      picture.length < 10_000 ? `${picture.length} B` : `${(picture.length / 1024).toFixed(0)} KB`,
      [...answers].map(([status, count]) => `${count}× ${status}`).join(', '),
      `${idle.toFixed(0)} MB`,
      `+${growth.toFixed(0)} MB`,
      `+${after.toFixed(0)} MB`,
      `${seconds.toFixed(1)} s`,
    ]);
    await server.stop();
  }
  printTable(rows);
}

function printTable(rows: string[][]) {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i]!)).join('  '));
}

async function throughput() {
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
  printTable(rows);
}

try {
  const only = process.env.BENCH_ONLY;
  if (only !== 'pixels') await throughput();
  if (only !== 'throughput') await pixelsNotBytes();
} finally {
  await cleanUp();
}
