import { describe, expect, it } from 'vitest';
import { NEWER_THAN_LIST_MARGIN_SECONDS } from '../constants';
import { bytesToDigits, digitsToBytes } from './digits';
import { buildGateManifest, type GateManifest, type GateManifestEntryInput } from './manifest';
import {
  DURING,
  ENDS,
  entryFor,
  EVENT_ID,
  GATES_OPEN,
  manifestOf,
  OTHER_EVENT_ID,
  OTHER_FIXTURE_ID,
  paper,
  person,
  phone,
  platformKey,
  platformKeys,
  SEASON_ID,
  ticketCodeOf,
  type Person,
} from './test-fixtures';
import { verifyGateCode, type GateVerification } from './verify-gate-code';

/**
 * The offline decision of docs/design.md §8, rule by rule (the "done when"). One fixture
 * (EVENT_ID) of a season (SEASON_ID); each test builds the manifest the server would send.
 */

const at = (code: string, manifest: GateManifest, now = DURING, eventId = manifest.eventId) =>
  verifyGateCode(code, manifest, { eventId, now });
const reasonOf = (result: GateVerification) => (result.ok ? 'ADMITTED' : result.reason);

const holder = person('ΜΑΡΙΑ', 'ΠΑΠΑΔΟΠΟΥΛΟΥ');
const ticket = ticketCodeOf(1);
const barcode = '7K3M9Q2XH4TP8VW1';

/** One ticket with a print, a barcode and a wallet, each with its entry. */
function oneTicket(holderOf: Person = holder, more: Partial<GateManifestEntryInput> = {}, scope = EVENT_ID) {
  const printed = paper(ticket, scope);
  const wallet = phone(ticket, 1, scope);
  const entries = [
    entryFor({ kind: 'paper', code: printed }, ticket, holderOf, more),
    entryFor({ kind: 'random', code: barcode }, ticket, holderOf, more),
    entryFor({ kind: 'wallet', credential: wallet.credential }, ticket, holderOf, more),
  ];
  return { printed, wallet, entries, codes: [printed, barcode, wallet.codeAt(DURING)] };
}

/** Every code one byte away from a signed code. */
function oneByteAway(code: string): string[] {
  const bytes = digitsToBytes(code) as Uint8Array;
  return Array.from(bytes, (_, position) => {
    const altered = Uint8Array.from(bytes);
    altered[position] = (altered[position] as number) ^ (1 << (position % 8));
    return bytesToDigits(altered);
  });
}

describe('verifyGateCode: admitted', () => {
  it('admits a valid paper QR, barcode and wallet code, showing name, document type and hint, seat', () => {
    const { entries, codes } = oneTicket();
    const manifest = manifestOf(entries);
    for (const [code, kind] of [
      [codes[0], 'paper'],
      [codes[1], 'random'],
      [codes[2], 'wallet'],
    ] as const) {
      expect(at(code as string, manifest)).toEqual({
        ok: true,
        kind,
        ticketCode: ticket,
        holderName: holder.name,
        documentType: 'ΤΑΥΤΟΤΗΤΑ',
        documentHint: holder.documentId.slice(-3),
        seat: 'Θύρα 7, Σειρά 12, Θέση 5',
        companion: null,
      });
    }
  });

  it('decides the same with the manifest as the device receives it (JSON)', () => {
    const { entries, codes } = oneTicket();
    const manifest: GateManifest = JSON.parse(JSON.stringify(manifestOf(entries)));
    for (const code of codes) expect(at(code, manifest).ok).toBe(true);
  });

  it('never returns an ΑΦΜ, ΑΜΚΑ or whole document number', () => {
    const companion = person('ΝΙΚΟΣ', 'ΟΙΚΟΝΟΜΟΥ');
    const { entries, codes } = oneTicket(holder, {
      companionRequired: true,
      companion: { name: companion.name, afmHint: companion.afm.slice(-3) },
    });
    const result = JSON.stringify(codes.map((code) => at(code, manifestOf(entries))));
    for (const secret of [holder.afm, holder.amka, holder.documentId, companion.afm, companion.amka]) {
      expect(result).not.toContain(secret);
    }
  });
});

