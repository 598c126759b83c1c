import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript script (it runs before any TypeScript tooling)
import { buildIsStale, stampBuild } from './buildStamp.mjs';

let root: string;
const write = (file: string, text = 'x') => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
};
/** Moves a file's time a minute on: a later edit, whatever the clock's resolution. */
const touchLater = (file: string) => {
  const later = new Date(Date.now() + 60_000);
  fs.utimesSync(path.join(root, file), later, later);
};

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'tripmates-stamp-'));
  write('app/main.tsx');
  write('server/main.ts');
  write('package.json', '{}');
  write('dist/client/index.html');
  write('dist/server/main.js');
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('npm start builds only when the sources changed (issue #18)', () => {
  it('is stale before the first build, and fresh right after one', () => {
    expect(buildIsStale(root)).toBe(true);
    stampBuild(root);
    expect(buildIsStale(root)).toBe(false);
  });

  it('is stale after a source file changes, however deep', () => {
    write('server/features/trips/service.ts');
    stampBuild(root);
    touchLater('server/features/trips/service.ts');
    expect(buildIsStale(root)).toBe(true);
  });

  it('is stale when a build output is missing', () => {
    stampBuild(root);
    fs.rmSync(path.join(root, 'dist/server/main.js'));
    expect(buildIsStale(root)).toBe(true);
  });

  it('ignores files that are not sources (data, tests output)', () => {
    stampBuild(root);
    write('data/pglite/PG_VERSION');
    touchLater('data/pglite/PG_VERSION');
    expect(buildIsStale(root)).toBe(false);
  });
});
