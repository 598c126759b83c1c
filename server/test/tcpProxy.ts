import net from 'node:net';

/**
 * A TCP proxy on 127.0.0.1 in front of a server (Redis): `cut()` drops every connection through
 * it and refuses new ones, as if the network between one instance and Redis went away, while
 * whoever reaches the server directly goes on; `restore()` listens again on the same port.
 */
export type TcpProxy = {
  port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
};

export async function startTcpProxy(target: { host?: string; port: number }): Promise<TcpProxy> {
  const links = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;

  function listen() {
    const next = net.createServer((client) => {
      const upstream = net.connect(target.port, target.host ?? '127.0.0.1');
      links.add(client).add(upstream);
      client.pipe(upstream).pipe(client);
      for (const end of [client, upstream]) {
        end.on('error', () => {});
        end.on('close', () => {
          client.destroy();
          upstream.destroy();
          links.delete(end);
        });
      }
    });
    server = next;
    return new Promise<void>((resolve) =>
      next.listen(port, '127.0.0.1', () => {
        port = (next.address() as net.AddressInfo).port;
        resolve();
      }),
    );
  }

  function cut() {
    const current = server;
    server = null;
    for (const link of links) link.destroy();
    if (!current) return Promise.resolve();
    return new Promise<void>((resolve) => current.close(() => resolve()));
  }

  await listen();
  return {
    get port() {
      return port;
    },
    cut,
    restore: listen,
    close: cut,
  };
}
