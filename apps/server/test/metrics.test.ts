import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_ATTEMPTS_MAX, type GateManifest } from '@tickets/domain';
import { DEMO_PEOPLE } from '../src/demo/seed';
import { claimCodeFor } from '../src/rules/claim-codes';
import { presentAtGate, takeTicket } from './support/eu-wallet';
import { cardOf, HOLDER, tonightTicket, useGateFixture, type GateDevice } from './support/gate';
import { firstError, jsonFrom, loginAs } from './support/login';
import { personalDataInLogs } from './support/personal-data';
import { engines, useTestServer } from './support/test-server';

/**
 * The metrics an operator scrapes (README "Metrics and alerts"), on their own listener: after a claim,
 * refused claims, gate scans and manifest polls, the series count exactly what happened, and nothing
 * typed in those requests (ΑΦΜ, ΑΜΚΑ, document, ticket or claim code, name, device label) is in them.
 */

type Sample = { name: string; labels: Record<string, string>; value: number };

/** Prometheus's text format, one sample a line (prom-client writes no timestamps). */
function samplesOf(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [, name = '', labels = '', value = ''] = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line) ?? [];
      const pairs = [...labels.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, text]) => [key, text]);
      return { name, labels: Object.fromEntries(pairs) as Record<string, string>, value: Number(value) };
    });
}

