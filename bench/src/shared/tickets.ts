/** The bench's tickets: one event of the club, its tickets imported through the provider API. */
import { PROVIDER_BATCH_MAX } from '@tickets/domain';
import { demoData } from '../../../apps/server/src/bench-api';
import type { Claim } from './claim';

/** Tickets a request of the import: as many as the provider API takes in one. */
const BATCH = PROVIDER_BATCH_MAX;
/** Codes in the club's range ('4', see the demo data) that no demo ticket uses. */
export const code = (serial: number) => `49${String(serial).padStart(10, '0')}`;

/** The event of the bench's tickets, as a gate device lists it (gate.ts finds it by it). */
export const BENCH_EVENT = 'Αγώνας μέτρησης';

/**
 * Loads `count` tickets through the provider API (the real import path); answers rows/s. The claim
 * codes of the tickets numbered `claims.from`–`claims.to` (the provider's answer) go `into` its array.
 */
export async function loadTickets(
  url: string,
  count: number,
  claims?: { from: number; to: number; into: Claim[] },
): Promise<number> {
  const put = (what: string, body: unknown) =>
    fetch(`${url}/api/providers/${what}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${demoData.club.providerKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  // Within the hour: its gates are open for the gate scenario, and its tickets can still be bound.
  const startsAt = new Date(Date.now() + 60 * 60_000).toISOString();
  await put('events', {
    events: [{ externalId: 'bench-match', description: BENCH_EVENT, startsAt, venue: 'Κλειστό' }],
  });
  const started = performance.now();
  for (let offset = 0; offset < count; offset += BATCH) {
    const tickets = Array.from({ length: Math.min(BATCH, count - offset) }, (_, i) => ({
      publicCode: code(offset + i + 1),
      eventExternalId: 'bench-match',
      sector: `Τ${(offset + i) % 20}`,
      row: String((offset + i) % 40),
      seat: String((offset + i) % 30),
    }));
    const response = await put('tickets', { tickets });
    if (!response.ok) throw new Error(`import answered ${response.status}`);
    if (claims && offset + BATCH >= claims.from && offset < claims.to) {
      const answer = (await response.json()) as { claims?: Claim[] };
      for (const claim of answer.claims ?? []) {
        const serial = Number(claim.publicCode.slice(2));
        if (serial >= claims.from && serial <= claims.to) claims.into.push(claim);
      }
    } else {
      await response.body?.cancel();
    }
  }
  return Math.round(count / ((performance.now() - started) / 1000));
}
