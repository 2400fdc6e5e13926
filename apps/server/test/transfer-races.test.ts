import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { events, tickets, transfers } from '../src/db/schema';
import { firstError, jsonFrom, loginAs } from './support/login';
import { engines, useTestServer } from './support/test-server';

/** A loan is decided under the ticket's row lock: what was read before the lock is read again. */
const HOLDER = '100000039';
const RECIPIENT = '100000040';
const OTHER = '100000027';
const SEASON_TICKET = '303000000001';

describe.each(engines)('loan races on %s', (engine) => {
  const server = useTestServer(engine);
  let base: string;
  const cookies: Record<string, string> = {};
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    base = server.baseUrl;
    for (const afm of [HOLDER, RECIPIENT, OTHER]) cookies[afm] = (await loginAs(base, afm)).cookie;
    for (const event of await server.database.db.select().from(events)) ids[event.externalId] = event.id;
  });

  const call = (afm: string, route: string, body?: unknown) =>
    fetch(`${base}${route}`, {
      method: 'POST',
      headers: jsonFrom(base, cookies[afm]),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const lend = async (fixture: string) => {
    const response = await call(HOLDER, `/api/wallet/tickets/${SEASON_TICKET}/transfers`, {
      recipientAfm: RECIPIENT,
      eventId: ids[fixture],
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { transferId: string }).transferId;
  };
  const setHolder = (afm: string) =>
    server.database.db.update(tickets).set({ holderAfm: afm }).where(eq(tickets.publicCode, SEASON_TICKET));

  it('refuses to accept a loan from someone who no longer holds the ticket', async () => {
    const transferId = await lend('demo-derby');
    await setHolder(OTHER); // the ticket changed hands after the loan was offered
    const accepted = await call(RECIPIENT, `/api/wallet/transfers/${transferId}/accept`);
    expect(accepted.status).toBe(409);
    expect((await firstError(accepted))?.code).toBe('TRANSFER_HOLDER_CHANGED');
    const [loan] = await server.database.db.select().from(transfers).where(eq(transfers.id, transferId));
    expect(loan?.status).toBe('PENDING');
    // Nor can the former holder lend it any more.
    const again = await call(HOLDER, `/api/wallet/tickets/${SEASON_TICKET}/transfers`, {
      recipientAfm: RECIPIENT,
      eventId: ids['demo-cup'],
    });
    expect((await firstError(again))?.code).toBe('TICKET_NOT_FOUND');
    await setHolder(HOLDER);
    expect((await call(HOLDER, `/api/wallet/transfers/${transferId}/revoke`)).status).toBe(200);
  });

  it.runIf(engine === 'postgres')(
    'decides an acceptance and a revocation racing each other once',
    async () => {
      for (let round = 0; round < 5; round++) {
        const transferId = await lend('demo-cup');
        const [accepted, revoked] = await Promise.all([
          call(RECIPIENT, `/api/wallet/transfers/${transferId}/accept`),
          call(HOLDER, `/api/wallet/transfers/${transferId}/revoke`),
        ]);
        expect([accepted.status, revoked.status].sort()).toEqual([200, 409]);
        const [loan] = await server.database.db.select().from(transfers).where(eq(transfers.id, transferId));
        expect(loan?.status).toBe(accepted.status === 200 ? 'ACCEPTED' : 'REVOKED');
        if (loan?.status === 'ACCEPTED') {
          await server.database.db
            .update(transfers)
            .set({ status: 'REVERTED' })
            .where(eq(transfers.id, transferId));
        }
      }
    },
  );
});