/** The sum of the samples of `name` whose labels include `labels`; undefined when there is none. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const matching = samples.filter(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  return matching.length === 0 ? undefined : matching.reduce((sum, sample) => sum + sample.value, 0);
}

const CLAIMANT = DEMO_PEOPLE.noContacts.afm ?? '';
const DEVICE_LABEL = 'Θύρα 7 - μετρήσεις';
const CLAIMS = '/api/wallet/tickets';
const SEASON_TICKET = '303000000001'; // HOLDER's (support/gate.ts)

describe.each(engines)('metrics on %s', (engine) => {
  const server = useTestServer(engine, { METRICS_PORT: '0', GATE_MANIFEST_REBUILD_SECONDS: '0' });
  const { ids, personalize, addDevice } = useGateFixture(server, { tonightSerials: [1, 2, 3] });
  let device: GateDevice;
  /** Everything typed into the requests below that names a person or a ticket. */
  const typed: string[] = [
    DEVICE_LABEL,
    'ΙΩΑΝΝΗΣ',
    'ΠΑΠΑΔΑΚΗΣ',
    cardOf(tonightTicket(1)),
    cardOf(tonightTicket(3)),
  ];
  let text = '';
  /** The bytes each kind of manifest answer carried, as the device received them (Content-Length). */
  const received = { full: 0, delta: 0 };

  const gate = (route: string, init: RequestInit = {}) =>
    fetch(`${server.baseUrl}${route}`, {
      ...init,
      headers: {
        authorization: `Bearer ${device.token}`,
        'content-type': 'application/json',
        ...init.headers,
      },
    });
  const scan = async (code: string, idempotencyKey?: string) => {
    const response = await gate('/api/gate/admissions', {
      method: 'POST',
      body: JSON.stringify({ eventId: ids.tonight, code }),
      headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {},
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { reason: string }).reason;
  };
  const poll = (held?: { manifest: GateManifest; entityTag: string }) =>
    gate(
      `/api/gate/manifest?eventId=${ids.tonight}` +
        (held ? `&salt=${held.manifest.salt}&revision=${held.manifest.revision}` : ''),
      { headers: held ? { 'if-none-match': held.entityTag } : {} },
    );
  const scrape = async () => {
    const url = server.app.metricsUrl();
    if (!url) throw new Error('no metrics listener');
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.text();
  };

  beforeAll(async () => {
    const { cookie } = await loginAs(server.baseUrl, CLAIMANT);
    const claim = (publicCode: string, claimCode: string) =>
      fetch(`${server.baseUrl}${CLAIMS}`, {
        method: 'POST',
        headers: jsonFrom(server.baseUrl, cookie),
        body: JSON.stringify({ publicCode, claimCode }),
      });
    const claimCode = claimCodeFor(server.config.claimCodeKey, tonightTicket(2));
    typed.push(tonightTicket(2), claimCode);
    expect((await claim(tonightTicket(2), claimCode)).status).toBe(201);
    // Wrong claims up to the person's allowance, then one past it (429).
    const wrong = `${claimCode.slice(0, -1)}${claimCode.endsWith('0') ? '1' : '0'}`;
    typed.push(wrong, tonightTicket(3));
    for (let attempt = 0; attempt < CLAIM_ATTEMPTS_MAX; attempt += 1)
      expect((await firstError(await claim(tonightTicket(3), wrong)))?.code).toBe('CLAIM_NOT_FOUND');
    expect((await firstError(await claim(tonightTicket(3), wrong)))?.code).toBe('CLAIM_ATTEMPTS_EXCEEDED');

    device = await addDevice(DEVICE_LABEL);
    typed.push(device.token, tonightTicket(1));
    const printed = await personalize(tonightTicket(1));
    typed.push(printed);
    const key = randomUUID();
    expect(await scan(printed, key)).toBe('ADMITTED');
    // Its answer lost and sent again with its key: the same answer, one decision counted.
    expect(await scan(printed, key)).toBe('ADMITTED');
    // Scanned again: a second decision.
    expect(await scan(printed, randomUUID())).toBe('ALREADY_ADMITTED');
    expect(await scan('ABCDEFGHJKMNPQRS')).toBe('UNKNOWN_CODE');
    // An EU wallet's presentation is decided and counted as a scan is (HOLDER's season ticket).
    const holder = await loginAs(server.baseUrl, HOLDER);
    typed.push(SEASON_TICKET);
    const taken = await takeTicket(server.baseUrl, SEASON_TICKET, holder.cookie);
    expect((await presentAtGate(server.baseUrl, device.token, ids.tonight ?? -1, taken)).status).toBe(200);

    const first = await poll();
    expect(first.status).toBe(200);
    // Node's fetch, as a browser's, takes gzip: the whole manifest comes gzipped.
    expect(first.headers.get('content-encoding')).toBe('gzip');
    received.full = Number(first.headers.get('content-length'));
    const held = {
      manifest: (await first.json()) as GateManifest,
      entityTag: first.headers.get('etag') ?? '',
    };
    typed.push(await personalize(tonightTicket(3)));
    const delta = await poll(held);
    expect(delta.status).toBe(200);
    received.delta = Number(delta.headers.get('content-length'));
    expect(await delta.json()).toHaveProperty('fromRevision', held.manifest.revision);
    const unchanged = await poll({ ...held, entityTag: delta.headers.get('etag') ?? '' });
    expect(unchanged.status).toBe(304);
    // No route for it: counted under one label, whatever its path says.
    expect((await fetch(`${server.baseUrl}/api/no-such-route/${tonightTicket(1)}`)).status).toBe(404);
    text = await scrape();
  });

  it('serves the metrics on their own loopback port, not the public one', async () => {
    expect(server.app.metricsUrl()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect(server.app.metricsUrl()).not.toContain(`:${new URL(server.baseUrl).port}/`);
    const onPublic = await fetch(`${server.baseUrl}/metrics`);
    expect(await onPublic.text()).not.toContain('tickets_http_request_duration_seconds');
  });

  it('counts requests by route template and status, and rate-limit refusals by route', () => {
    const samples = samplesOf(text);
    const answers = (route: string, status: string) =>
      valueOf(samples, 'tickets_http_request_duration_seconds_count', { route, status });
    expect(answers(CLAIMS, '201')).toBe(1);
    expect(answers(CLAIMS, '404')).toBe(CLAIM_ATTEMPTS_MAX);
    expect(answers(CLAIMS, '429')).toBe(1);
    expect(answers('/api/gate/admissions', '200')).toBe(4);
    expect(answers('/api/gate/manifest', '200')).toBe(2);
    expect(answers('/api/gate/manifest', '304')).toBe(1);
    expect(answers('(unmatched)', '404')).toBeGreaterThanOrEqual(1);
    expect(valueOf(samples, 'tickets_rate_limit_refusals_total', { route: CLAIMS })).toBe(1);
    // Every route label is a template or the one for unmatched requests.
    const routes = new Set(samples.flatMap((sample) => (sample.labels.route ? [sample.labels.route] : [])));
    expect([...routes].filter((route) => route !== '(unmatched)' && !route.startsWith('/'))).toEqual([]);
  });

  it('counts claims refused by reason, and gate decisions by reason and club, a presentation’s too', () => {
    const samples = samplesOf(text);
    expect(valueOf(samples, 'tickets_wallet_claim_refusals_total', { reason: 'CLAIM_NOT_FOUND' })).toBe(
      CLAIM_ATTEMPTS_MAX,
    );
    expect(
      valueOf(samples, 'tickets_wallet_claim_refusals_total', { reason: 'CLAIM_ATTEMPTS_EXCEEDED' }),
    ).toBe(1);
    const decisions = (reason: string) =>
      valueOf(samples, 'tickets_gate_decisions_total', { reason, club: 'ae-olympiada' });
    // The printed code's admission (not its replay) and the EU wallet's.
    expect(decisions('ADMITTED')).toBe(2);
    expect(decisions('ALREADY_ADMITTED')).toBe(1);
    expect(decisions('UNKNOWN_CODE')).toBe(1);
    expect(valueOf(samples, 'tickets_gate_decisions_total')).toBe(4);
  });

  it('counts manifest builds and the bytes of full, delta and unchanged answers', () => {
    const samples = samplesOf(text);
    const bytes = (kind: string, of: 'count' | 'sum') =>
      valueOf(samples, `tickets_gate_manifest_answer_bytes_${of}`, { kind });
    expect([bytes('full', 'count'), bytes('delta', 'count'), bytes('unchanged', 'count')]).toEqual([1, 1, 1]);
    expect(bytes('unchanged', 'sum')).toBe(0);
    // What was sent: the whole manifest's gzipped bytes, the delta's JSON.
    expect(received.full).toBeGreaterThan(0);
    expect(received.delta).toBeGreaterThan(0);
    expect(bytes('full', 'sum')).toBe(received.full);
    expect(bytes('delta', 'sum')).toBe(received.delta);
    // The first poll built the book; the second its next revision.
    expect(valueOf(samples, 'tickets_gate_manifest_build_duration_seconds_count')).toBe(2);
  });

  it("reports the database's state, the sessions, the outbox and each device silent at open gates", () => {
    const samples = samplesOf(text);
    expect(valueOf(samples, 'tickets_database_up')).toBe(1);
    expect(valueOf(samples, 'tickets_process_ready')).toBe(1);
    // The fixture's five people, the claimant, and the holder signed in again for the EU wallet.
    expect(valueOf(samples, 'tickets_sessions_active')).toBe(7);
    expect(valueOf(samples, 'tickets_outbox_pending')).toBeGreaterThanOrEqual(0);
    expect(valueOf(samples, 'tickets_outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(0);
    const load = engine === 'postgres' ? 'tickets_db_pool' : 'tickets_db_turns';
    expect(
      valueOf(samples, engine === 'postgres' ? `${load}_in_use` : `${load}_active`),
    ).toBeGreaterThanOrEqual(0);
    expect(valueOf(samples, `${load}_waiting`)).toBe(0);
    // Tonight's gates are open and the device was heard from a moment ago.
    const silence = valueOf(samples, 'tickets_gate_device_silence_seconds', {
      club: 'ae-olympiada',
      device: device.deviceId,
    });
    expect(silence).toBeGreaterThanOrEqual(0);
    expect(silence).toBeLessThan(60);
    expect(valueOf(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
  });

  it("reports the event loop's longest delay since the previous scrape: a stall is seen", async () => {
    // A window of its own; then the loop is held, as a long synchronous reading would hold it (the test
    // runs the server in its own process, so this stalls the server's loop too).
    await scrape();
    // The monitor's first tick after a window opens only sets the time it counts from (Node's
    // monitorEventLoopDelay after reset()): a stall is measured from the tick before it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const stalledMs = 150;
    const until = performance.now() + stalledMs;
    while (performance.now() < until) {
      // Busy: nothing else runs meanwhile.
    }
    const samples = samplesOf(await scrape());
    expect(valueOf(samples, 'tickets_event_loop_delay_max_seconds')).toBeGreaterThanOrEqual(stalledMs / 1000);
    expect(valueOf(samples, 'tickets_event_loop_delay_p99_seconds')).toBeGreaterThan(0);
  });

  it('holds no ΑΦΜ, ΑΜΚΑ, document, ticket or claim code, name or device label', async () => {
    expect(await personalDataInLogs([text], server.database.db)).toEqual([]);
    expect(typed.filter((value) => text.includes(value))).toEqual([]);
  });
});
