import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  gateMessages,
  generateGateKeyPair,
  makeWalletCode,
  parseGateCode,
  publicKeyOf,
} from '@tickets/domain';
import { auditLog, citizens, events, gateAdmissions, tickets, transfers } from '../src/db/schema';
import { DEMO_GATE_DEVICES } from '../src/demo/played-match';
import { revertDueTransfers } from '../src/features/wallet/transfers.service';
import {
  CARD,
  CLUB_OFFICER,
  GUARDIAN,
  HOLDER,
  OTHER,
  PLATFORM_OFFICER,
  tonightTicket,
  useGateFixture,
} from './support/gate';
import { firstError } from './support/login';
import { noPerson } from './support/suspensions-api';
import { engines, startSecondServer, useTestServer } from './support/test-server';

/**
 * The gate (docs/design.md §8): every reason a steward can see comes from a real situation. Tonight's
 * match (gates open) is a fixture of the demo season; its tickets are bound at the office (paper)
 * or held in wallets (gate codes).
 */

interface Answer {
  decision: string;
  reason: string;
  message: string;
  admissionId: string | null;
  holderName: string | null;
  documentType: string | null;
  documentHint: string | null;
  seat: string | null;
  companion: { name: string; afmHint: string } | null;
  admittedAt: string | null;
  admittedBy: string | null;
}

/** A credential's bytes written as a signed code's digits (docs/gate-codes.md §2). */
const credentialAsDigits = (credential: string) => {
  const bytes = Buffer.from(credential, 'base64url');
  const digits = Math.floor(bytes.length * Math.log10(256)) + 1;
  return BigInt(`0x${bytes.toString('hex')}`)
    .toString()
    .padStart(digits, '0');
};

/** Tickets scanned all at once by two servers. */
const MANY = Array.from({ length: 12 }, (_, index) => 10 + index);
/** The ticket whose admission an officer voids. */
const VOIDED = 22;

