import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { rowsOf, type Database } from '../db/client';
import { matchedRoute } from '../shared/api-paths';
import { createMetrics, type Metrics } from '../shared/metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** What features count through (shared/metrics.ts). */
    metrics: Metrics;
    /** Where `/metrics` is served (METRICS_PORT), once the app is ready; undefined without a listener. */
    metricsUrl(): string | undefined;
  }
}

/** A request no route matched: one label for them all, whatever path was asked. */
const UNMATCHED_ROUTE = '(unmatched)';
/** A scrape waits this long for the database, then says it is down: an outage must not fail the scrape. */
const SCRAPE_QUERY_TIMEOUT_MS = 2000;

/**
 * Metrics (README "Metrics and alerts"): every answer timed by its route's template, in one hook that
 * reads the time Fastify already measured; gauges of the database's state read at scrape time; all of
 * it served on a listener of its own (METRICS_PORT, loopback unless METRICS_HOST says otherwise),
 * never on the public port, opened when the app is ready and closed with it.
 */
export function setUpMetrics(app: FastifyInstance, config: Config, database: Database): void {
  const metrics = createMetrics(database);
  app.decorate('metrics', metrics);
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.is404 ? UNMATCHED_ROUTE : matchedRoute(request).path;
    const status = reply.statusCode;
    metrics.httpRequestDuration.observe(request.method, route, status, reply.elapsedTime / 1000);
    if (status === 429) metrics.rateLimitRefusals.inc({ route });
    done();
  });
  metrics.onScrape(async () => {
    const up = await sampleDatabase(metrics, database, config.session.idleMinutes);
    // As /readyz decides (features/health).
    metrics.ready.set(up && !app.isDraining() ? 1 : 0);
  });

  // The start's warm-up (compiling, migrations, the demo data) is not a stall of a serving process.
  app.addHook('onReady', async () => metrics.resetEventLoopDelay());
  app.addHook('onClose', async () => metrics.stopEventLoopDelay());

  let listener: http.Server | undefined;
  app.decorate('metricsUrl', () => {
    const address = listener?.address() as AddressInfo | null | undefined;
    if (!address) return undefined;
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    return `http://${host}:${address.port}/metrics`;
  });
  if (!config.metrics) return;
  const { host, port } = config.metrics;
  app.addHook('onReady', async () => {
    listener = http.createServer((request, response) => {
      if (request.method !== 'GET' || request.url?.split('?', 1)[0] !== '/metrics') {
        response.writeHead(404).end();
        return;
      }
      scrape(metrics).then(
        (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
        (error: unknown) => {
          app.log.error({ err: error }, 'metrics scrape failed');
          response.writeHead(500).end();
        },
      );
    });
    const opened = listener;
    await new Promise<void>((resolve, reject) => {
      opened.once('error', reject);
      opened.listen(port, host, () => resolve());
    });
  });
  app.addHook('onClose', async () => {
    const opened = listener;
    if (!opened) return;
    // A scrape under way is cut: Prometheus tries again at its next interval.
    await new Promise<void>((resolve) => {
      opened.close(() => resolve());
      opened.closeAllConnections();
    });
  });
}

/** The exposition after every sampler ran (each on its own: one failing leaves the others). */
export async function scrape(metrics: Metrics): Promise<string> {
  await Promise.all(metrics.samplers.map((sample) => sample().catch(() => undefined)));
  // A scrape that waited through a stall is read in the same turn of the loop as the stall ended,
  // before the event-loop monitor's timer has ticked to record it; the window would then be reset
  // with the stall unrecorded. A timer of our own runs after the monitor's (it is due later).
  await new Promise((resolve) => setTimeout(resolve, 1));
  return metrics.registry.metrics();
}

/**
 * The outbox and the sessions in one small statement; `tickets_database_up` says whether it was
 * answered in time (answered too). The pending notifications are found by their partial index.
 */
async function sampleDatabase(metrics: Metrics, database: Database, idleMinutes: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error('the database did not answer in time')),
      SCRAPE_QUERY_TIMEOUT_MS,
    );
  });
  try {
    const result = await Promise.race([
      database.db.execute(sql`
        select
          (select count(*) from notifications where email_status = 'PENDING') as pending,
          (select coalesce(extract(epoch from now() - min(created_at)), 0)
             from notifications where email_status = 'PENDING') as oldest,
          (select count(*) from sessions
             where expires_at > now() and last_seen_at > now() - make_interval(mins => ${idleMinutes})) as sessions`),
      late,
    ]);
    const [row] = rowsOf<{ pending: unknown; oldest: unknown; sessions: unknown }>(result);
    metrics.outboxPending.set(Number(row?.pending));
    metrics.outboxOldestPendingAge.set(Number(row?.oldest));
    metrics.sessions.set(Number(row?.sessions));
    metrics.databaseUp.set(1);
    return true;
  } catch {
    metrics.databaseUp.set(0);
    return false;
  } finally {
    clearTimeout(timer);
  }
}
