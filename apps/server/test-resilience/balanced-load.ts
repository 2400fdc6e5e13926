import { DEVELOPMENT_CLAIM_CODE_KEY } from '../src/config';
import { claimCodeFor } from '../src/rules/claim-codes';
import { putAsProvider } from '../test/support/providers-api';

/** One request of the load: when it was sent and answered, and how (status 0: no answer at all). */
export interface Sent {
  kind: 'personalize' | 'claim' | 'scan' | 'manifest';
  /** The ticket's public code (the manifest: the answer's kind). */
  key: string;
  start: number;
  end: number;
  status: number;
  body: string;
  etag: string;
}

/** The events the load uses, ae-olympiada's (its demo provider key), each with `TICKETS` tickets. */
export const LOAD_EVENTS = {
  /** Bound by the ticket office during the load. */
  office: { externalId: 'lb-office', codeOf: (n: number) => `30610${String(n).padStart(7, '0')}` },
  /** Added to wallets with their purchase confirmation's codes. */
  claims: { externalId: 'lb-claims', codeOf: (n: number) => `30620${String(n).padStart(7, '0')}` },
  /** In 90 minutes, so its gates are open: bound, then scanned twice each. */
  gate: { externalId: 'lb-gate', codeOf: (n: number) => `30630${String(n).padStart(7, '0')}` },
} as const;
export const TICKETS = 600;
const PUSH_BATCH = 200;

/** The three events and their tickets, pushed as the club's provider does. */
export async function pushLoadEvents(base: string): Promise<void> {
  const day = 86_400_000;
  const events = [
    { event: LOAD_EVENTS.office, startsAt: Date.now() + 5 * day },
    { event: LOAD_EVENTS.claims, startsAt: Date.now() + 6 * day },
    { event: LOAD_EVENTS.gate, startsAt: Date.now() + 90 * 60_000 },
  ];
  const pushed = await putAsProvider(base, 'events', {
    events: events.map(({ event, startsAt }) => ({
      externalId: event.externalId,
      description: `Φόρτος ${event.externalId}`,
      startsAt: new Date(startsAt).toISOString(),
      venue: 'Γήπεδο Ολυμπιάδας',
    })),
  });
  if (pushed.status !== 200) throw new Error(`events: ${pushed.status} ${await pushed.text()}`);
  for (const { event } of events) {
    for (let first = 1; first <= TICKETS; first += PUSH_BATCH) {
      const tickets = Array.from({ length: PUSH_BATCH }, (_, index) => ({
        publicCode: event.codeOf(first + index),
        eventExternalId: event.externalId,
        sector: 'Θύρα 3',
        row: String(Math.ceil((first + index) / 20)),
        seat: String(((first + index) % 20) + 1),
      }));
      const response = await putAsProvider(base, 'tickets', { tickets });
      if (response.status !== 200) throw new Error(`tickets: ${response.status} ${await response.text()}`);
    }
  }
}

/** The claimants: n = 1… registry adults (ΑΦΜ 6…, ΑΜΚΑ 7…), each signed in with token `claimToken(n)`. */
export const claimToken = (n: number) => `lb-claimant-${String(n).padStart(8, '0')}`;
export const claimantsSql = (count: number): [string, unknown[]][] => [
  [
    `insert into citizens (afm, amka, first_name, last_name, birth_date)
     select '6' || lpad(n::text, 8, '0'), '7' || lpad(n::text, 10, '0'), 'ΦΙΛΑΘΛΟΣ', 'ΦΟΡΤΟΥ' || n, date '1985-03-03'
     from generate_series(1, $1::int) as n`,
    [count],
  ],
  // A session as a login leaves it: `id_hash` is the token's SHA-256 in base64url (shared/sessions.ts).
  [
    `insert into sessions (id_hash, afm, first_name, last_name, expires_at)
     select rtrim(translate(encode(sha256(convert_to('lb-claimant-' || lpad(n::text, 8, '0'), 'UTF8')), 'base64'), '+/', '-_'), '='),
            '6' || lpad(n::text, 8, '0'), 'ΦΙΛΑΘΛΟΣ', 'ΦΟΡΤΟΥ' || n, now() + interval '1 hour'
     from generate_series(1, $1::int) as n`,
    [count],
  ],
];

/** Workers that each take the next number until `count` or the stop, pausing `pauseMs` between. */
export function workers(count: number, size: number, pauseMs: number, job: (n: number) => Promise<void>) {
  let next = 0;
  let stopped = false;
  const worker = async () => {
    while (!stopped && next < count) {
      next += 1;
      await job(next);
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  };
  const done = Promise.all(Array.from({ length: size }, worker));
  return {
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

/** Sends a request and records it in `log`, whatever comes back. */
export async function timed(
  log: Sent[],
  kind: Sent['kind'],
  key: string,
  send: () => Promise<Response>,
): Promise<Sent> {
  const start = Date.now();
  let entry: Sent;
  try {
    const response = await send();
    const body = await response.text();
    const etag = response.headers.get('etag') ?? '';
    entry = { kind, key, start, end: Date.now(), status: response.status, body, etag };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const body = `${String(error)}: ${cause?.code ?? cause?.message ?? ''}`;
    entry = { kind, key, start, end: Date.now(), status: 0, body, etag: '' };
  }
  log.push(entry);
  return entry;
}

export const claimBody = (publicCode: string) =>
  JSON.stringify({ publicCode, claimCode: claimCodeFor(DEVELOPMENT_CLAIM_CODE_KEY, publicCode) });