describe.each(engines)('the gate on %s', (engine) => {
  const server = useTestServer(engine);
  // The five people logged in; tonight's match with tickets tonightTicket(1) … tonightTicket(9), and MANY.
  const { ids, call, personalize, walletCode, addDevice } = useGateFixture(server, {
    tonightSerials: [1, 2, 3, 4, 5, 6, 7, 8, 9, ...MANY, VOIDED],
  });
  let base: string;
  let token = '';
  let deviceId = '';
  const paper: Record<string, string> = {};

  const gate = (method: string, route: string, body?: unknown, bearer = token, url = base) =>
    fetch(`${url}${route}`, {
      method,
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const scan = async (event: string, code: string, bearer = token, url = base) => {
    const response = await gate('POST', '/api/gate/admissions', { eventId: ids[event], code }, bearer, url);
    expect(response.status).toBe(200);
    return (await response.json()) as Answer;
  };

  beforeAll(async () => {
    base = server.baseUrl;
    ({ token, deviceId } = await addDevice('Θύρα 3 - κινητό 1'));
    paper.tonight = await personalize(tonightTicket(1));
    paper.derby = await personalize('301000000070');
  });

  it('registers, lists and revokes devices per club, the token shown once and refused at once when revoked', async () => {
    const listed = (await (
      await call(CLUB_OFFICER, 'GET', '/api/ticket-office/gate-devices')
    ).json()) as Record<string, unknown>[];
    // This test's device, and those of the demo's played match (demo/played-match.ts).
    const labelled = listed.map((one) => one.label).sort();
    expect(labelled).toEqual(['Θύρα 3 - κινητό 1', ...DEMO_GATE_DEVICES].sort());
    expect(listed).toContainEqual(
      expect.objectContaining({ deviceId, organisationId: 'ae-olympiada', revokedAt: null }),
    );
    expect(JSON.stringify(listed)).not.toContain(token);
    // A platform-wide officer names the club; without it, a clear Greek refusal.
    const unnamed = await call(PLATFORM_OFFICER, 'POST', '/api/ticket-office/gate-devices', { label: 'Χ' });
    expect((await firstError(unnamed))?.code).toBe('ORGANISATION_REQUIRED');
    const unknown = await call(PLATFORM_OFFICER, 'POST', '/api/ticket-office/gate-devices', {
      label: 'Χ',
      organisationId: 'no-such-club',
    });
    expect((await firstError(unknown))?.code).toBe('ORGANISATION_NOT_FOUND');
    const spare = await addDevice('Εφεδρική', PLATFORM_OFFICER, 'ae-olympiada');
    expect((await gate('GET', '/api/gate/events', undefined, spare.token)).status).toBe(200);
    const revoked = await call(CLUB_OFFICER, 'DELETE', `/api/ticket-office/gate-devices/${spare.deviceId}`);
    expect(revoked.status).toBe(200);
    const refused = await gate(
      'POST',
      '/api/gate/admissions',
      { eventId: ids.tonight, code: 'X' },
      spare.token,
    );
    expect(refused.status).toBe(401);
    expect((await firstError(refused))?.code).toBe('GATE_DEVICE_UNAUTHENTICATED');
    // The admission reads its device with the scan; a bad body is still refused as the device first.
    const badBody = await gate('POST', '/api/gate/admissions', { eventId: 'x' }, spare.token);
    expect((await firstError(badBody))?.code).toBe('GATE_DEVICE_UNAUTHENTICATED');
    expect((await firstError(await gate('POST', '/api/gate/admissions', { eventId: 'x' })))?.code).toBe(
      'VALIDATION_ERROR',
    );
    const unreadable = (bearer: string) =>
      fetch(`${base}/api/gate/admissions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        body: '{"eventId": ',
      });
    expect((await firstError(await unreadable(spare.token)))?.code).toBe('GATE_DEVICE_UNAUTHENTICATED');
    expect((await firstError(await unreadable(token)))?.code).toBe('MALFORMED_JSON');
    // Cookies do not make a device, nor does a citizen's session.
    expect((await call(CLUB_OFFICER, 'GET', '/api/gate/events')).status).toBe(401);
    expect((await call(HOLDER, 'GET', '/api/ticket-office/gate-devices')).status).toBe(403);
  });

  it('admits a printed ticket once, says when and by which device the second time, and lets a steward undo', async () => {
    const first = await scan('tonight', paper.tonight ?? '');
    expect(first).toMatchObject({
      decision: 'ADMIT',
      reason: 'ADMITTED',
      holderName: 'ΙΩΑΝΝΗΣ ΠΑΠΑΔΑΚΗΣ',
      documentType: 'NATIONAL_ID',
      documentHint: '654',
      seat: 'Θύρα 3, Σειρά 4, Θέση 1',
      admittedBy: 'Θύρα 3 - κινητό 1',
    });
    const again = await scan('tonight', (paper.tonight ?? '').toLowerCase());
    expect(again).toMatchObject({
      decision: 'REFUSE',
      reason: 'ALREADY_ADMITTED',
      admittedAt: first.admittedAt,
    });
    expect(again.message).toContain('Θύρα 3 - κινητό 1');

    expect((await gate('DELETE', `/api/gate/admissions/${first.admissionId}`)).status).toBe(200);
    const readmitted = await scan('tonight', paper.tonight ?? '');
    expect(readmitted.decision).toBe('ADMIT');
    await server.database.db
      .update(gateAdmissions)
      .set({ admittedAt: sql`now() - interval '3 minutes'` })
      .where(eq(gateAdmissions.id, readmitted.admissionId ?? ''));
    const late = await gate('DELETE', `/api/gate/admissions/${readmitted.admissionId}`);
    expect((await firstError(late))?.code).toBe('ADMISSION_UNDO_EXPIRED');
  });

  it('refuses unknown codes (the public code too), another event’s ticket, and before the gates open', async () => {
    expect((await scan('tonight', 'NOT-A-CODE')).reason).toBe('UNKNOWN_CODE');
    expect((await scan('tonight', tonightTicket(1))).reason).toBe('UNKNOWN_CODE');
    expect((await scan('demo-derby', paper.tonight ?? '')).reason).toBe('WRONG_EVENT');
    expect(await scan('demo-derby', paper.derby ?? '')).toMatchObject({
      reason: 'NOT_OPEN_YET',
      message: gateMessages.decisions.NOT_OPEN_YET,
    });
    // An event of another club is not the device's to ask about.
    const foreign = await gate('POST', '/api/gate/admissions', { eventId: ids['demo-basket'], code: 'X' });
    expect(foreign.status).toBe(404);
  });

  it('refuses a played fixture, and a suspended holder', async () => {
    const season = await personalize('303000000030');
    expect((await scan('demo-past', season)).reason).toBe('EVENT_OVER');
    const suspended = await personalize(tonightTicket(2), 'ΣΣ123456');
    const added = await call(PLATFORM_OFFICER, 'POST', '/api/blackList-administration/add', {
      ...noPerson,
      documentId: 'σσ 123-456',
      endDate: '2099-12-31',
    });
    expect(added.status).toBe(200);
    expect(await scan('tonight', suspended)).toMatchObject({ decision: 'REFUSE', reason: 'SUSPENDED' });
  });

  it('a season ticket: the holder’s phone for each fixture, the recipient’s for a lent one, until the loan ends', async () => {
    const holdersCode = await walletCode(HOLDER, '303000000001');
    expect(parseGateCode(holdersCode ?? '')).toMatchObject({ kind: 'wallet', ticketCode: '303000000001' });
    const loan = await call(HOLDER, 'POST', '/api/wallet/tickets/303000000001/transfers', {
      recipientAfm: OTHER,
      eventId: ids.tonight,
    });
    const { transferId } = (await loan.json()) as { transferId: string };
    expect((await call(OTHER, 'POST', `/api/wallet/transfers/${transferId}/accept`)).status).toBe(200);

    // The holder's phone still shows the season ticket, but tonight only the recipient enters.
    expect((await scan('tonight', holdersCode ?? '')).reason).toBe('NOT_FOR_THIS_EVENT');
    const recipientsCode = await walletCode(OTHER, '303000000001');
    expect(await scan('tonight', recipientsCode ?? '')).toMatchObject({
      decision: 'ADMIT',
      holderName: 'ΣΟΦΙΑ ΙΩΑΝΝΙΔΟΥ',
      documentHint: null,
    });

    // The loan closes (its fixture's time, forced here): the recipient's code stops admitting.
    await server.database.db
      .update(transfers)
      .set({ revertAt: new Date(Date.now() - 1000) })
      .where(eq(transfers.id, transferId));
    expect(await revertDueTransfers(server.database.db)).toBe(1);
    await server.database.db.delete(gateAdmissions).where(eq(gateAdmissions.eventId, ids.tonight ?? -1));
    expect((await scan('tonight', recipientsCode ?? '')).reason).toBe('REVOKED');
  });

  it('admits a minor under 15 only with an accepted companion, shown to the steward; 15 and over alone', async () => {
    const minors = await server.database.db
      .select()
      .from(citizens)
      .where(sql`${citizens.afm} is null`);
    const anna = minors.find((minor) => minor.firstName === 'ΑΝΝΑ');
    const nikolaos = minors.find((minor) => minor.firstName === 'ΝΙΚΟΛΑΟΣ');
    await server.database.db
      .update(tickets)
      .set({ holderAmka: anna?.amka })
      .where(eq(tickets.publicCode, tonightTicket(3)));
    await server.database.db
      .update(tickets)
      .set({ holderAmka: nikolaos?.amka })
      .where(eq(tickets.publicCode, tonightTicket(4)));
    // The guardian carries the children's tickets.
    const annasCode = await walletCode(GUARDIAN, tonightTicket(3));
    expect(await scan('tonight', annasCode ?? '')).toMatchObject({
      reason: 'COMPANION_REQUIRED',
      holderName: 'ΑΝΝΑ ΓΕΩΡΓΙΟΥ',
    });
    const declared = await call(GUARDIAN, 'POST', '/api/tickets/dependents/declarations/indicate', {
      publicCode: tonightTicket(3),
      afm: HOLDER,
      amka: anna?.amka,
    });
    const requests = (await (await call(HOLDER, 'GET', '/api/wallet/companion-requests')).json()) as {
      requestId: string;
      ticketCode: string;
    }[];
    expect(declared.status).toBe(200);
    const request = requests.find((entry) => entry.ticketCode === tonightTicket(3));
    expect(
      (await call(HOLDER, 'POST', `/api/wallet/companion-requests/${request?.requestId}/accept`)).status,
    ).toBe(200);
    expect(await scan('tonight', annasCode ?? '')).toMatchObject({
      decision: 'ADMIT',
      companion: { name: 'ΚΩΝΣΤΑΝΤΙΝΟΣ ΔΗΜΗΤΡΙΟΥ', afmHint: '039' },
    });
    const nikolaosCode = await walletCode(GUARDIAN, tonightTicket(4));
    expect(await scan('tonight', nikolaosCode ?? '')).toMatchObject({ decision: 'ADMIT', companion: null });
  });

  it('counts admissions and refusals by reason for the ticket office', async () => {
    const counts = await call(CLUB_OFFICER, 'GET', `/api/ticket-office/gate-counts?eventId=${ids.tonight}`);
    const body = (await counts.json()) as {
      admitted: number;
      refused: Record<string, number>;
      lastScanAt: string;
    };
    expect(body.admitted).toBe(2); // the two minors (earlier admissions were cleared above)
    expect(body.refused).toMatchObject({ UNKNOWN_CODE: 2, ALREADY_ADMITTED: 1, SUSPENDED: 1 });
    expect(body.lastScanAt).toEqual(expect.any(String));

    // The matches an officer can follow: their club's only; a platform-wide officer sees every club's.
    const listed = async (afm: string) =>
      (
        (await (await call(afm, 'GET', '/api/ticket-office/gate-events')).json()) as { eventId: number }[]
      ).map((event) => event.eventId);
    const clubs = await server.database.db
      .select({ id: events.id, organisationId: events.organisationId })
      .from(events)
      .where(sql`not ${events.seasonal}`);
    const clubsOwn = await listed(CLUB_OFFICER);
    expect(clubsOwn).toContain(ids.tonight);
    for (const id of clubsOwn) {
      expect(clubs.find((event) => event.id === id)?.organisationId).toBe('ae-olympiada');
    }
    const everyClub = await listed(PLATFORM_OFFICER);
    expect(everyClub).toEqual(expect.arrayContaining(clubsOwn));
    expect(
      everyClub.some((id) => clubs.find((event) => event.id === id)?.organisationId !== 'ae-olympiada'),
    ).toBe(true);
    // Another club's match is as good as absent.
    const elsewhere = everyClub.find((id) => !clubsOwn.includes(id));
    expect(
      (await call(CLUB_OFFICER, 'GET', `/api/ticket-office/gate-counts?eventId=${elsewhere}`)).status,
    ).toBe(404);
    const foreign = await gate('POST', '/api/gate/admissions', { eventId: elsewhere, code: 'X' });
    expect((await firstError(foreign))?.code).toBe('EVENT_NOT_FOUND');
  });

  it('no wallet answer carries a code that admits without the phone’s signature; the retired fixed code is refused', async () => {
    // Every text of the wallet's answers, the listing and a phone's registration, scanned as a code.
    const texts = (value: unknown): string[] =>
      typeof value === 'string'
        ? [value]
        : value && typeof value === 'object'
          ? Object.values(value).flatMap(texts)
          : [];
    const listing: unknown = await (await call(OTHER, 'GET', '/api/wallet/tickets')).json();
    expect(JSON.stringify(listing)).not.toContain('gateCode');
    const phone = generateGateKeyPair();
    const registration = await call(OTHER, 'POST', '/api/wallet/tickets/303000000002/device-key', {
      publicKey: phone.publicKey,
    });
    const { credential } = (await registration.json()) as { credential: string };
    const scanned = [...texts(listing), credential];
    expect(scanned).toContain('303000000002');
    for (const text of scanned) expect((await scan('tonight', text)).decision).toBe('REFUSE');
    // The credential's own bytes as digits (a wallet code without the phone's time and signature).
    expect((await scan('tonight', credentialAsDigits(credential))).reason).toBe('UNKNOWN_CODE');
    // The retired per-fixture code's format (16 characters of Crockford base 32, as a wallet listed
    // it) is no print's: refused. Only the phone's signed code admits.
    expect((await scan('tonight', '7K3M9Q2XH4TP8VW1')).reason).toBe('UNKNOWN_CODE');
    const signed = makeWalletCode({ credential, secretKey: phone.secretKey, now: new Date() });
    expect((await scan('tonight', signed)).decision).toBe('ADMIT');
    await server.database.db.delete(gateAdmissions).where(eq(gateAdmissions.eventId, ids.tonight ?? -1));
  });

  it('never shows or logs an ΑΦΜ, an ΑΜΚΑ or a whole document number', async () => {
    const answer = JSON.stringify(await scan('tonight', paper.tonight ?? ''));
    const minors = await server.database.db.select({ amka: citizens.amka }).from(citizens);
    for (const secret of [CARD, 'ΣΣ123456', HOLDER, OTHER, GUARDIAN, ...minors.map((row) => row.amka)]) {
      // Bounded by non-digits: a timestamp may hold the same digits by chance.
      const found = new RegExp(`(?<!\\d)${secret}(?!\\d)`);
      expect(answer).not.toMatch(found);
      expect(server.logs.filter((line) => found.test(line))).toEqual([]);
    }
  });

  it('records each of many tickets scanned at once, with its own audit row, and one of a ticket scanned twice', async () => {
    const serials = [6, 8, 9];
    const codes = await Promise.all(serials.map((serial) => personalize(tonightTicket(serial))));
    const answers = await Promise.all([...codes, codes[1] ?? ''].map((code) => scan('tonight', code)));
    expect(answers.map((answer) => answer.reason).sort()).toEqual([
      'ADMITTED',
      'ADMITTED',
      'ADMITTED',
      'ALREADY_ADMITTED',
    ]);
    const admitted = answers.filter((answer) => answer.decision === 'ADMIT');
    const rows = await server.database.db
      .select({ subject: auditLog.subject, details: auditLog.details })
      .from(auditLog)
      .where(sql`${auditLog.action} = 'GATE_ADMIT' and ${auditLog.subject} in ${serials.map(tonightTicket)}`);
    expect(rows.map((row) => row.subject).sort()).toEqual(serials.map(tonightTicket));
    expect(rows.map((row) => row.details?.admissionId).sort()).toEqual(
      admitted.map((answer) => answer.admissionId).sort(),
    );
    const recorded = await server.database.db
      .select({ id: gateAdmissions.id, ticket: tickets.publicCode })
      .from(gateAdmissions)
      .innerJoin(tickets, eq(tickets.id, gateAdmissions.ticketId))
      .where(sql`${tickets.publicCode} in ${serials.map(tonightTicket)}`);
    expect(recorded).toHaveLength(3);
    for (const row of rows)
      expect(recorded.find((admission) => admission.id === row.details?.admissionId)?.ticket).toBe(
        row.subject,
      );
  });

  it.runIf(engine === 'postgres')(
    'admits once when two devices on two servers scan the same ticket together',
    async () => {
      const second = await startSecondServer(server);
      try {
        const other = await addDevice('Θύρα 3 - κινητό 2');
        const code = await personalize(tonightTicket(5));
        const answers = await Promise.all([
          scan('tonight', code),
          scan('tonight', code, other.token, second.baseUrl),
          scan('tonight', code),
          scan('tonight', code, other.token, second.baseUrl),
        ]);
        expect(answers.map((answer) => answer.reason).sort()).toEqual([
          'ADMITTED',
          'ALREADY_ADMITTED',
          'ALREADY_ADMITTED',
          'ALREADY_ADMITTED',
        ]);
      } finally {
        await second.close();
      }
    },
  );

  it.runIf(engine === 'postgres')(
    'admits each of many tickets once when two servers scan them all at once, in opposite orders',
    async () => {
      const second = await startSecondServer(server);
      try {
        const other = await addDevice('Θύρα 3 - κινητό 3');
        const codes = await Promise.all(MANY.map((serial) => personalize(tonightTicket(serial))));
        const [here, there] = await Promise.all([
          Promise.all(codes.map((code) => scan('tonight', code))),
          Promise.all([...codes].reverse().map((code) => scan('tonight', code, other.token, second.baseUrl))),
        ]);
        there.reverse();
        codes.forEach((_, index) => {
          const reasons = [here[index]?.reason, there[index]?.reason].sort();
          expect(reasons).toEqual(['ADMITTED', 'ALREADY_ADMITTED']);
        });
      } finally {
        await second.close();
      }
    },
  );

  it('signed codes: a reprint revokes the print before it, a forged print is unknown, a phone’s code lives a minute, a new phone revokes the old', async () => {
    // Paper: the QR is the platform's signature; the reprint's serial replaces the first print.
    const firstPrint = await personalize(tonightTicket(7));
    const reprint = await personalize(tonightTicket(7));
    expect(parseGateCode(reprint)).toMatchObject({ kind: 'paper', ticketCode: tonightTicket(7), serial: 2 });
    // The holder of a replaced print has no Wallet code: sent to the ticket office.
    expect(await scan('tonight', firstPrint)).toMatchObject({
      reason: 'REVOKED',
      message: gateMessages.revokedPrint,
    });
    const lastDigit = reprint.at(-1) === '0' ? '1' : '0';
    expect((await scan('tonight', `${reprint.slice(0, -1)}${lastDigit}`)).reason).toBe('UNKNOWN_CODE');
    expect((await scan('tonight', reprint)).decision).toBe('ADMIT');

    // Wallet: OTHER's phone registers a key for the season ticket; its codes are signed by the phone.
    const register = async (secretKey: string) => {
      const answer = await call(OTHER, 'POST', '/api/wallet/tickets/303000000002/device-key', {
        publicKey: publicKeyOf(secretKey),
      });
      expect(answer.status).toBe(200);
      return ((await answer.json()) as { credential: string }).credential;
    };
    const oldPhone = generateGateKeyPair();
    const oldCredential = await register(oldPhone.secretKey);
    const twoMinutesAgo = makeWalletCode({
      credential: oldCredential,
      secretKey: oldPhone.secretKey,
      now: new Date(Date.now() - 120_000),
    });
    expect((await scan('tonight', twoMinutesAgo)).reason).toBe('CODE_EXPIRED');
    // The phone's signature altered in its last digit: another phone's, or a forger's.
    const genuine = makeWalletCode({
      credential: oldCredential,
      secretKey: oldPhone.secretKey,
      now: new Date(),
    });
    const forged = `${genuine.slice(0, -1)}${genuine.at(-1) === '0' ? '1' : '0'}`;
    expect((await scan('tonight', forged)).reason).toBe('UNKNOWN_CODE');
    const newPhone = generateGateKeyPair();
    const newCredential = await register(newPhone.secretKey);
    const fromOldPhone = makeWalletCode({
      credential: oldCredential,
      secretKey: oldPhone.secretKey,
      now: new Date(),
    });
    expect(await scan('tonight', fromOldPhone)).toMatchObject({
      reason: 'REVOKED',
      message: gateMessages.decisions.REVOKED,
    });
    const fromNewPhone = makeWalletCode({
      credential: newCredential,
      secretKey: newPhone.secretKey,
      now: new Date(),
    });
    expect(await scan('demo-derby', fromNewPhone)).toMatchObject({ reason: 'NOT_OPEN_YET' });
    expect(await scan('tonight', fromNewPhone)).toMatchObject({
      decision: 'ADMIT',
      holderName: 'ΣΟΦΙΑ ΙΩΑΝΝΙΔΟΥ',
    });
    // Only a ticket the person carries: another's, or a key no signature could be verified with.
    expect(
      (
        await call(HOLDER, 'POST', '/api/wallet/tickets/303000000002/device-key', {
          publicKey: newPhone.publicKey,
        })
      ).status,
    ).toBe(404);
    const badKey = await call(OTHER, 'POST', '/api/wallet/tickets/303000000002/device-key', {
      publicKey: 'abc',
    });
    expect(badKey.status).toBe(400);
    expect((await firstError(badKey))?.description).toBe(gateMessages.devicePublicKey);
  });

  it('an officer of the club voids a wrong admission with a reason, audited: the holder enters again; once only, own club only', async () => {
    const ticketCode = tonightTicket(VOIDED);
    const code = await personalize(ticketCode);
    const first = await scan('tonight', code);
    expect(first.decision).toBe('ADMIT');
    expect((await scan('tonight', code)).reason).toBe('ALREADY_ADMITTED');
    const voidIt = (afm: string, body: Record<string, unknown>) =>
      call(afm, 'POST', '/api/ticket-office/gate-admissions/void', {
        eventId: ids.tonight,
        ticketCode,
        reason: 'Σαρώθηκε κατά λάθος το εισιτήριο του διπλανού.',
        ...body,
      });

    // The reason is required, in Greek.
    const unexplained = await voidIt(CLUB_OFFICER, { reason: '  ' });
    expect(unexplained.status).toBe(400);
    expect((await firstError(unexplained))?.description).toBe(gateMessages.voidReason);

    // What voiding would undo: when and by which device, for the officer to confirm.
    const live = `/api/ticket-office/gate-admissions?eventId=${ids.tonight}&ticketCode=${ticketCode}`;
    expect(await (await call(CLUB_OFFICER, 'GET', live)).json()).toEqual({
      ticketCode,
      admittedAt: first.admittedAt,
      device: 'Θύρα 3 - κινητό 1',
    });
    const voided = await voidIt(CLUB_OFFICER, {});
    expect(voided.status).toBe(200);
    expect(await voided.json()).toEqual({
      ticketCode,
      admittedAt: first.admittedAt,
      device: 'Θύρα 3 - κινητό 1',
      voidedAt: expect.any(String),
    });
    const [row] = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, first.admissionId ?? ''));
    expect(row).toMatchObject({
      actor: CLUB_OFFICER,
      action: 'GATE_ADMISSION_VOID',
      details: expect.objectContaining({
        eventId: ids.tonight,
        voidReason: 'Σαρώθηκε κατά λάθος το εισιτήριο του διπλανού.',
      }),
    });
    // The holder is admitted again; the voided one cannot be voided twice.
    const readmitted = await scan('tonight', code);
    expect(readmitted).toMatchObject({ decision: 'ADMIT', reason: 'ADMITTED' });
    expect((await voidIt(PLATFORM_OFFICER, {})).status).toBe(200);
    expect((await firstError(await call(CLUB_OFFICER, 'GET', live)))?.code).toBe('ADMISSION_NOT_LIVE');
    const twice = await voidIt(CLUB_OFFICER, {});
    expect(twice.status).toBe(404);
    expect((await firstError(twice))?.code).toBe('ADMISSION_NOT_LIVE');

    // Another club's admission is as good as absent to this club's officer; a platform-wide one voids it.
    const [foreign] = await server.database.db
      .select({ ticketId: tickets.id, ticketCode: tickets.publicCode, eventId: events.id })
      .from(tickets)
      .innerJoin(events, eq(events.id, tickets.eventId))
      .where(sql`${events.organisationId} = 'kae-akropoli' and not ${events.seasonal}`)
      .limit(1);
    if (!foreign) throw new Error('the demo data has a match of another club');
    const theirs = await addDevice('Θύρα 1', PLATFORM_OFFICER, 'kae-akropoli');
    await server.database.db
      .insert(gateAdmissions)
      .values({ ticketId: foreign.ticketId, eventId: foreign.eventId, deviceId: theirs.deviceId });
    const elsewhere = { eventId: foreign.eventId, ticketCode: foreign.ticketCode };
    const refused = await voidIt(CLUB_OFFICER, elsewhere);
    expect(refused.status).toBe(404);
    expect((await firstError(refused))?.code).toBe('ADMISSION_NOT_LIVE');
    expect((await voidIt(PLATFORM_OFFICER, elsewhere)).status).toBe(200);
  });
});