describe('verifyGateCode: genuine', () => {
  it('refuses any code one byte away from a valid one (paper and wallet, both signatures) as UNKNOWN_CODE', () => {
    const { entries, printed, wallet } = oneTicket();
    const manifest = manifestOf(entries);
    for (const code of [printed, wallet.codeAt(DURING)]) {
      for (const altered of oneByteAway(code)) expect(reasonOf(at(altered, manifest))).toBe('UNKNOWN_CODE');
    }
  });

  it('refuses a code signed with a key the manifest does not list', () => {
    const { entries } = oneTicket();
    const manifest = manifestOf(entries, {
      platformKeys: [{ keyId: platformKey.keyId + 1, publicKey: platformKeys[0]?.publicKey as string }],
    });
    expect(reasonOf(at(paper(ticket), manifest))).toBe('UNKNOWN_CODE');
  });

  it('refuses garbage, a ticket number and an unknown barcode as UNKNOWN_CODE', () => {
    const manifest = manifestOf(oneTicket().entries);
    for (const code of ['', 'hello', ticket, 'ZZZZZZZZZZZZZZZZ', '1234567890123456']) {
      expect(reasonOf(at(code, manifest)), code).toBe('UNKNOWN_CODE');
    }
  });
});

describe('verifyGateCode: current', () => {
  it('refuses a wallet code signed more than 60 s before or after now as CODE_EXPIRED', () => {
    const { entries, wallet } = oneTicket();
    const manifest = manifestOf(entries);
    for (const seconds of [-3600, -61, -60, 0, 60, 61, 3600]) {
      const code = wallet.codeAt(new Date(DURING.getTime() + seconds * 1000));
      expect(reasonOf(at(code, manifest)), `${seconds} s`).toBe(
        Math.abs(seconds) > 60 ? 'CODE_EXPIRED' : 'ADMITTED',
      );
    }
  });

  it('refuses a print replaced by a reprint as REVOKED, and admits the reprint', () => {
    const first = paper(ticket, EVENT_ID, 1);
    const reprint = paper(ticket, EVENT_ID, 2);
    const manifest = manifestOf([entryFor({ kind: 'paper', code: reprint }, ticket, holder)], {
      revokedPaperCodes: [{ ticketCode: ticket, serial: 1 }],
    });
    expect(reasonOf(at(first, manifest))).toBe('REVOKED');
    expect(reasonOf(at(reprint, manifest))).toBe('ADMITTED');
  });

  it('revokes only the listed serial of the listed ticket', () => {
    const other = ticketCodeOf(2);
    const manifest = manifestOf(
      [
        entryFor({ kind: 'paper', code: paper(ticket, EVENT_ID, 2) }, ticket, holder),
        entryFor({ kind: 'paper', code: paper(other, EVENT_ID, 1) }, other, holder),
      ],
      { revokedPaperCodes: [{ ticketCode: ticket, serial: 1 }] },
    );
    expect(reasonOf(at(paper(ticket, EVENT_ID, 2), manifest))).toBe('ADMITTED');
    expect(reasonOf(at(paper(other, EVENT_ID, 1), manifest))).toBe('ADMITTED');
  });

  it('refuses the credential of a replaced phone as REVOKED, and admits the new phone', () => {
    const lost = phone(ticket, 7);
    const replacement = phone(ticket, 8);
    const manifest = manifestOf(
      [entryFor({ kind: 'wallet', credential: replacement.credential }, ticket, holder)],
      {
        revokedCredentialIds: [7],
      },
    );
    expect(reasonOf(at(lost.codeAt(DURING), manifest))).toBe('REVOKED');
    expect(reasonOf(at(replacement.codeAt(DURING), manifest))).toBe('ADMITTED');
  });
});

