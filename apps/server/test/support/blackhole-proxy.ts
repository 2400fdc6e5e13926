import { connect, createServer, type Socket } from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL that can go silent: `cut()` stops forwarding on every
 * connection it carries without closing any socket, as a dead network path does (no FIN, no RST).
 * Connections opened after a cut are forwarded as usual.
 */
export interface BlackholeProxy {
  /** The target URL with the proxy's port in place of PostgreSQL's. */
  url: string;
  cut(): void;
  close(): Promise<void>;
}

export async function startBlackholeProxy(targetUrl: string): Promise<BlackholeProxy> {
  const target = new URL(targetUrl);
  const open: { client: Socket; upstream: Socket; cut: boolean }[] = [];
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    const pair = { client, upstream, cut: false };
    open.push(pair);
    client.on('data', (chunk) => pair.cut || upstream.write(chunk));
    upstream.on('data', (chunk) => pair.cut || client.write(chunk));
    // Until the cut, an end on one side ends the other; after it, nothing passes, not even that.
    client.on('close', () => pair.cut || upstream.destroy());
    upstream.on('close', () => pair.cut || client.destroy());
    client.on('error', () => undefined);
    upstream.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the proxy is not listening');
  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String(address.port);
  return {
    url: url.href,
    cut: () => {
      for (const pair of open) pair.cut = true;
    },
    async close() {
      for (const pair of open) {
        pair.client.destroy();
        pair.upstream.destroy();
      }
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
