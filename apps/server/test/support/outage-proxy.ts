import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL that can take the database away as a restart does: `down()`
 * ends every connection it carries and refuses new ones (connection refused) until `up()`. With
 * `downAfterBytes` it goes down by itself, once, when its clients have sent that many bytes, at a point of
 * the work that does not depend on the machine's speed.
 */
export interface OutageProxy {
  /** The target URL with the proxy's port in place of PostgreSQL's. */
  url: string;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startOutageProxy(
  targetUrl: string,
  options: { downAfterBytes?: number } = {},
): Promise<OutageProxy> {
  const target = new URL(targetUrl);
  const open = new Set<Socket>();
  /** Bytes the clients sent, until `downAfterBytes` took the proxy down (once: `up()` keeps it up). */
  let sent = 0;
  let wentDown = false;
  const forward = (client: Socket) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => open.delete(socket));
    }
    client.pipe(upstream).pipe(client);
    if (options.downAfterBytes !== undefined) {
      const limit = options.downAfterBytes;
      client.on('data', (chunk: Buffer) => {
        sent += chunk.length;
        if (sent > limit && !wentDown) {
          wentDown = true;
          void stop();
        }
      });
    }
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  };
  let server: Server | undefined;
  let port = 0;
  const listen = async () => {
    server = createServer(forward);
    await new Promise<void>((resolve) => server?.listen(port, '127.0.0.1', resolve));
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('the proxy is not listening');
    port = address.port;
  };
  const stop = async () => {
    const listening = server;
    server = undefined;
    for (const socket of open) socket.destroy();
    if (listening) await new Promise((resolve) => listening.close(resolve));
  };
  await listen();
  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.href,
    down: stop,
    up: async () => {
      if (!server) await listen();
    },
    close: stop,
  };
}