describe('verifyGateCode: for this fixture', () => {
  it('refuses paper and wallet codes of another event as WRONG_EVENT', () => {
    const { entries } = oneTicket();
    const manifest = manifestOf(entries);
    expect(reasonOf(at(paper(ticket, OTHER_EVENT_ID), manifest))).toBe('WRONG_EVENT');
    expect(reasonOf(at(paper(ticket, OTHER_FIXTURE_ID), manifest))).toBe('WRONG_EVENT');
    expect(reasonOf(at(phone(ticket, 9, OTHER_EVENT_ID).codeAt(DURING), manifest))).toBe('WRONG_EVENT');
  });

  it('refuses every code when the device picked another event than its manifest’s', () => {
    const { entries, codes } = oneTicket();
    const manifest = manifestOf(entries);
    for (const code of codes)
      expect(reasonOf(at(code, manifest, DURING, OTHER_FIXTURE_ID))).toBe('WRONG_EVENT');
  });

  it('admits a season ticket at each fixture of its season, but not its holder at a fixture lent away', () => {
    const { entries, codes } = oneTicket(holder, {}, SEASON_ID);
    for (const eventId of [EVENT_ID, OTHER_FIXTURE_ID]) {
      const manifest = manifestOf(entries, { eventId });
      for (const code of codes) expect(reasonOf(at(code, manifest)), `${eventId}`).toBe('ADMITTED');
    }
    // At the fixture lent away: the holder's print, barcode and wallet are refused; the recipient's
    // wallet (a credential of its own, for this fixture) admits the recipient.
    const recipient = person('ΕΛΕΝΗ', 'ΓΕΩΡΓΙΟΥ');
    const recipientPhone = phone(ticket, 20, EVENT_ID);
    const season = oneTicket(holder, { entersThisEvent: false }, SEASON_ID);
    const lent = manifestOf([
      ...season.entries,
      entryFor({ kind: 'wallet', credential: recipientPhone.credential }, ticket, recipient),
    ]);
    for (const code of season.codes) expect(reasonOf(at(code, lent))).toBe('NOT_FOR_THIS_EVENT');
    expect(at(recipientPhone.codeAt(DURING), lent)).toMatchObject({ ok: true, holderName: recipient.name });
  });

  it('refuses a genuine code of this fixture that the manifest does not know (issued after it) as UNKNOWN_CODE', () => {
    const manifest = manifestOf(oneTicket().entries);
    expect(reasonOf(at(paper(ticketCodeOf(3)), manifest))).toBe('UNKNOWN_CODE');
    expect(reasonOf(at(phone(ticketCodeOf(3), 30).codeAt(DURING), manifest))).toBe('UNKNOWN_CODE');
  });

  it('says a genuine wallet code is newer than the list when its phone was registered after the list was read (#40 item 14)', () => {
    const readAt = new Date(DURING.getTime() - 10 * 60_000);
    const manifest = manifestOf(oneTicket().entries, { createdAt: readAt });
    const secondsAfterRead = (seconds: number) => new Date(readAt.getTime() + seconds * 1000);
    // Registered after the read, or within the margin before it (the read began before its time).
    for (const seconds of [300, 1, 0, -NEWER_THAN_LIST_MARGIN_SECONDS]) {
      const registered = phone(ticketCodeOf(3), 30, EVENT_ID, secondsAfterRead(seconds));
      expect(at(registered.codeAt(DURING), manifest), `${seconds} s`).toEqual({
        ok: false,
        reason: 'UNKNOWN_CODE',
        kind: 'wallet',
        newerThanList: true,
      });
    }
    // Issued well before the read, yet not in it: not a phone the list is too old for.
    const older = phone(ticketCodeOf(3), 30, EVENT_ID, secondsAfterRead(-NEWER_THAN_LIST_MARGIN_SECONDS - 1));
    expect(at(older.codeAt(DURING), manifest)).toEqual({ ok: false, reason: 'UNKNOWN_CODE', kind: 'wallet' });
    // A print, or another fixture's phone: never newer.
    expect(at(paper(ticketCodeOf(3)), manifest)).not.toHaveProperty('newerThanList');
    const otherFixture = phone(ticketCodeOf(3), 31, OTHER_FIXTURE_ID, secondsAfterRead(60));
    expect(at(otherFixture.codeAt(DURING), manifest)).toMatchObject({ reason: 'WRONG_EVENT' });
  });

  it('admits a known barcode only in its own fixture’s manifest', () => {
    const known = manifestOf(oneTicket().entries);
    const otherFixture = manifestOf(
      [entryFor({ kind: 'random', code: 'QQQQQQQQQQQQQQQQ' }, ticketCodeOf(4), holder)],
      { eventId: OTHER_FIXTURE_ID },
    );
    expect(reasonOf(at(barcode, known))).toBe('ADMITTED');
    expect(reasonOf(at(barcode.toLowerCase(), known))).toBe('ADMITTED');
    expect(reasonOf(at(barcode, otherFixture))).toBe('UNKNOWN_CODE');
    expect(reasonOf(at('QQQQQQQQQQQQQQQQ', known))).toBe('UNKNOWN_CODE');
  });
});

describe('verifyGateCode: gates open, fixture not over', () => {
  it('refuses before the gates open and from the end on, showing whom it concerns', () => {
    const { entries, codes } = oneTicket();
    const manifest = manifestOf(entries);
    const cases: [Date, string][] = [
      [new Date(GATES_OPEN.getTime() - 1000), 'NOT_OPEN_YET'],
      [GATES_OPEN, 'ADMITTED'],
      [new Date(ENDS.getTime() - 1000), 'ADMITTED'],
      [ENDS, 'EVENT_OVER'],
    ];
    for (const [now, reason] of cases) {
      const wallet = phone(ticket, 40);
      const walletManifest = manifestOf([
        entryFor({ kind: 'wallet', credential: wallet.credential }, ticket, holder),
      ]);
      for (const code of codes.slice(0, 2)) {
        const result = at(code, manifest, now);
        expect(reasonOf(result), now.toISOString()).toBe(reason);
        if (!result.ok) expect(result.holder?.holderName).toBe(holder.name);
      }
      expect(reasonOf(at(wallet.codeAt(now), walletManifest, now))).toBe(reason);
    }
  });
});

