import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/client';
import { RequestDurations } from './request-durations';

/**
 * Every metric the server exposes, defined here once (README "Metrics and alerts"), in Prometheus's
 * text format through prom-client; features count through `app.metrics`. One registry per server (a
 * test file may run two in one process). Labels are bounded and never personal: a route is its
 * template, a club its organisation id, a device its id, a reason an error or decision code; never an
 * ΑΦΜ, ΑΜΚΑ, document, ticket code, name or device label.
 */
export type Metrics = ReturnType<typeof createMetrics>;

/** Sets gauges from the database when Prometheus scrapes (plugins/metrics.ts runs them). */
export type ScrapeSampler = () => Promise<void>;

/** Manifest answers from 1 KB to 16 MB; 50 KB is the alerts' line for a delta (deploy/prometheus). */
const MANIFEST_BYTES_BUCKETS = [1024, 4096, 16_384, 51_200, 262_144, 1_048_576, 4_194_304, 16_777_216];

/** The event loop's timer ticks this often (prom-client's own precision): a delay is read to about this. */
const EVENT_LOOP_RESOLUTION_MS = 10;

export function createMetrics(database: Pick<Database, 'engine' | 'load'>) {
  const registry = new Registry();
  // The process's own (CPU, memory, event-loop lag, GC, handles) under their standard names, which
  // operators' dashboards for Node already read.
  collectDefaultMetrics({ register: registry });
  const samplers: ScrapeSampler[] = [];
  const registers = [registry];
  // PostgreSQL's pool, or the embedded database's turns (db/turns.ts): in use, and waiting for one.
  const loadGauge = (of: 'inUse' | 'waiting', name: string, help: string) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        this.set(database.load()[of]);
      },
    });
  if (database.engine === 'postgres') {
    loadGauge('inUse', 'tickets_db_pool_in_use', 'Pooled PostgreSQL connections checked out');
    loadGauge('waiting', 'tickets_db_pool_waiting', 'Queries waiting for a pooled PostgreSQL connection');
  } else {
    loadGauge(
      'inUse',
      'tickets_db_turns_active',
      "API requests holding one of the embedded database's turns",
    );
    loadGauge(
      'waiting',
      'tickets_db_turns_waiting',
      "API requests waiting for the embedded database's turns",
    );
  }
  // The event loop's delay over the window since the previous scrape (or since the process was ready:
  // plugins/metrics.ts), from perf_hooks: each value is the time between two ticks of a 10 ms timer,
  // so an idle loop reads about 0.01 s and a loop held for 3 s reads 3 s. One collect sets both gauges,
  // then opens the next window (prom-client collects in the order the metrics were registered). After
  // reset() the monitor's first tick only sets the time it counts from: a stall begun within 10 ms of
  // a scrape is missed (prom-client's own figures, reset the same way, miss it too).
  const loop = monitorEventLoopDelay({ resolution: EVENT_LOOP_RESOLUTION_MS });
  loop.enable();
  new Gauge({
    name: 'tickets_event_loop_delay_max_seconds',
    help: "The event loop's longest delay since the previous scrape (or since the process was ready)",
    registers,
    collect() {
      // No tick yet in this window (two scrapes in a row): nothing was delayed.
      const ticked = loop.count > 0;
      this.set(ticked ? loop.max / 1e9 : 0);
      loopP99.set(ticked ? loop.percentile(99) / 1e9 : 0);
      loop.reset();
    },
  });
  const loopP99 = new Gauge({
    name: 'tickets_event_loop_delay_p99_seconds',
    help: "The 99th percentile of the event loop's delays (one per 10 ms tick) since the previous scrape",
    registers,
  });
  return {
    registry,
    /** Opens a new window of the event loop's delay (the process's start is not a stall). */
    resetEventLoopDelay: () => loop.reset(),
    /** Stops the event loop's timer (the app closes). */
    stopEventLoopDelay: () => loop.disable(),
    /** Run before each scrape, in order; a failing one leaves its gauges as they were reset. */
    samplers,
    onScrape: (sampler: ScrapeSampler) => void samplers.push(sampler),

    httpRequestDuration: new RequestDurations(
      'tickets_http_request_duration_seconds',
      'Time to answer an HTTP request, by method, route template and status code',
      [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    ),
    rateLimitRefusals: new Counter({
      name: 'tickets_rate_limit_refusals_total',
      help: 'Requests refused 429 by a rate limit, by route template',
      labelNames: ['route'] as const,
      registers,
    }),

    databaseUp: new Gauge({
      name: 'tickets_database_up',
      help: 'Whether the database answered the scrape-time query (1) or not (0)',
      registers,
    }),
    ready: new Gauge({
      name: 'tickets_process_ready',
      help: 'Whether this process would answer /readyz 200: not draining to stop, and its database answering',
      registers,
    }),
    outboxPending: new Gauge({
      name: 'tickets_outbox_pending',
      help: 'Notifications whose e-mail is not yet sent, given up or found without an address',
      registers,
    }),
    outboxOldestPendingAge: new Gauge({
      name: 'tickets_outbox_oldest_pending_age_seconds',
      help: 'Age of the oldest notification whose e-mail is still pending (0 when none is)',
      registers,
    }),
    outboxDeliveries: new Counter({
      name: 'tickets_outbox_deliveries_total',
      help: 'Outbox delivery attempts by this process, by outcome (sent, retried, failed: given up, no_address, gone: erased, done_before)',
      labelNames: ['outcome'] as const,
      registers,
    }),
    sessions: new Gauge({
      name: 'tickets_sessions_active',
      help: 'Sessions neither expired nor idle past SESSION_IDLE_MINUTES',
      registers,
    }),

    gateDecisions: new Counter({
      name: 'tickets_gate_decisions_total',
      help: "Online gate decisions (a scanned code's or an EU wallet's presentation), by reason (ADMITTED or the refusal) and club; a scan's retry answered with its first decision is not one",
      labelNames: ['reason', 'club'] as const,
      registers,
    }),
    manifestBuilds: new Histogram({
      name: 'tickets_gate_manifest_build_duration_seconds',
      help: 'Offline manifest books built or revised by this process, and how long each took',
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    manifestAnswerBytes: new Histogram({
      name: 'tickets_gate_manifest_answer_bytes',
      help: 'Bytes of each gate manifest answer body, by kind (full, delta, unchanged: a 304)',
      labelNames: ['kind'] as const,
      buckets: MANIFEST_BYTES_BUCKETS,
      registers,
    }),
    deviceSilence: new Gauge({
      name: 'tickets_gate_device_silence_seconds',
      help: "Seconds since each paired gate device whose club's gates are open last called the platform (since they opened, if not at all), from its row in the database: every process reports the same",
      labelNames: ['club', 'device'] as const,
      registers,
    }),

    claimRefusals: new Counter({
      name: 'tickets_wallet_claim_refusals_total',
      help: 'Wallet ticket claims refused, by error code',
      labelNames: ['reason'] as const,
      registers,
    }),
  };
}
