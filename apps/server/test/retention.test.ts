import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  citizens,
  companionDeclarations,
  events,
  gateDevices,
  notifications,
  presentationRequests,
  tickets,
  transfers,
  walletCredentials,
} from '../src/db/schema';
import { openDatabase } from '../src/db/client';
import { eraseExpiredPersonalData } from '../src/retention';
import { engines, useTestServer } from './support/test-server';

/** Retention (README "Retention of personal data"): past events lose their people, recent ones keep them. */
const DAY = 24 * 60 * 60_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
const RETENTION_DAYS = 183;
const ORGANISATION = 'ae-olympiada';

const holder = { holderAfm: '100000040', holderAmka: '01017000000', fullName: 'ΠΑΠΑΔΟΠΟΥΛΟΣ ΓΙΩΡΓΟΣ' };
const document = { documentType: 'PASSPORT', documentId: 'AB 123456', documentKey: 'AB123456' };

describe.each(engines)('the retention of personal data on %s', (engine) => {
  const server = useTestServer(engine);
  const db = () => server.database.db;

  const unique = () => randomBytes(4).toString('hex');
  const code = () => String(Math.floor(1e11 + Math.random() * 9e11));

  async function addEvent(values: { startsAt: Date; endsAt?: Date; seasonal?: boolean; seasonId?: number }) {
    const [event] = await db()
      .insert(events)
      .values({
        organisationId: ORGANISATION,
        externalId: unique(),
        description: 'test',
        venue: 'test',
        ...values,
      })
      .returning();
    return event!;
  }

  /** A steward's OpenID4VP request answered at the event: its result holds the disclosed claims. */
  async function addPresentationTo(eventId: number) {
    const [device] = await db()
      .insert(gateDevices)
      .values({ organisationId: ORGANISATION, label: 'Θύρα 1', tokenHash: unique(), createdBy: '100000015' })
      .returning();
    await db()
      .insert(presentationRequests)
      .values({
        nonce: unique(),
        deviceId: device!.id,
        eventId,
        expiresAt: daysAgo(0),
        result: { disclosed: { holder_name: holder.fullName } },
      });
  }
  const presentationsOf = (eventId: number) =>
    db().select().from(presentationRequests).where(eq(presentationRequests.eventId, eventId));

  /** A bound, printed ticket with a companion declaration and a phone's credential. */
  async function addPeopleTo(eventId: number) {
    const [ticket] = await db()
      .insert(tickets)
      .values({ publicCode: code(), eventId, seat: '7', ...holder, ...document, privateCode: unique() })
      .returning();
    const [guardian, minor] = await db().select({ id: citizens.id }).from(citizens).limit(2);
    await db().insert(companionDeclarations).values({
      guardianId: guardian!.id,
      minorId: minor!.id,
      ticketId: ticket!.id,
      companionAfm: '100000059',
      companionName: 'ΣΥΝΟΔΟΣ',
      status: 'ACCEPTED',
    });
    await db().insert(walletCredentials).values({
      ticketId: ticket!.id,
      scopeEventId: eventId,
      issuedTo: holder.holderAfm,
      devicePublicKey: unique(),
      credential: unique(),
    });
    return ticket!;
  }

  const ticketOf = async (id: number) => (await db().select().from(tickets).where(eq(tickets.id, id)))[0]!;
  const declarationsOf = (id: number) =>
    db().select().from(companionDeclarations).where(eq(companionDeclarations.ticketId, id));
  const credentialsOf = (eventId: number) =>
    db().select().from(walletCredentials).where(eq(walletCredentials.scopeEventId, eventId));

  let longPast: { event: number; ticket: number };
  let recent: { event: number; ticket: number };
  let running: { season: number; ticket: number; oldLoan: string; recentLoan: string };
  let notificationIds: string[] = [];
  let auditIds: { citizen: number; officer: number; officerAdd: number; recent: number };

  beforeAll(async () => {
    // Matches ended 213 and 150 days ago (kick-off plus the match's length).
    const old = await addEvent({ startsAt: daysAgo(213) });
    longPast = { event: old.id, ticket: (await addPeopleTo(old.id)).id };
    const fresh = await addEvent({ startsAt: daysAgo(150) });
    recent = { event: fresh.id, ticket: (await addPeopleTo(fresh.id)).id };
    await addPresentationTo(old.id);
    await addPresentationTo(fresh.id);

    // A season still running, with a fixture long past and one recent, each with a loan.
    const season = await addEvent({ startsAt: daysAgo(300), endsAt: daysAgo(-30), seasonal: true });
    const seasonTicket = await addPeopleTo(season.id);
    const oldFixture = await addEvent({ startsAt: daysAgo(250), seasonId: season.id });
    const recentFixture = await addEvent({ startsAt: daysAgo(20), seasonId: season.id });
    const loan = (fixtureId: number) => ({
      ticketId: seasonTicket.id,
      fixtureId,
      fromAfm: holder.holderAfm,
      toAfm: '100000059',
      toName: 'ΔΑΝΕΙΖΟΜΕΝΟΣ',
      status: 'COMPLETED' as const,
    });
    const loans = await db()
      .insert(transfers)
      .values([loan(oldFixture.id), loan(recentFixture.id)])
      .returning();
    running = { season: season.id, ticket: seasonTicket.id, oldLoan: loans[0]!.id, recentLoan: loans[1]!.id };
    // What the wallet's inbox told someone about each match (issue #30): it names people.
    const notice = (eventId: number) => ({
      recipientAfm: '100000040',
      kind: 'LOAN_OFFERED',
      eventId,
      params: {
        eventDescription: 'Αγώνας',
        eventStartsAt: daysAgo(1).toISOString(),
        venue: 'Γήπεδο',
        otherName: 'ΧΡΗΣΤΟΣ',
      },
    });
    notificationIds = (
      await db()
        .insert(notifications)
        .values([notice(longPast.event), notice(recent.event)])
        .returning({ id: notifications.id })
    ).map((inserted) => inserted.id);

    const row = (at: Date, values: Partial<typeof auditLog.$inferInsert>) =>
      db()
        .insert(auditLog)
        .values({ at, actor: 'system', action: 'TEST', ...values })
        .returning({ id: auditLog.id })
        .then(([inserted]) => inserted!.id);
    auditIds = {
      citizen: await row(daysAgo(200), {
        actor: '100000040',
        action: 'TRANSFER_CREATE',
        subject: running.oldLoan,
        requestId: 'req-1',
        details: { ticketId: running.ticket, note: 'ΠΑΠΑΔΟΠΟΥΛΟΣ' },
      }),
      officer: await row(daysAgo(200), {
        actor: '100000059',
        action: 'TICKET_LOOKUP',
        subject: '123456789012',
      }),
      officerAdd: await row(daysAgo(200), {
        actor: 'admin-cli',
        action: 'OFFICER_ADD',
        subject: '100000067',
      }),
      recent: await row(daysAgo(100), { actor: '100000040', action: 'LOGIN' }),
    };
  });

  it('erases the people of an event that ended more than the retention period ago, and keeps its seats', async () => {
    const counts = await eraseExpiredPersonalData(db(), RETENTION_DAYS);
    expect(counts).toMatchObject({
      tickets: 1,
      declarations: 1,
      transfers: 1,
      walletCredentials: 1,
      presentationRequests: 1,
      notifications: 1,
    });
    const left = await db()
      .select({ id: notifications.id })
      .from(notifications)
      .where(inArray(notifications.id, notificationIds));
    expect(left.map((row) => row.id)).toEqual([notificationIds[1]]);
    expect(counts!.auditRows).toBeGreaterThanOrEqual(2);

    const ticket = await ticketOf(longPast.ticket);
    expect(ticket).toMatchObject({
      seat: '7',
      status: 'ACTIVE',
      holderAfm: null,
      holderAmka: null,
      fullName: null,
      documentType: null,
      documentId: null,
      documentKey: null,
      privateCode: null,
    });
    expect(await declarationsOf(longPast.ticket)).toMatchObject([
      { companionAfm: '', companionName: '', status: 'ACCEPTED' },
    ]);
    expect(await credentialsOf(longPast.event)).toEqual([]);
    expect(await presentationsOf(longPast.event)).toEqual([]);
  });

  it('keeps the people of an event that ended within the period, and of a season still running', async () => {
    for (const id of [recent.ticket, running.ticket]) {
      expect(await ticketOf(id)).toMatchObject({ ...holder, ...document });
      expect(await declarationsOf(id)).toMatchObject([{ companionAfm: '100000059' }]);
    }
    expect(await credentialsOf(recent.event)).toHaveLength(1);
    expect(await presentationsOf(recent.event)).toHaveLength(1);
    expect(await credentialsOf(running.season)).toHaveLength(1);
  });

  it('erases a loan with its fixture, even while the season goes on', async () => {
    const loans = await db()
      .select()
      .from(transfers)
      .where(inArray(transfers.id, [running.oldLoan, running.recentLoan]));
    const byId = new Map(loans.map((loan) => [loan.id, loan]));
    expect(byId.get(running.oldLoan)).toMatchObject({
      fromAfm: '',
      toAfm: '',
      toName: '',
      status: 'COMPLETED' as const,
    });
    expect(byId.get(running.recentLoan)).toMatchObject({ fromAfm: holder.holderAfm, toAfm: '100000059' });
  });

  it("keeps the audit log's who, what, when and request, without the citizen or an ΑΦΜ subject", async () => {
    const rows = new Map((await db().select().from(auditLog)).map((row) => [row.id, row]));
    expect(rows.get(auditIds.citizen)).toMatchObject({
      actor: 'erased',
      action: 'TRANSFER_CREATE',
      subject: running.oldLoan,
      requestId: 'req-1',
      details: { ticketId: running.ticket },
    });
    expect(rows.get(auditIds.officer)).toMatchObject({ actor: '100000059', subject: '123456789012' });
    expect(rows.get(auditIds.officerAdd)).toMatchObject({ actor: 'admin-cli', subject: 'erased' });
    expect(rows.get(auditIds.recent)).toMatchObject({ actor: '100000040', action: 'LOGIN' });
  });

  it('records the run with its counts, and a second run erases and records nothing', async () => {
    const runs = () => db().select().from(auditLog).where(eq(auditLog.action, 'PERSONAL_DATA_ERASE'));
    const [run] = await runs();
    expect(run).toMatchObject({
      actor: 'system',
      details: {
        retentionDays: RETENTION_DAYS,
        tickets: 1,
        declarations: 1,
        transfers: 1,
        walletCredentials: 1,
      },
    });
    expect(await eraseExpiredPersonalData(db(), RETENTION_DAYS)).toEqual({
      tickets: 0,
      declarations: 0,
      transfers: 0,
      walletCredentials: 0,
      issuedCredentials: 0,
      presentationRequests: 0,
      notifications: 0,
      suspensions: 0,
      auditRows: 0,
    });
    expect(await runs()).toHaveLength(1);
  });

  it.runIf(engine === 'postgres')('lets two processes run at once: one erases, neither fails', async () => {
    const old = await addEvent({ startsAt: daysAgo(400) });
    await addPeopleTo(old.id);
    // A second process: its own pool on the same database.
    const second = await openDatabase(server.config.database);
    const results = await Promise.all([
      eraseExpiredPersonalData(db(), RETENTION_DAYS),
      eraseExpiredPersonalData(second.db, RETENTION_DAYS),
    ]).finally(() => second.close());
    const erased = results.reduce((sum, counts) => sum + (counts?.tickets ?? 0), 0);
    expect(erased).toBe(1);
  });
});
