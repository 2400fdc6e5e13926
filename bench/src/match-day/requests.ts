/** The match's requests as a device or a browser sends them, and their figures per route. */
import http from 'node:http';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';

interface Answer {
  status: number;
  /** As the server meant it: a gzipped answer (the manifest, asked as a browser asks) unzipped. */
  body: Buffer;
  /** What crossed the network. */
  wireBytes: number;
  etag?: string;
}

const gunzipped = promisify(gunzip);
/** A device's browser takes a gzipped manifest (its fetch asks so and unzips it): the bench asks as it does. */
export const ACCEPTS_GZIP = { 'accept-encoding': 'gzip' };

/**
 * Requests sent again because the kept-alive connection they went out on had been closed by HAProxy
 * (its `timeout http-keep-alive`) as they left, with no answer begun: a browser sends such a request
 * again by itself, and Node's documentation names the same retry (`request.reusedSocket`). Counted,
 * not hidden: the table prints them.
 */
export const resent = { count: 0 };

/** One request on `agent`; the body read whole (its size is what a device receives). */
export async function send(
  agent: http.Agent,
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  const failed = { status: 0, body: Buffer.alloc(0), wireBytes: 0 };
  let sent = await sendOnce(agent, `${base}${path}`, method, headers, body);
  if (sent.closedUnanswered) {
    resent.count += 1;
    sent = await sendOnce(agent, `${base}${path}`, method, headers, body);
  }
  const { status, body: received, wireBytes, etag, gzipped, reason } = sent;
  const answer: Answer = { status, body: received, wireBytes, etag };
  if (status === 0) console.error(`[no answer] ${method} ${path.split('?')[0]}: ${reason}`);
  if (!gzipped) return answer;
  try {
    return { ...answer, body: await gunzipped(answer.body) };
  } catch {
    return failed;
  }
}

interface Sent extends Answer {
  gzipped: boolean;
  /** Sent on a kept-alive connection that turned out closed before any answer began. */
  closedUnanswered: boolean;
  /** Why there was no answer (an error's code), for the log. */
  reason?: string;
}

function sendOnce(
  agent: http.Agent,
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Sent> {
  return new Promise<Sent>((resolve) => {
    let answered = false;
    const cut = (error?: NodeJS.ErrnoException) =>
      resolve({
        status: 0,
        body: Buffer.alloc(0),
        wireBytes: 0,
        gzipped: false,
        closedUnanswered: !answered && request.reusedSocket && error?.code === 'ECONNRESET',
        reason: error?.code ?? (answered ? 'closed mid-answer' : 'closed'),
      });
    const request = http.request(url, { agent, method, headers }, (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const wire = Buffer.concat(chunks);
        resolve({
          status: response.statusCode ?? 0,
          body: wire,
          wireBytes: wire.length,
          etag: response.headers.etag,
          gzipped: response.headers['content-encoding'] === 'gzip',
          closedUnanswered: false,
        });
      });
      // A connection cut mid-answer ends in 'close' without 'end' (a promise resolves once: the later call is a no-op).
      response.on('close', () => cut());
      response.on('error', cut);
    });
    // Past HAProxy's own server timeout (15 s): an answer that never comes is an error, not a hung run.
    request.setTimeout(30_000, () => request.destroy());
    request.on('error', cut);
    request.on('close', () => cut());
    request.end(body);
  });
}

/** Latencies (from each request's due time) and errors per route, errors by status (0: no answer). */
export class Routes {
  private readonly latencies = new Map<string, number[]>();
  private readonly errors = new Map<string, Map<number, number>>();
  record(route: string, dueAt: number, ok: boolean, status = 0, body?: Buffer): void {
    const list = this.latencies.get(route) ?? [];
    list.push(performance.now() - dueAt);
    this.latencies.set(route, list);
    if (ok) return;
    if (!this.errors.get(route)?.has(status) && body) {
      // The first answer of each kind of error, by its error code only (an answer may name a person).
      const errorCode = /"code":"([A-Z_]+)"/.exec(body.toString())?.[1] ?? body.subarray(0, 40).toString();
      console.error(`[error] ${route}: ${status} ${errorCode}`);
    }
    const byStatus = this.errors.get(route) ?? new Map<number, number>();
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    this.errors.set(route, byStatus);
  }
  rows(): { route: string; count: number; p50: number; p99: number; errors: string }[] {
    return [...this.latencies].map(([route, list]) => {
      list.sort((a, b) => a - b);
      const at = (q: number) => Math.round(list[Math.min(list.length - 1, Math.floor(list.length * q))] ?? 0);
      const byStatus = [...(this.errors.get(route) ?? [])].sort(([a], [b]) => a - b);
      const total = byStatus.reduce((sum, [, n]) => sum + n, 0);
      const errors = total
        ? `${total} (${byStatus.map(([status, n]) => `${status}: ${n}`).join(', ')})`
        : '0';
      return { route, count: list.length, p50: at(0.5), p99: at(0.99), errors };
    });
  }
}
