/**
 * The peer of bench/photos.ts: a bare `node:http` server that streams an upload to a file and
 * makes the same three variants with the same code (processPhoto), and nothing else — no
 * session, membership, database, storage or live announcement. What the real server takes
 * beyond this is what its own plumbing costs. Prints its URL on standard output.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { processPhoto } from '../../server/features/photos/processPhoto';
import { pictureType } from '../../server/platform/pictureType';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tripmates-photo-peer-'));
let uploads = 0;

const server = http.createServer(async (request, response) => {
  if (request.method !== 'POST') return response.writeHead(404).end();
  uploads += 1;
  const dir = path.join(work, String(uploads));
  fs.mkdirSync(dir);
  const input = path.join(dir, 'upload');
  try {
    await pipeline(request, fs.createWriteStream(input));
    const head = Buffer.alloc(64);
    const handle = await fs.promises.open(input, 'r');
    await handle.read(head, 0, 64, 0);
    await handle.close();
    const made = await processPhoto(input, pictureType(head) ?? 'image/jpeg', dir, false);
    response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(made));
  } catch (error) {
    response.writeHead(500).end(String(error));
  }
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.stdout.write(`http://127.0.0.1:${port}\n`);
});
process.on('SIGTERM', () => {
  server.close();
  fs.rmSync(work, { recursive: true, force: true });
  process.exit(0);
});
