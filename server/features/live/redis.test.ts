import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { AdapterRedis, createOutageWarning } from './redis';

describe('createOutageWarning', () => {
  it('says the first failure of an outage, and again only after a success ended it', () => {
    const said: string[] = [];
    const outage = createOutageWarning((error) => said.push(error.message));
    outage.failed(new Error('first'));
    outage.failed(new Error('second'));
    expect(said).toEqual(['first']);
    outage.succeeded();
    outage.failed(new Error('next outage'));
    expect(said).toEqual(['first', 'next outage']);
  });
});

/** A port on 127.0.0.1 that nothing listens on: Redis is away. */
async function closedPort() {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('AdapterRedis while Redis is away', () => {
  it('drops what it cannot publish, says so once, and never rejects', async () => {
    const said: string[] = [];
    const client = new AdapterRedis(
      `redis://127.0.0.1:${await closedPort()}`,
      createOutageWarning((error) => said.push(error.name)),
      // No backoff between attempts: ioredis gives up on a command after 3 of them.
      { retryStrategy: () => 1 },
    );
    client.on('error', () => {}); // the connection refusals; the adapter's owner logs them
    try {
      const published = [client.publish('live', 'a'), client.publish('live', 'b')];
      // An unhandled rejection would fail this file; these resolve with no receivers.
      expect(await Promise.all(published)).toEqual([0, 0]);
      expect(said).toEqual(['MaxRetriesPerRequestError']);
    } finally {
      client.disconnect();
    }
  });

  it('lets a shutdown go on: unsubscribes in flight when the connection is dropped resolve', async () => {
    const client = new AdapterRedis(
      `redis://127.0.0.1:${await closedPort()}`,
      createOutageWarning(() => {}),
    );
    client.on('error', () => {});
    const unsubscribes = [client.unsubscribe('live#/#'), client.punsubscribe('live#*')];
    client.disconnect();
    expect(await Promise.all(unsubscribes)).toEqual([0, 0]);
  });
});