describe('verifyGateCode: not suspended', () => {
  it('refuses a holder whose entry the server marked suspended, showing whom it concerns', () => {
    const { entries, codes } = oneTicket(holder, { holderSuspended: true });
    const manifest = manifestOf(entries);
    for (const code of codes) {
      const result = at(code, manifest);
      expect(reasonOf(result)).toBe('SUSPENDED');
      expect(result.ok ? null : result.holder?.holderName).toBe(holder.name);
    }
  });

  it('admits a holder whose entry is not marked', () => {
    const { entries, codes } = oneTicket();
    for (const code of codes) expect(reasonOf(at(code, manifestOf(entries)))).toBe('ADMITTED');
  });
});

describe('verifyGateCode: a minor under 15 with a companion', () => {
  const minor = person('ΑΝΝΑ', 'ΠΑΠΑΔΟΠΟΥΛΟΥ');
  const companion = person('ΝΙΚΟΣ', 'ΟΙΚΟΝΟΜΟΥ');
  const accepted = { name: companion.name, afmHint: companion.afm.slice(-3) };

  it('refuses without an accepted companion (the server leaves a suspended one out) as COMPANION_REQUIRED', () => {
    const alone = oneTicket(minor, { companionRequired: true, companion: null });
    for (const code of alone.codes) {
      const result = at(code, manifestOf(alone.entries));
      expect(reasonOf(result)).toBe('COMPANION_REQUIRED');
      expect(result.ok ? null : result.holder?.companion).toBeNull();
    }
  });

  it('admits with the accepted companion, showing the companion’s name and the last 3 digits of the ΑΦΜ', () => {
    const { entries, codes } = oneTicket(minor, { companionRequired: true, companion: accepted });
    for (const code of codes) {
      expect(at(code, manifestOf(entries))).toMatchObject({
        ok: true,
        holderName: minor.name,
        companion: { name: companion.name, afmHint: companion.afm.slice(-3) },
      });
    }
  });

  it('admits a minor of 15 or more alone', () => {
    const { entries, codes } = oneTicket(minor, { companionRequired: false, companion: null });
    for (const code of codes) expect(reasonOf(at(code, manifestOf(entries)))).toBe('ADMITTED');
  });
});

describe('verifyGateCode: the first failing check is the reason', () => {
  it('follows the order of docs/design.md §8', () => {
    const companion = person('ΝΙΚΟΣ', 'ΟΙΚΟΝΟΜΟΥ');
    const everythingWrong = {
      entersThisEvent: false,
      companionRequired: true,
      companion: { name: companion.name, afmHint: '123' },
    };
    // Each failure in §8's order; a code that fails from step k on must be refused for step k.
    const steps = [
      'REVOKED',
      'WRONG_EVENT',
      'NOT_FOR_THIS_EVENT',
      'NOT_OPEN_YET',
      'SUSPENDED',
      'COMPANION_REQUIRED',
    ];
    for (let first = 0; first < steps.length; first++) {
      const failing = new Set(steps.slice(first));
      const scope = failing.has('WRONG_EVENT') ? OTHER_EVENT_ID : EVENT_ID;
      const code = paper(ticket, scope, 1);
      const entry = entryFor({ kind: 'paper', code }, ticket, holder, {
        entersThisEvent: !failing.has('NOT_FOR_THIS_EVENT'),
        holderSuspended: failing.has('SUSPENDED'),
        companionRequired: failing.has('COMPANION_REQUIRED'),
        companion: failing.has('COMPANION_REQUIRED') ? null : everythingWrong.companion,
      });
      const manifest = buildGateManifest(
        {
          eventId: EVENT_ID,
          seasonId: SEASON_ID,
          gatesOpenAt: GATES_OPEN,
          endsAt: ENDS,
          createdAt: GATES_OPEN,
          platformKeys,
          revokedPaperCodes: failing.has('REVOKED') ? [{ ticketCode: ticket, serial: 1 }] : [],
          revokedCredentialIds: [],
          entries: [entry],
        },
        platformKey,
      );
      const now = failing.has('NOT_OPEN_YET') ? new Date(GATES_OPEN.getTime() - 1000) : DURING;
      expect(reasonOf(at(code, manifest, now)), steps.slice(first).join(' + ')).toBe(steps[first]);
    }
  });

  it('gives a revoked credential as REVOKED even when its code is also expired', () => {
    const lost = phone(ticket, 7);
    const manifest = manifestOf([], { revokedCredentialIds: [7] });
    expect(reasonOf(at(lost.codeAt(new Date(DURING.getTime() - 3600_000)), manifest))).toBe('REVOKED');
    const expiredElsewhere = phone(ticket, 8, OTHER_EVENT_ID).codeAt(new Date(DURING.getTime() - 3600_000));
    expect(reasonOf(at(expiredElsewhere, manifest))).toBe('CODE_EXPIRED');
  });
});
