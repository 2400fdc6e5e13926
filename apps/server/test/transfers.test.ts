import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { events, notifications, tickets, transfers } from '../src/db/schema';
import { demoTicketCode } from '../src/demo/events';
import { revertDueTransfers } from '../src/features/wallet/transfers.service';
import { callerWith, firstError, loginAs } from './support/login';
import { insertSuspension } from './support/suspensions';
import { engines, useTestServer } from './support/test-server';

const CLUB_OFFICER = '100000015';
const PLATFORM_OFFICER = '100000003';
const HOLDER = '100000039';
const OTHER_HOLDER = '100000040';
const GUARDIAN = '100000027';
const SEASON_TICKET = demoTicketCode('3', 3, 1);

describe.each(engines)('transfer rules and transfers on %s', (engine) => {
  const server = useTestServer(engine);
  let base: string;
  const cookies: Record<string, string> = {};
  const eventIds: Record<string, number> = {};
  beforeAll(async () => {
    base = server.baseUrl;
    for (const afm of [CLUB_OFFICER, PLATFORM_OFFICER, HOLDER, OTHER_HOLDER, GUARDIAN])
      cookies[afm] = (await loginAs(base, afm)).cookie;
    for (const event of await server.database.db.select().from(events)) eventIds[event.externalId] = event.id;
  });

  const db = () => server.database.db;
  const call = callerWith(() => base, cookies);
  const rulesOf = async (afm: string) =>
    (await (await call(afm, 'GET', '/api/ticket-office/transfer-events')).json()) as Record<
      string,
      unknown
    >[];
  const saveRules = (afm: string, body: unknown) =>
    call(afm, 'PUT', '/api/ticket-office/transfer-events', body);
  const transfer = (afm: string, to: string, fixture: string, code = SEASON_TICKET) =>
    call(afm, 'POST', `/api/wallet/tickets/${code}/transfers`, {
      recipientAfm: to,
      eventId: eventIds[fixture],
    });
  const answer = (afm: string, id: string, verb: string) =>
    call(afm, 'POST', `/api/wallet/transfers/${id}/${verb}`);
  const season = () => eventIds['demo-season'];

  it('lists the upcoming events of the officer’s club only; platform-wide officers see all', async () => {
    const club = await rulesOf(CLUB_OFFICER);
    expect(club.map((event) => event.eventDescription)).toEqual(
      expect.arrayContaining([expect.stringContaining('Ολυμπιάδα')]),
    );
    expect(club.some((event) => String(event.eventDescription).includes('Ακρόπολη'))).toBe(false);
    expect(club.some((event) => String(event.eventDescription).includes('Ατρόμητος'))).toBe(false);
    expect((await rulesOf(PLATFORM_OFFICER)).length).toBeGreaterThan(club.length);
    expect(club.find((event) => event.eventId === season())).toMatchObject({
      seasonal: true,
      allowTransfer: true,
      maxTransfers: 5,
      transferMinuteLimit: 120,
    });
    expect((await call(HOLDER, 'GET', '/api/ticket-office/transfer-events')).status).toBe(403);
  });

  it('saves a season’s rules and a fixture’s exclusion, refusing out-of-range values', async () => {
    const saved = await saveRules(CLUB_OFFICER, {
      eventId: season(),
      allowTransfer: true,
      maxTransfers: 2,
      transferMinuteLimit: 180,
      minToAutoRevertTransferredTicket: 0,
    });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({
      eventId: season(),
      maxTransfers: 2,
      transferMinuteLimit: 180,
      minToAutoRevertTransferredTicket: 0,
    });
    for (const bad of [
      { maxTransfers: 0 },
      { transferMinuteLimit: 30 },
      { transferMinuteLimit: 420 },
      { maxTransfers: 1.5 },
      { minToAutoRevertTransferredTicket: -1 },
    ]) {
      const response = await saveRules(CLUB_OFFICER, { eventId: season(), ...bad });
      expect(response.status).toBe(400);
      expect((await firstError(response))?.description).toMatch(/[\u0370-\u03ff]/);
    }
    expect(
      (await saveRules(CLUB_OFFICER, { eventId: eventIds['demo-basket'], ignoreTransfers: true })).status,
    ).toBe(404);
    expect(
      (await saveRules(CLUB_OFFICER, { eventId: eventIds['demo-past'], ignoreTransfers: true })).status,
    ).toBe(404);
    const fixture = await saveRules(CLUB_OFFICER, {
      eventId: eventIds['demo-cup'],
      ignoreTransfers: true,
      maxTransfers: 99,
    });
    expect(await fixture.json()).toMatchObject({ ignoreTransfers: true, maxTransfers: 5 });
  });

  it('refuses a transfer to a fixture that excludes transfers', async () => {
    const response = await transfer(HOLDER, OTHER_HOLDER, 'demo-cup');
    expect(response.status).toBe(422);
    expect((await firstError(response))?.code).toBe('TRANSFER_NOT_ALLOWED_FOR_FIXTURE');
  });

  it('lets exactly one of concurrent transfers of a ticket through, and the recipient accept it', async () => {
    const attempts = await Promise.all(
      [OTHER_HOLDER, GUARDIAN, OTHER_HOLDER].map((to) => transfer(HOLDER, to, 'demo-derby')),
    );
    expect(attempts.map((response) => response.status).sort()).toEqual([200, 409, 409]);
    const created = (await (
      attempts.find((response) => response.status === 200) as Response
    ).json()) as Record<string, string>;
    expect(created).toMatchObject({ status: 'PENDING', fromAfm: HOLDER, ticketCode: SEASON_TICKET });

    expect((await answer(CLUB_OFFICER, created.transferId ?? '', 'accept')).status).toBe(404);
    const accepted = await answer(created.toAfm ?? '', created.transferId ?? '', 'accept');
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({ status: 'ACCEPTED', revertAt: expect.any(String) });
    // A loan lends the fixture, not the ticket: the holder keeps it and sees whom the fixture went to.
    const [ticket] = await db().select().from(tickets).where(eq(tickets.publicCode, SEASON_TICKET));
    expect(ticket?.holderAfm).toBe(HOLDER);
    const walletOf = async (afm: string) =>
      (await (await call(afm, 'GET', '/api/wallet/tickets')).json()) as {
        publicCode: string;
        eventId: number;
        lentBy: string | null;
        fixtures: { eventId: number; lentTo: string | null }[];
      }[];
    const borrowed = (await walletOf(created.toAfm ?? '')).find(
      (entry) => entry.publicCode === SEASON_TICKET,
    );
    expect(borrowed).toMatchObject({ eventId: eventIds['demo-derby'], lentBy: expect.any(String) });
    expect(borrowed?.fixtures.map((fixture) => fixture.eventId)).toEqual([eventIds['demo-derby']]);
    const own = (await walletOf(HOLDER)).find((entry) => entry.publicCode === SEASON_TICKET);
    expect(own?.fixtures.find((fixture) => fixture.eventId === eventIds['demo-derby'])?.lentTo).toBe(
      created.toName,
    );
  });

  it('closes the loan after the fixture when the rules say so; the ticket never moved', async () => {
    await db()
      .update(transfers)
      .set({ revertAt: new Date(Date.now() - 1000) })
      .where(eq(transfers.status, 'ACCEPTED'));
    expect(await revertDueTransfers(db())).toBe(1);
    const [ticket] = await db().select().from(tickets).where(eq(tickets.publicCode, SEASON_TICKET));
    expect(ticket?.holderAfm).toBe(HOLDER);
    expect(await revertDueTransfers(db())).toBe(0);
    // The holder is told, once (issue #30).
    const told = await db()
      .select({ to: notifications.recipientAfm })
      .from(notifications)
      .where(eq(notifications.kind, 'LOAN_REVERTED'));
    expect(told).toEqual([{ to: HOLDER }]);
  });

  it('does not count a revoked transfer, and stops at maxTransfers', async () => {
    const revoked = (await (await transfer(HOLDER, OTHER_HOLDER, 'demo-derby')).json()) as Record<
      string,
      string
    >;
    expect((await answer(HOLDER, revoked.transferId ?? '', 'revoke')).status).toBe(200);
    const second = (await (await transfer(HOLDER, OTHER_HOLDER, 'demo-derby')).json()) as Record<
      string,
      string
    >;
    expect((await answer(OTHER_HOLDER, second.transferId ?? '', 'accept')).status).toBe(200);
    await db()
      .update(transfers)
      .set({ revertAt: new Date(Date.now() - 1000) })
      .where(eq(transfers.status, 'ACCEPTED'));
    await revertDueTransfers(db());
    const third = await transfer(HOLDER, OTHER_HOLDER, 'demo-derby');
    expect(third.status).toBe(422);
    expect((await firstError(third))?.code).toBe('TRANSFER_LIMIT_REACHED');
  });

  it('refuses inside the cut-off before the fixture, and when the club forbids transfers', async () => {
    await saveRules(CLUB_OFFICER, { eventId: season(), maxTransfers: 10, transferMinuteLimit: 360 });
    await db()
      .update(events)
      .set({ startsAt: sql`now() + interval '5 hours'` })
      .where(eq(events.id, eventIds['demo-derby'] ?? -1));
    const late = await transfer(HOLDER, OTHER_HOLDER, 'demo-derby');
    expect(late.status).toBe(422);
    expect((await firstError(late))?.code).toBe('TRANSFER_CUTOFF_PASSED');
    await saveRules(CLUB_OFFICER, { eventId: season(), transferMinuteLimit: 240 });
    expect((await transfer(HOLDER, OTHER_HOLDER, 'demo-derby')).status).toBe(200);

    await saveRules(CLUB_OFFICER, { eventId: season(), allowTransfer: false });
    const forbidden = await transfer(OTHER_HOLDER, GUARDIAN, 'demo-derby', demoTicketCode('3', 3, 2));
    expect((await firstError(forbidden))?.code).toBe('TRANSFER_NOT_ALLOWED');
    await saveRules(CLUB_OFFICER, { eventId: season(), allowTransfer: true });
  });

  it('refuses a suspended recipient, and blocks a suspended holder’s tickets', async () => {
    const code = demoTicketCode('3', 3, 2);
    await insertSuspension(db(), {
      afm: GUARDIAN,
      endDate: sql`current_date + 30` as unknown as string,
      createdBy: PLATFORM_OFFICER,
    });
    expect((await firstError(await transfer(OTHER_HOLDER, GUARDIAN, 'demo-derby', code)))?.code).toBe(
      'PERSON_CANNOT_BE_NAMED',
    );

    await insertSuspension(db(), {
      afm: OTHER_HOLDER,
      endDate: sql`current_date + 30` as unknown as string,
      createdBy: PLATFORM_OFFICER,
    });
    const wallet = (await (await call(OTHER_HOLDER, 'GET', '/api/wallet/tickets')).json()) as Record<
      string,
      unknown
    >[];
    expect(wallet.length).toBeGreaterThan(0);
    expect(wallet.every((entry) => entry.blocked === true)).toBe(true);
    expect((await firstError(await transfer(OTHER_HOLDER, HOLDER, 'demo-derby', code)))?.code).toBe(
      'TICKET_BLOCKED',
    );
  });

  it('refuses a ticket the caller does not hold, and bad input', async () => {
    expect((await transfer(GUARDIAN, HOLDER, 'demo-derby')).status).toBe(404);
    expect(
      (
        await call(HOLDER, 'POST', `/api/wallet/tickets/${SEASON_TICKET}/transfers`, {
          recipientAfm: '123',
          eventId: 1,
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(HOLDER, 'POST', `/api/wallet/tickets/abc/transfers`, {
          recipientAfm: OTHER_HOLDER,
          eventId: 1,
        })
      ).status,
    ).toBe(400);
    expect((await answer(HOLDER, 'not-a-uuid', 'accept')).status).toBe(400);
  });
});
