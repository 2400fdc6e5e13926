import { connect, createServer, type Socket } from 'node:net';

/**
 * A TCP proxy in front of the HTTP server that loses every answer: a request reaches the server whole,
 * the server's answer is read and dropped, and `cut()` then resets the client's connections, as a
 * balancer's timeout or a stadium's failing network does after the server has done the work. The
 * client sees a network error, never the answer.
 */
export interface LostAnswerProxy {
  /** The server's base URL with the proxy's port in place of its own. */
  baseUrl: string;
  /** Ends every client connection it carries, without an answer. */
  cut(): void;
  close(): Promise<void>;
}

export async function startLostAnswerProxy(targetBaseUrl: string): Promise<LostAnswerProxy> {
  const target = new URL(targetBaseUrl);
  const open = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => open.delete(socket));
    }
    client.on('data', (chunk) => upstream.write(chunk));
    // The answer is read, so the server's write completes, and goes nowhere.
    upstream.on('data', () => undefined);
    client.on('close', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the proxy is not listening');
  const url = new URL(targetBaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(address.port);
  return {
    baseUrl: url.origin,
    cut: () => {
      for (const socket of open) socket.resetAndDestroy();
    },
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
