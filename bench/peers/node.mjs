// The bare node:http peer of `npm run bench` (issue #18): the least any server can do for
// `GET /api/user` — one Map lookup of the cookie, one JSON answer. A ceiling, not a rival.
import { randomBytes } from 'node:crypto';
import http from 'node:http';

const user = {
  id: '6d1f3c1e-9a4b-4c1e-8f55-3d2c1b0a9f88',
  username: 'ana_lima',
  email: 'ana@example.com',
  firstName: 'Ana',
  lastName: 'Lima',
  plan: 'free',
};
const sessions = new Map();

const server = http.createServer((req, res) => {
  if (req.method === 'POST' && req.url === '/login') {
    const token = randomBytes(32).toString('base64url');
    sessions.set(token, user);
    res.writeHead(200, {
      'set-cookie': `sid=${token}; HttpOnly`,
      'content-type': 'application/json',
    });
    return res.end('{"success":true}');
  }
  const token = /(?:^|; )sid=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
  const found = token && sessions.get(token);
  if (req.url !== '/api/user' || !found) {
    res.writeHead(401, { 'content-type': 'application/json' });
    return res.end('{"message":"Sign in"}');
  }
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(found));
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
