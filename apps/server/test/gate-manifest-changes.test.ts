import { beforeAll, describe, expect, it, vi } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import {
  applyManifestDelta,
  isManifestDelta,
  withAfmCheckDigit,
  verifyGateCode,
  type GateManifest,
  type GateManifestDelta,
} from '@tickets/domain';
import {
  citizens,
  companionDeclarations,
  gateManifests,
  guardianships,
  issuedCredentials,
  tickets,
  transfers,
} from '../src/db/schema';
import {
  cardOf,
  GUARDIAN,
  HOLDER,
  OTHER,
  PLATFORM_OFFICER,
  tonightTicket,
  useGateFixture,
  type GateDevice,
} from './support/gate';
import { takeTicket } from './support/eu-wallet';
import { loginAs } from './support/login';
import { noPerson } from './support/suspensions-api';
import { engines, useTestServer } from './support/test-server';

/**
 * A reading follows changes, not the whole fixture (issue #51; docs/design.md §8 "A reading follows
 * changes"): the database logs each change that touches a fixture's manifest in the transaction that
 * makes it, and a reading reads again and re-seals only the tickets those changes name. What a
 * reading read and wrote is what the server logs of it ("gate manifest built"), counted here.
 */
describe.each(engines)('a manifest reading that follows changes on %s', (engine) => {
  // Every poll reads the changes since the last (the interval is gate-manifest.test.ts's).
  const server = useTestServer(engine, { GATE_MANIFEST_REBUILD_SECONDS: '0' });
  const { ids, call, personalize, walletCode, addDevice } = useGateFixture(server, {
    tonightSerials: [1, 2, 3, 4, 5, 6, 7, 8, 9],
  });
  let device: GateDevice;
  let held: { manifest: GateManifest; entityTag: string };

  /** What the server logged of tonight's readings that stored a book or a revision. */
  type Built = { whole: boolean; ticketRows: number; entries: number; rowsWritten: number; revision: number };
  const builds = () =>
    server.logs
      .filter(
        (line) => line.includes('"msg":"gate manifest built"') && line.includes(`"eventId":${ids.tonight},`),
      )
      .map((line) => JSON.parse(line) as Built);

  const poll = (copy?: typeof held) =>
    fetch(
      `${server.baseUrl}/api/gate/manifest?eventId=${ids.tonight}` +
        (copy ? `&salt=${copy.manifest.salt}&revision=${copy.manifest.revision}` : ''),
      {
        headers: {
          authorization: `Bearer ${device.token}`,
          ...(copy ? { 'if-none-match': copy.entityTag } : {}),
        },
      },
    );
  /** The device's next poll: the delta it is given (applied to its copy), and the reading logged. */
  const nextDelta = async () => {
    const before = builds().length;
    const response = await poll(held);
    expect(response.status).toBe(200);
    const delta = (await response.json()) as GateManifestDelta;
    expect(isManifestDelta(delta)).toBe(true);
    held = {
      manifest: applyManifestDelta(held.manifest, delta) as GateManifest,
      entityTag: response.headers.get('etag') ?? '',
    };
    const logged = builds().slice(before);
    expect(logged).toHaveLength(1);
    return { delta, built: logged[0] as Built };
  };
  /** What a delta changes: entries added, changed or removed, and revocations. */
  const changesOf = (delta: GateManifestDelta) => ({
    entries: Object.values(delta.entries).reduce((sum, kind) => sum + Object.keys(kind).length, 0),
    removedEntries: Object.values(delta.entries).reduce(
      (sum, kind) => sum + Object.values(kind).filter((sealed) => sealed === null).length,
      0,
    ),
    revokedPrints: delta.revokedPaperCodes.added.length + delta.revokedPaperCodes.removed.length,
    revokedPhones: delta.revokedCredentialIds.added.length + delta.revokedCredentialIds.removed.length,
  });
  /** A delta of one entry added or re-sealed, nothing removed or revoked. */
  const ONE_ENTRY = { entries: 1, removedEntries: 0, revokedPrints: 0, revokedPhones: 0 };
  const decide = (code: string) =>
    verifyGateCode(code, held.manifest, { eventId: ids.tonight ?? -1, now: new Date() });
  const suspensionIds: Record<string, number> = {};
  const suspend = async (documentId: string) => {
    const added = await call(PLATFORM_OFFICER, 'POST', '/api/blackList-administration/add', {
      ...noPerson,
      documentId,
      endDate: '2099-12-31',
    });
    expect(added.status).toBe(200);
    suspensionIds[documentId] = ((await added.json()) as { id: number }).id;
  };
  const lift = async (documentId: string) => {
    const lifted = await call(
      PLATFORM_OFFICER,
      'PUT',
      `/api/blackList-administration/delete/${suspensionIds[documentId]}`,
      { afm: null, amka: null, documentId },
    );
    expect(lifted.status).toBe(200);
  };

  beforeAll(async () => {
    device = await addDevice('Θύρα 7 - κινητό');
    // A fixture of a few thousand printed tickets (Code 128 codes), written as an import writes them.
    await server.database.db.execute(sql`
      insert into ${tickets} (public_code, event_id, sector, row, seat, private_code, code_serial)
      select '3070' || lpad(n::text, 8, '0'), ${ids.tonight}, 'Θύρα 7', '1', n::text,
        upper(substr(md5('bulk' || n), 1, 16)), 1
      from generate_series(1, 3000) as n`);
  });

  it('reads and re-seals one ticket after one change to a fixture of thousands', async () => {
    const first = await poll();
    expect(first.status).toBe(200);
    held = { manifest: (await first.json()) as GateManifest, entityTag: first.headers.get('etag') ?? '' };
    const whole = builds().at(-1);
    expect(whole).toMatchObject({ whole: true });
    expect(whole?.ticketRows).toBeGreaterThanOrEqual(3000);
    expect(Object.keys(held.manifest.entries.random).length).toBeGreaterThanOrEqual(3000);
    // Nothing changed: no reading stores anything.
    expect((await poll(held)).status).toBe(304);
    expect(builds()).toHaveLength(1);

    const code = await personalize(tonightTicket(1));
    const { delta, built } = await nextDelta();
    expect(built).toMatchObject({ whole: false, ticketRows: 1, entries: 1, rowsWritten: 1 });
    expect(changesOf(delta)).toEqual(ONE_ENTRY);
    expect(decide(code).ok).toBe(true);
    expect((await poll(held)).status).toBe(304);
  });

  it('gives a device exactly the change: a binding, a reprint, a phone, a suspension added and lifted, a loan', async () => {
    // A binding: the ticket's one print.
    const bound = await personalize(tonightTicket(2));
    let next = await nextDelta();
    expect(changesOf(next.delta)).toEqual(ONE_ENTRY);
    expect(decide(bound).ok).toBe(true);

    // A reprint: the old print's entry goes, the new one's comes, the old serial is revoked.
    const reprint = await personalize(tonightTicket(2));
    next = await nextDelta();
    expect(changesOf(next.delta)).toEqual({
      entries: 2,
      removedEntries: 1,
      revokedPrints: 1,
      revokedPhones: 0,
    });
    expect(next.built).toMatchObject({ ticketRows: 1, rowsWritten: 3 });
    expect(decide(reprint).ok).toBe(true);
    expect(decide(bound)).toMatchObject({ ok: false, reason: 'REVOKED' });

    // A phone key for a season ticket of the fixture's season.
    const phone = await walletCode(HOLDER, '303000000001');
    expect(phone).not.toBeNull();
    next = await nextDelta();
    expect(changesOf(next.delta)).toEqual(ONE_ENTRY);
    expect(decide(phone ?? '').ok).toBe(true);
    // Another phone for it: the first one's credential is revoked, the new one has its entry.
    const second = await walletCode(HOLDER, '303000000001');
    next = await nextDelta();
    expect(changesOf(next.delta)).toMatchObject({ entries: 2, removedEntries: 1, revokedPhones: 1 });
    expect(decide(second ?? '').ok).toBe(true);

    // A suspension of the holder's document: their entry, marked; lifted: marked no more.
    await suspend(cardOf(tonightTicket(2)));
    next = await nextDelta();
    expect(changesOf(next.delta)).toEqual(ONE_ENTRY);
    expect(next.built).toMatchObject({ ticketRows: 1, rowsWritten: 1 });
    expect(decide(reprint)).toMatchObject({ ok: false, reason: 'SUSPENDED' });
    await lift(cardOf(tonightTicket(2)));
    next = await nextDelta();
    expect(changesOf(next.delta)).toEqual(ONE_ENTRY);
    expect(decide(reprint).ok).toBe(true);

    // A loan of tonight's fixture (written as an accepted loan is): the holder's print lets nobody in.
    const lent = await personalize(tonightTicket(3));
    await nextDelta();
    const [ticket] = await server.database.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(eq(tickets.publicCode, tonightTicket(3)));
    await server.database.db.insert(transfers).values({
      ticketId: ticket?.id ?? -1,
      fixtureId: ids.tonight ?? -1,
      fromAfm: HOLDER,
      toAfm: OTHER,
      toName: 'ΝΙΚΟΣ ΝΙΚΟΛΑΟΥ',
      status: 'ACCEPTED',
    });
    next = await nextDelta();
    expect(changesOf(next.delta)).toEqual(ONE_ENTRY);
    expect(decide(lent)).toMatchObject({ ok: false, reason: 'NOT_FOR_THIS_EVENT' });
  });

  it('gives a device exactly the change of a companion declaration, accepted and cancelled', async () => {
    const { db } = server.database;
    // A demo minor under 15 (known by ΑΜΚΑ) and their guardian, from the registry.
    const [minor] = await db
      .select({ id: citizens.id, amka: citizens.amka, guardianId: guardianships.guardianId })
      .from(citizens)
      .innerJoin(guardianships, eq(guardianships.minorId, citizens.id))
      .where(
        sql`${citizens.birthDate}::date > (now() - interval '14 years')::date and ${citizens.afm} is null`,
      )
      .limit(1);
    expect(minor).toBeDefined();
    // Tonight's ticket 7 bound to the minor, with a barcode: their entry asks for a companion.
    const [ticket] = await db
      .update(tickets)
      .set({ holderAmka: minor?.amka, privateCode: '7M1NR7TEST000007', codeSerial: 1 })
      .where(eq(tickets.publicCode, tonightTicket(7)))
      .returning({ id: tickets.id });
    let next = await nextDelta();
    expect(changesOf(next.delta)).toEqual(ONE_ENTRY);
    expect(decide('7M1NR7TEST000007')).toMatchObject({ ok: false, reason: 'COMPANION_REQUIRED' });

    const [declaration] = await db
      .insert(companionDeclarations)
      .values({
        guardianId: minor?.guardianId ?? -1,
        minorId: minor?.id ?? -1,
        ticketId: ticket?.id ?? -1,
        companionAfm: OTHER,
        companionName: 'ΝΙΚΟΣ ΝΙΚΟΛΑΟΥ',
        status: 'ACCEPTED',
      })
      .returning({ id: companionDeclarations.id });
    next = await nextDelta();
    expect(changesOf(next.delta)).toEqual(ONE_ENTRY);
    expect(next.built).toMatchObject({ ticketRows: 1, rowsWritten: 1 });
    expect(decide('7M1NR7TEST000007')).toMatchObject({ ok: true, companion: { name: 'ΝΙΚΟΣ ΝΙΚΟΛΑΟΥ' } });

    await db
      .update(companionDeclarations)
      .set({ status: 'CANCELLED' })
      .where(eq(companionDeclarations.id, declaration?.id ?? ''));
    next = await nextDelta();
    expect(changesOf(next.delta)).toEqual(ONE_ENTRY);
    expect(decide('7M1NR7TEST000007')).toMatchObject({ ok: false, reason: 'COMPANION_REQUIRED' });
  });

  it('gives a device the registry’s change: a suspension by ΑΦΜ reaches a holder bound by document once the registry links the two, and leaves when it unlinks them', async () => {
    const { db } = server.database;
    // An ΑΦΜ the registry knows no one by: its suspension names no entry yet.
    const afm = withAfmCheckDigit('17171717');
    const added = await call(PLATFORM_OFFICER, 'POST', '/api/blackList-administration/add', {
      ...noPerson,
      afm,
      endDate: '2099-12-31',
    });
    expect(added.status).toBe(200);
    const code = await personalize(tonightTicket(8), 'ΑΚ808080');
    let next = await nextDelta();
    expect(changesOf(next.delta)).toMatchObject({ entries: 1, removedEntries: 0 });
    expect(decide(code).ok).toBe(true);

    // The registry learns that the document's holder is the person of that ΑΦΜ.
    const [ticket] = await db
      .select({ documentKey: tickets.documentKey })
      .from(tickets)
      .where(eq(tickets.publicCode, tonightTicket(8)));
    expect(ticket?.documentKey).toBeTruthy();
    const [person] = await db
      .insert(citizens)
      .values({
        afm,
        amka: '01017099998',
        firstName: 'ΙΩΑΝΝΗΣ',
        lastName: 'ΠΑΠΑΔΑΚΗΣ',
        birthDate: '1970-01-01',
        identityCard: 'ΑΚ808080',
        identityCardKey: ticket?.documentKey,
      })
      .returning({ id: citizens.id });
    next = await nextDelta();
    expect(changesOf(next.delta)).toEqual(ONE_ENTRY);
    expect(next.built).toMatchObject({ ticketRows: 1, rowsWritten: 1 });
    expect(decide(code)).toMatchObject({ ok: false, reason: 'SUSPENDED' });

    // The registry corrects itself: the document is no longer that person's.
    await db
      .update(citizens)
      .set({ identityCard: null, identityCardKey: null })
      .where(eq(citizens.id, person?.id ?? -1));
    next = await nextDelta();
    expect(changesOf(next.delta)).toEqual(ONE_ENTRY);
    expect(decide(code).ok).toBe(true);
  });

  it('gives a device the guardianship’s change: a guardian’s phone for their child’s ticket admits while they are its guardian', async () => {
    const { db } = server.database;
    // The demo guardian's child under 15, known by ΑΜΚΑ only, holds tonight's ticket 9 (a barcode).
    const [child] = await db
      .select({ id: citizens.id, amka: citizens.amka })
      .from(citizens)
      .innerJoin(guardianships, eq(guardianships.minorId, citizens.id))
      .innerJoin(sql`${citizens} as guardian`, sql`guardian.id = ${guardianships.guardianId}`)
      .where(sql`guardian.afm = ${GUARDIAN} and ${citizens.afm} is null`)
      .limit(1);
    expect(child).toBeDefined();
    await db
      .update(tickets)
      .set({ holderAmka: child?.amka, privateCode: '9M1NR9TEST000009', codeSerial: 1 })
      .where(eq(tickets.publicCode, tonightTicket(9)));
    await nextDelta();
    const phone = (await walletCode(GUARDIAN, tonightTicket(9))) ?? '';
    let next = await nextDelta();
    expect(changesOf(next.delta)).toEqual(ONE_ENTRY);
    expect(decide(phone)).not.toMatchObject({ reason: 'REVOKED' });

    // The registry ends the guardianship: the phone is another's now, its entry goes.
    const [ended] = await db
      .delete(guardianships)
      .where(eq(guardianships.minorId, child?.id ?? -1))
      .returning();
    next = await nextDelta();
    expect(next.built).toMatchObject({ ticketRows: 1 });
    expect(changesOf(next.delta)).toMatchObject({ removedEntries: 1, revokedPhones: 1 });
    expect(decide(phone)).toMatchObject({ ok: false, reason: 'REVOKED' });

    // And registers it again: the phone admits as before.
    if (ended) await db.insert(guardianships).values(ended);
    next = await nextDelta();
    expect(next.built).toMatchObject({ ticketRows: 1 });
    expect(changesOf(next.delta)).toMatchObject({ entries: 1, removedEntries: 0, revokedPhones: 1 });
    expect(decide(phone)).not.toMatchObject({ reason: 'REVOKED' });
  });

  it('gives a device an EU wallet credential’s status: suspended with its holder, valid once lifted, invalid after a new phone', async () => {
    const SEASON_TICKET = '303000000001';
    await takeTicket(server.baseUrl, SEASON_TICKET, (await loginAs(server.baseUrl, HOLDER)).cookie);
    const [issued] = await server.database.db
      .select({ statusNumber: issuedCredentials.statusNumber })
      .from(issuedCredentials)
      .orderBy(desc(issuedCredentials.id))
      .limit(1);
    // The manifest lists it by its status number (its place in the status lists), never by its id.
    const place = issued?.statusNumber ?? -1;
    const statusOf = () => ({
      invalid: held.manifest.credentialStatus?.invalid.includes(place),
      suspended: held.manifest.credentialStatus?.suspended.includes(place),
    });
    // Issued valid: a device has nothing to mark, and no reading stores anything.
    const before = builds().length;
    expect((await poll(held)).status).toBe(304);
    expect(builds()).toHaveLength(before);
    expect(statusOf()).toEqual({ invalid: false, suspended: false });

    const added = await call(PLATFORM_OFFICER, 'POST', '/api/blackList-administration/add', {
      ...noPerson,
      afm: HOLDER,
      endDate: '2099-12-31',
    });
    expect(added.status).toBe(200);
    let next = await nextDelta();
    expect(next.delta.credentialStatus?.suspended.added).toEqual([place]);
    expect(statusOf()).toEqual({ invalid: false, suspended: true });

    const lifted = await call(
      PLATFORM_OFFICER,
      'PUT',
      `/api/blackList-administration/delete/${((await added.json()) as { id: number }).id}`,
      { afm: HOLDER, amka: null, documentId: null },
    );
    expect(lifted.status).toBe(200);
    next = await nextDelta();
    expect(next.delta.credentialStatus?.suspended.removed).toEqual([place]);
    expect(statusOf()).toEqual({ invalid: false, suspended: false });

    await walletCode(HOLDER, SEASON_TICKET);
    next = await nextDelta();
    expect(next.built).toMatchObject({ ticketRows: 1 });
    expect(next.delta.credentialStatus?.invalid.added).toEqual([place]);
    expect(statusOf()).toEqual({ invalid: true, suspended: false });
  });

  it('drops the entries of a ticket moved to another event at the next reading', async () => {
    // Ticket 8, bound above (the registry's case), as the device holds it.
    const [bound] = await server.database.db
      .select({ code: tickets.privateCode })
      .from(tickets)
      .where(eq(tickets.publicCode, tonightTicket(8)));
    const code = bound?.code ?? '';
    expect(decide(code).ok).toBe(true);
    const elsewhere = Object.entries(ids).find(([name]) => name !== 'tonight' && name !== 'demo-season');
    expect(elsewhere).toBeDefined();
    await server.database.db
      .update(tickets)
      .set({ eventId: elsewhere?.[1] ?? -1 })
      .where(eq(tickets.publicCode, tonightTicket(8)));
    const next = await nextDelta();
    expect(changesOf(next.delta)).toMatchObject({ entries: 1, removedEntries: 1 });
    expect(decide(code).ok).toBe(false);
  });

  it.skipIf(engine === 'pglite')(
    'misses no change committed after a later one: the first reading that sees it applies it',
    async () => {
      const { db } = server.database;
      const seatOf = (code: string) => {
        const decided = decide(code);
        return decided.ok ? decided.seat : undefined;
      };
      const early = await personalize(tonightTicket(4));
      await nextDelta();
      const later = await personalize(tonightTicket(5));
      await nextDelta();

      // A transaction that starts first and changes ticket 4's seat, still open while another
      // transaction reprints ticket 5 and commits, and a reading runs.
      let commit = () => {};
      const committed = new Promise<void>((resolve) => (commit = resolve));
      let changed = () => {};
      const seatChanged = new Promise<void>((resolve) => (changed = resolve));
      const slow = db.transaction(async (tx) => {
        await tx
          .update(tickets)
          .set({ seat: '99' })
          .where(eq(tickets.publicCode, tonightTicket(4)));
        changed();
        await committed;
      });
      await seatChanged;
      const reprint = await personalize(tonightTicket(5));
      // The reading sees the reprint, not the seat: the device gets the one, the other stays to come.
      await nextDelta();
      expect(decide(reprint).ok).toBe(true);
      expect(seatOf(early)).not.toContain('99');
      commit();
      await slow;

      // Once it commits, the next reading applies it, though its change's id came first.
      const next = await nextDelta();
      expect(next.built).toMatchObject({ ticketRows: 1, rowsWritten: 1 });
      expect(decide(reprint).ok).toBe(true);
      expect(decide(later)).toMatchObject({ ok: false, reason: 'REVOKED' });
      expect(seatOf(early)).toContain('99');
    },
  );

  it('reads every ticket on the day’s first reading, after answering the poll from the stored book', async () => {
    // The book's last whole reading was yesterday: what turns with the day (a suspension's end, an
    // age) is written nowhere, so every ticket is read again.
    await server.database.db
      .update(gateManifests)
      .set({ wholeReadAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(gateManifests.eventId, ids.tonight ?? -1));
    const code = await personalize(tonightTicket(6));
    const before = builds().length;
    // The poll that claims the reading is answered from the stored book at once (its copy is current).
    expect((await poll(held)).status).toBe(304);
    await vi.waitFor(() => expect(builds().length).toBe(before + 1), { timeout: 60_000, interval: 100 });
    expect(builds().at(-1)).toMatchObject({ whole: true });
    expect(builds().at(-1)?.ticketRows).toBeGreaterThanOrEqual(3000);

    // The next poll gets what it stored, the new print's entry alone.
    const response = await poll(held);
    expect(response.status).toBe(200);
    const delta = (await response.json()) as GateManifestDelta;
    expect(changesOf(delta)).toEqual(ONE_ENTRY);
    held = {
      manifest: applyManifestDelta(held.manifest, delta) as GateManifest,
      entityTag: response.headers.get('etag') ?? '',
    };
    expect(decide(code).ok).toBe(true);
  });
});
