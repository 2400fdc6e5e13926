import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt, sql } from 'drizzle-orm';
import { auditLog, citizens, events, notifications } from '../src/db/schema';
import { DEMO_TICKETS, demoTicketCode } from '../src/demo/events';
import { DEMO_IDENTITY_CARDS, DEMO_PEOPLE } from '../src/demo/seed';
import { notify } from '../src/shared/notifications';
import type { ReceivedMail } from '../src/shared/notifications';
import { callerWith, jsonFrom, loginAs } from './support/login';
import { noPerson } from './support/suspensions-api';
import { engines, useTestServer } from './support/test-server';

const GUARDIAN = '100000027';
const COMPANION = '100000039';
const HOLDER = '100000040';
const NO_CONTACTS = '100000052';
const SEASON_TICKET = '303000000002';
const CLUB_OFFICER = '100000015';
/** An adult who holds no ticket (the companion's season ticket covers every fixture of the club). */
const TICKETLESS = '100000003';
const mailOf = (afm: string) =>
  Object.values(DEMO_PEOPLE).find((person) => person.afm === afm)?.email ?? 'none';

describe.each(engines)('notifications on %s', (engine) => {
  const server = useTestServer(engine);
  let base: string;
  const cookies: Record<string, string> = {};
  let olderMinorAmka = '';
  const eventIds: Record<string, number> = {};

  beforeAll(async () => {
    base = server.baseUrl;
    for (const afm of [GUARDIAN, COMPANION, HOLDER, NO_CONTACTS])
      cookies[afm] = (await loginAs(base, afm)).cookie;
    const [minor] = await db().select().from(citizens).where(eq(citizens.firstName, 'ΝΙΚΟΛΑΟΣ'));
    olderMinorAmka = minor?.amka ?? '';
    for (const event of await db().select().from(events)) eventIds[event.externalId] = event.id;
  });

  const db = () => server.database.db;
  /** A call to the suspensions' API as the club's officer, newly signed in. */
  const suspensionsAsClubOfficer = async () => {
    const officer = (await loginAs(base, CLUB_OFFICER)).cookie;
    return (method: string, path: string, body: unknown) =>
      fetch(`${base}/api/blackList-administration${path}`, {
        method,
        headers: jsonFrom(base, officer),
        body: JSON.stringify(body),
      });
  };
  const call = callerWith(() => base, cookies);
  const mailbox = async (to?: string) =>
    (await (
      await fetch(`${base}/api/standin/mailbox${to ? `?to=${encodeURIComponent(to)}` : ''}`)
    ).json()) as ReceivedMail[];
  /** The mail to `afm` whose subject and text match, once delivered (the worker polls every second). */
  const mailTo = async (afm: string, pattern: RegExp): Promise<ReceivedMail> => {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const found = (await mailbox(mailOf(afm))).find((mail) =>
        pattern.test(`${mail.subject}\n${mail.text}`),
      );
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no mail to ${afm} matching ${pattern}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  /** The notifications written since `since`, as recipient and kind. */
  const writtenSince = async (since: Date) =>
    (
      await db()
        .select({ to: notifications.recipientAfm, kind: notifications.kind })
        .from(notifications)
        .where(gt(notifications.createdAt, since))
    ).map((row) => `${row.to}:${row.kind}`);
  /** One value of one row, as text, on either engine. */
  const scalar = async (query: ReturnType<typeof sql>) =>
    ((await db().execute(query)) as unknown as { rows: { value: string }[] }).rows[0]?.value;
  const since = async () => new Date((await scalar(sql`select now()::text as value`)) ?? Date.now());

  let declarationId = '';

  it('a companion request e-mails the companion in Greek: who asks, the minor’s first name, the match, how to answer', async () => {
    const before = await since();
    const response = await call(GUARDIAN, 'POST', '/api/tickets/dependents/declarations/indicate', {
      publicCode: DEMO_TICKETS.olderMinorFree,
      afm: COMPANION,
      amka: olderMinorAmka,
    });
    expect(response.status).toBe(200);
    declarationId = ((await response.json()) as { declarationId: string }).declarationId;
    expect(await writtenSince(before)).toEqual([`${COMPANION}:COMPANION_REQUESTED`]);

    const mail = await mailTo(COMPANION, /ΝΙΚΟΛΑΟΣ/);
    expect(mail.to).toEqual([mailOf(COMPANION)]);
    expect(mail.subject).toBe('Αίτημα συνοδείας ανηλίκου: ΝΙΚΟΛΑΟΣ');
    expect(mail.text).toContain('Ο/Η ΕΛΕΝΗ ΓΕΩΡΓΙΟΥ σας ζητά να συνοδεύσετε');
    expect(mail.text).toContain('Gov.gr Wallet');
    expect(mail.text).toContain(`${base}/tickets`);
    expect(mail.text).toContain('Λαμβάνετε αυτό το μήνυμα επειδή');
    expect(mail.html).toContain('<html lang="el">');
    // Names, never identifiers: not the guardian's ΑΦΜ, not the minor's ΑΜΚΑ or surname.
    for (const identifier of [GUARDIAN, COMPANION, olderMinorAmka]) {
      expect(mail.text).not.toContain(identifier);
      expect(mail.html).not.toContain(identifier);
    }
    const [row] = await db().select().from(notifications).where(eq(notifications.recipientAfm, COMPANION));
    expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}@localhost>$/);
    expect(row).toBeDefined();
    // Sent, and audited by ΑΦΜ as the other rows are, without its text: once the mail server has
    // taken it, with the rest of its fetch (delivery marks a fetch's messages together).
    const sentDetails = async () =>
      (
        await db()
          .select()
          .from(auditLog)
          .where(
            and(eq(auditLog.action, 'NOTIFICATION_SENT'), eq(auditLog.subject, mail.messageId.slice(1, 37))),
          )
      )[0]?.details;
    await expect
      .poll(sentDetails, { timeout: 5000 })
      .toEqual({ recipient: COMPANION, kind: 'COMPANION_REQUESTED' });
  });

  it('the companion’s acceptance e-mails the guardian, and no one else', async () => {
    const before = await since();
    const response = await call(COMPANION, 'POST', `/api/wallet/companion-requests/${declarationId}/accept`);
    expect(response.status).toBe(200);
    expect(await writtenSince(before)).toEqual([`${GUARDIAN}:COMPANION_ACCEPTED`]);
    const mail = await mailTo(GUARDIAN, /αποδέχθηκε τη συνοδεία[^]*ΝΙΚΟΛΑΟΣ/);
    expect(mail.subject).toBe('Ο/Η ΚΩΝΣΤΑΝΤΙΝΟΣ ΔΗΜΗΤΡΙΟΥ αποδέχθηκε τη συνοδεία');
    expect(mail.text).toContain('ΝΙΚΟΛΑΟΣ');
  });

  it('a change of companion tells the one no longer needed; one to the guardian asks no one', async () => {
    const before = await since();
    const response = await call(GUARDIAN, 'POST', '/api/tickets/dependents/declarations/modify', {
      declarationId,
      companionAfm: '',
    });
    expect(response.status).toBe(200);
    expect(await writtenSince(before)).toEqual([`${COMPANION}:COMPANION_NO_LONGER_NEEDED`]);
    await mailTo(COMPANION, /Δεν χρειάζεται πλέον/);
  });

  it('a loan to a person without an e-mail reaches the wallet’s inbox only', async () => {
    const before = await since();
    const lent = await call(HOLDER, 'POST', `/api/wallet/tickets/${SEASON_TICKET}/transfers`, {
      recipientAfm: NO_CONTACTS,
      eventId: eventIds['demo-derby'],
    });
    expect(lent.status).toBe(200);
    expect(await writtenSince(before)).toEqual([`${NO_CONTACTS}:LOAN_OFFERED`]);
    await expect
      .poll(
        async () =>
          (await db().select().from(notifications).where(eq(notifications.recipientAfm, NO_CONTACTS)))[0]
            ?.emailStatus,
        { timeout: 20_000 },
      )
      .toBe('NO_ADDRESS');

    const inbox = await call(NO_CONTACTS, 'GET', '/api/wallet/notifications');
    expect(inbox.status).toBe(200);
    const [entry, ...rest] = (await inbox.json()) as { id: string; subject: string; read: boolean }[];
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      kind: 'LOAN_OFFERED',
      read: false,
      subject: 'Ο/Η ΣΟΦΙΑ ΙΩΑΝΝΙΔΟΥ σας δανείζει εισιτήριο',
    });
    // Another person cannot mark it; its recipient can.
    expect((await call(HOLDER, 'POST', `/api/wallet/notifications/${entry?.id}/read`)).status).toBe(404);
    expect((await call(NO_CONTACTS, 'POST', `/api/wallet/notifications/${entry?.id}/read`)).status).toBe(204);
    const after = (await (await call(NO_CONTACTS, 'GET', '/api/wallet/notifications')).json()) as {
      read: boolean;
    }[];
    expect(after[0]?.read).toBe(true);
    expect((await call(undefined, 'GET', '/api/wallet/notifications')).status).toBe(401);
  });

  it('a loan rejected tells the holder', async () => {
    const [loan] = (await (await call(NO_CONTACTS, 'GET', '/api/wallet/transfers')).json()) as {
      transferId: string;
    }[];
    const before = await since();
    expect((await call(NO_CONTACTS, 'POST', `/api/wallet/transfers/${loan?.transferId}/reject`)).status).toBe(
      200,
    );
    expect(await writtenSince(before)).toEqual([`${HOLDER}:LOAN_REJECTED`]);
    await mailTo(HOLDER, /ΠΑΝΑΓΙΩΤΗΣ ΚΩΣΤΑΚΗΣ απέρριψε το εισιτήριο/);
  });

  it('a ticket bound at the ticket office to a registry person’s identity card tells that person, once', async () => {
    const officer = (await loginAs(base, CLUB_OFFICER)).cookie;
    const bind = (path: 'identify' | 'personalize', body: unknown) =>
      fetch(`${base}/api/ticket-office/${path}`, {
        method: 'POST',
        headers: jsonFrom(base, officer),
        body: JSON.stringify(body),
      });
    const card = DEMO_IDENTITY_CARDS[TICKETLESS] ?? '';
    const binding = {
      ticketCode: demoTicketCode('3', 2, 3),
      firstName: 'ΜΑΡΙΑ',
      lastName: 'ΠΑΠΑΔΟΠΟΥΛΟΥ',
      documentType: 'NATIONAL_ID',
      // Typed without its hyphen: the canonical number is what the registry is met on.
      documentId: card.replace('-', ''),
    };
    const before = await since();
    expect((await bind('personalize', binding)).status).toBe(200);
    expect(await writtenSince(before)).toEqual([`${TICKETLESS}:TICKET_BOUND`]);
    const mail = await mailTo(TICKETLESS, /^Έκδοση εισιτηρίου στο όνομά σας/);
    expect(mail.text).toContain('Α.Ε. Ολυμπιάδα - Π.Α.Σ. Ηπείρου (Κύπελλο)');
    expect(mail.text).toContain('από το εκδοτήριο του οργανισμού «Α.Ε. Ολυμπιάδα (ποδόσφαιρο)»');
    for (const identifier of [TICKETLESS, card, binding.documentId]) {
      expect(mail.text).not.toContain(identifier);
      expect(mail.html).not.toContain(identifier);
    }

    // The same binding again is a reprint: the person already knows of the ticket.
    const reprinted = await since();
    expect((await bind('personalize', binding)).status).toBe(200);
    expect(await writtenSince(reprinted)).toEqual([]);

    // A passport the registry does not know: bound, and nobody told.
    const unknown = await since();
    const passport = await bind('identify', {
      ticketCode: demoTicketCode('3', 2, 4),
      firstName: 'John',
      lastName: 'Smith',
      documentType: 'PASSPORT',
      documentId: 'X7654321',
    });
    expect(passport.status).toBe(200);
    expect(await writtenSince(unknown)).toEqual([]);
  });

  it('a suspension entered and lifted tells the person, naming the organisation and the last day', async () => {
    const suspend = await suspensionsAsClubOfficer();
    const before = await since();
    const added = await suspend('POST', '/add', {
      ...noPerson,
      afm: GUARDIAN,
      endDate: '2099-12-31',
    });
    expect(added.status).toBe(200);
    const { id } = (await added.json()) as { id: number };
    expect(await writtenSince(before)).toEqual([`${GUARDIAN}:SUSPENSION_ENTERED`]);
    const mail = await mailTo(GUARDIAN, /^Αποκλεισμός/);
    expect(mail.text).toContain('έως και τις 31/12/2099');
    expect(mail.text).toContain('«Α.Ε. Ολυμπιάδα (ποδόσφαιρο)»');

    const lifted = await since();
    const deleted = await suspend('PUT', `/delete/${id}`, { afm: GUARDIAN, amka: '', documentId: '' });
    expect(deleted.status).toBe(200);
    expect(await writtenSince(lifted)).toEqual([`${GUARDIAN}:SUSPENSION_LIFTED`]);
    await mailTo(GUARDIAN, /^Άρση αποκλεισμού/);
  });

  it('a second suspension of one suspended already is a change: "changed", with the last day the wallet shows', async () => {
    const suspend = await suspensionsAsClubOfficer();
    const add = async (endDate: string) => {
      const before = await since();
      const added = await suspend('POST', '/add', { ...noPerson, afm: GUARDIAN, endDate });
      expect(added.status).toBe(200);
      return { id: ((await added.json()) as { id: number }).id, written: await writtenSince(before) };
    };
    const lift = async (id: number) => {
      const before = await since();
      expect(
        (await suspend('PUT', `/delete/${id}`, { afm: GUARDIAN, amka: '', documentId: '' })).status,
      ).toBe(200);
      return writtenSince(before);
    };
    const first = await add('2098-12-31');
    expect(first.written).toEqual([`${GUARDIAN}:SUSPENSION_ENTERED`]);
    const extended = await add('2099-06-30');
    expect(extended.written).toEqual([`${GUARDIAN}:SUSPENSION_CHANGED`]);
    const changed = await mailTo(GUARDIAN, /^Αλλαγή αποκλεισμού[^]*30\/06\/2099/);
    expect(changed.text).toContain('έως και τις 30/06/2099');
    expect(changed.text).toContain('«Α.Ε. Ολυμπιάδα (ποδόσφαιρο)»');

    // Lifting the later one leaves the first in force: a change back to its last day, not "lifted".
    expect(await lift(extended.id)).toEqual([`${GUARDIAN}:SUSPENSION_CHANGED`]);
    await mailTo(GUARDIAN, /^Αλλαγή αποκλεισμού[^]*31\/12\/2098/);
    expect(await lift(first.id)).toEqual([`${GUARDIAN}:SUSPENSION_LIFTED`]);
    // Every message gone out before the next test counts the mailbox.
    await expect
      .poll(async () => db().select().from(notifications).where(eq(notifications.emailStatus, 'PENDING')), {
        timeout: 20_000,
      })
      .toEqual([]);
  });

  it('a change rolled back leaves no notification, no job and no mail', async () => {
    const before = await since();
    const jobs = async () => Number(await scalar(sql`select count(*)::text as value from pgboss.job`));
    const jobsBefore = await jobs();
    const mailsBefore = (await mailbox()).length;
    await expect(
      db().transaction(async (tx) => {
        await notify(db(), tx, {
          recipientAfm: GUARDIAN,
          kind: 'LOAN_OFFERED',
          eventId: null,
          params: {
            eventDescription: 'Αγώνας',
            eventStartsAt: new Date().toISOString(),
            venue: 'Γήπεδο',
            otherName: 'Χ',
          },
        });
        throw new Error('the change fails after its notification was written');
      }),
    ).rejects.toThrow(/fails after/);
    expect(await writtenSince(before)).toEqual([]);
    expect(await jobs()).toBe(jobsBefore);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await mailbox()).length).toBe(mailsBefore);
  });
});
