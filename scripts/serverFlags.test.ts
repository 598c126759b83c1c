import fs from 'node:fs';
import { expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './serverFlags.mjs';

it('npm start runs the server with the same Node flags as the tests and benchmarks', () => {
  const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8'));
  expect(pkg.scripts.start).toBe(`node ${SERVER_NODE_FLAGS.join(' ')} scripts/start.mjs`);
});
