import { describe, expect, it } from 'vitest';
import { generateGateKeyPair } from './keys';
import { verifyManifestSignature, type GateManifest, type GateManifestInput } from './manifest';
import { GateManifestBook } from './manifest-book';
import { applyManifestDelta, verifyManifestDelta, type GateManifestDelta } from './manifest-delta';
import {
  DURING,
  ENDS,
  entryFor,
  EVENT_ID,
  GATES_OPEN,
  paper,
  person,
  phone,
  platformKey,
  platformKeys,
  SEASON_ID,
  ticketCodeOf,
} from './test-fixtures';
import { verifyGateCode } from './verify-gate-code';

const holder = person('ΜΑΡΙΑ', 'ΠΑΠΑΔΟΠΟΥΛΟΥ');
const other = person('ΚΩΣΤΑΣ', 'ΔΗΜΟΥ');
const printA = paper(ticketCodeOf(1));
const printB = paper(ticketCodeOf(2));
const walletA = phone(ticketCodeOf(1), 11);

/** Tonight's fixture as the server would read it; `change` alters one reading. */
function reading(change: Partial<GateManifestInput> = {}, suspended = false): GateManifestInput {
  return {
    eventId: EVENT_ID,
    seasonId: SEASON_ID,
    gatesOpenAt: GATES_OPEN,
    endsAt: ENDS,
    createdAt: new Date(),
    platformKeys,
    revokedPaperCodes: [],
    revokedCredentialIds: [],
    entries: [
      entryFor({ kind: 'paper', code: printA }, ticketCodeOf(1), holder, { holderSuspended: suspended }),
      entryFor({ kind: 'wallet', credential: walletA.credential }, ticketCodeOf(1), holder, {
        holderSuspended: suspended,
      }),
      entryFor({ kind: 'paper', code: printB }, ticketCodeOf(2), other),
    ],
    ...change,
  };
}

const reasonOf = (code: string, manifest: GateManifest) => {
  const result = verifyGateCode(code, manifest, { eventId: EVENT_ID, now: DURING });
  return result.ok ? 'ADMITTED' : result.reason;
};
/** What a device does with a delta: verify it with its pinned keys, then apply it to its copy. */
const received = (manifest: GateManifest, delta: GateManifestDelta | undefined) => {
  const sent: unknown = JSON.parse(JSON.stringify(delta));
  expect(verifyManifestDelta(sent, platformKeys)).toBe(true);
  return applyManifestDelta(manifest, sent as GateManifestDelta) as GateManifest;
};
const asReceived = (manifest: GateManifest): GateManifest => JSON.parse(JSON.stringify(manifest));

describe('a manifest kept current with deltas', () => {
  it('carries a suspension added after the fetch in a small signed delta: the device then refuses', () => {
    const book = new GateManifestBook(reading(), platformKey);
    const held = asReceived(book.manifest());
    expect(verifyManifestSignature(held, platformKeys)).toBe(true);
    expect(reasonOf(printA, held)).toBe('ADMITTED');

    expect(book.update(reading())).toBe(false);
    expect(book.update(reading({}, true))).toBe(true);
    const delta = book.deltaSince(held.salt, held.revision, 100);
    // Only the suspended holder's two entries, re-sealed: the other ticket is not in it.
    expect(Object.keys(delta?.entries.paper ?? {})).toHaveLength(1);
    expect(Object.keys(delta?.entries.wallet ?? {})).toHaveLength(1);
    expect(JSON.stringify(delta)).not.toContain(holder.afm);

    const updated = received(held, delta);
    expect(updated.revision).toBe(1);
    expect(reasonOf(printA, updated)).toBe('SUSPENDED');
    expect(reasonOf(walletA.codeAt(DURING), updated)).toBe('SUSPENDED');
    expect(reasonOf(printB, updated)).toBe('ADMITTED');
    // The copy held before is as it was; the whole manifest at revision 1 decides alike.
    expect(reasonOf(printA, held)).toBe('ADMITTED');
    const whole = book.manifest();
    expect(verifyManifestSignature(asReceived(whole), platformKeys)).toBe(true);
    expect(whole.revision).toBe(1);
    expect(reasonOf(printA, whole)).toBe('SUSPENDED');
  });

  it('lifts a suspension, revokes a print, adds a phone and removes a code, from any earlier revision', () => {
    const book = new GateManifestBook(reading(), platformKey);
    const atZero = asReceived(book.manifest());
    book.update(reading({}, true));
    const atOne = received(atZero, book.deltaSince(atZero.salt, 0, 100));
    const newPhone = phone(ticketCodeOf(2), 12);
    const later = reading({
      revokedPaperCodes: [{ ticketCode: ticketCodeOf(2), serial: 1 }],
      revokedCredentialIds: [11],
    });
    later.entries = [
      later.entries[0] as (typeof later.entries)[number],
      entryFor({ kind: 'wallet', credential: newPhone.credential }, ticketCodeOf(2), other),
    ];
    expect(book.update(later)).toBe(true);
    for (const [copy, from] of [
      [atOne, 1],
      [atZero, 0],
    ] as const) {
      const updated = received(copy, book.deltaSince(copy.salt, from, 100));
      expect(updated.revision).toBe(2);
      expect(reasonOf(printA, updated)).toBe('ADMITTED');
      expect(reasonOf(printB, updated)).toBe('REVOKED');
      expect(reasonOf(walletA.codeAt(DURING), updated)).toBe('REVOKED');
      expect(reasonOf(newPhone.codeAt(DURING), updated)).toBe('ADMITTED');
      expect(Object.keys(updated.entries.wallet)).toHaveLength(1);
      expect(updated.revokedCredentialIds).toEqual([11]);
    }
  });

  it('is refused when tampered with, signed by an untrusted key, or not chained to the copy held', () => {
    const book = new GateManifestBook(reading(), platformKey);
    const held = asReceived(book.manifest());
    book.update(reading({}, true));
    const delta = JSON.parse(JSON.stringify(book.deltaSince(held.salt, 0, 100))) as GateManifestDelta;
    const tampered = [
      { ...delta, revision: 5 },
      { ...delta, entries: { ...delta.entries, paper: {} } },
      { ...delta, revokedCredentialIds: { added: [], removed: [11] } },
      {
        ...delta,
        signature: {
          ...delta.signature,
          value: `${delta.signature.value.startsWith('A') ? 'B' : 'A'}${delta.signature.value.slice(1)}`,
        },
      },
      { ...delta, note: 'x' },
    ];
    for (const altered of tampered) expect(verifyManifestDelta(altered, platformKeys)).toBe(false);
    const stranger = [{ keyId: platformKeys[0]?.keyId ?? 0, publicKey: generateGateKeyPair().publicKey }];
    expect(verifyManifestDelta(delta, stranger)).toBe(false);
    // A manifest signature is no delta signature, and the other way round.
    expect(verifyManifestDelta({ ...held, fromRevision: 0 }, platformKeys)).toBe(false);

    expect(applyManifestDelta({ ...held, revision: 1 }, delta)).toBeUndefined();
    const another = asReceived(new GateManifestBook(reading(), platformKey).manifest());
    expect(applyManifestDelta(another, delta)).toBeUndefined();
  });

  it('answers no delta for another salt, a copy not behind, or more changes than allowed', () => {
    const book = new GateManifestBook(reading(), platformKey);
    const salt = book.salt;
    expect(book.deltaSince(salt, 0, 100)).toBeUndefined();
    book.update(reading({}, true));
    expect(book.deltaSince('A'.repeat(43), 0, 100)).toBeUndefined();
    expect(book.deltaSince(salt, 1, 100)).toBeUndefined();
    expect(book.deltaSince(salt, 0, 1)).toBeUndefined();
    expect(book.deltaSince(salt, 0, 2)).toBeDefined();
  });

  it('follows only the same fixture and keys: another signer needs a new manifest', () => {
    const book = new GateManifestBook(reading(), platformKey);
    expect(book.canFollow(reading(), platformKey)).toBe(true);
    const next = generateGateKeyPair();
    expect(book.canFollow(reading(), { keyId: 4, secretKey: next.secretKey })).toBe(false);
    expect(
      book.canFollow(
        reading({ platformKeys: [...platformKeys, { keyId: 4, publicKey: next.publicKey }] }),
        platformKey,
      ),
    ).toBe(false);
    expect(book.canFollow(reading({ seasonId: null }), platformKey)).toBe(false);
  });

  it('is the same book in every process: restored from its stored rows, or following them revision by revision', () => {
    const stored = (book: GateManifestBook) =>
      JSON.parse(JSON.stringify({ state: book.state(), rows: book.rows() }));
    const writer = new GateManifestBook(reading(), platformKey);
    const atZero = asReceived(writer.manifest());
    const follower = new GateManifestBook(stored(writer), platformKey);
    expect(follower.manifest()).toEqual(writer.manifest());

    writer.update(reading({}, true));
    follower.follow(writer.state(), JSON.parse(JSON.stringify(writer.rows(0))));
    const later = reading({ revokedPaperCodes: [{ ticketCode: ticketCodeOf(2), serial: 1 }] });
    later.entries = later.entries.slice(0, 2);
    writer.update(later);
    // A process that restarted restores the book from every row, removals included.
    const restored = new GateManifestBook(stored(writer), platformKey);
    follower.follow(writer.state(), JSON.parse(JSON.stringify(writer.rows(1))));
    for (const book of [follower, restored]) {
      expect(book.salt).toBe(writer.salt);
      expect(book.revision).toBe(2);
      expect(book.manifest()).toEqual(writer.manifest());
      expect(book.deltaSince(atZero.salt, 0, 100)).toEqual(writer.deltaSince(atZero.salt, 0, 100));
      expect(book.deltaSince(atZero.salt, 1, 100)).toEqual(writer.deltaSince(atZero.salt, 1, 100));
      // What it then makes of a new reading is what the writer makes: only the change, re-sealed.
      expect(book.update(later)).toBe(false);
      expect(book.update(reading({ revokedPaperCodes: later.revokedPaperCodes }))).toBe(true);
      const updated = received(atZero, book.deltaSince(atZero.salt, 0, 100));
      expect(reasonOf(printA, updated)).toBe('ADMITTED');
      expect(reasonOf(printB, updated)).toBe('REVOKED');
    }
    // The rows hold each entry sealed and a tag of what it says: no name, no document.
    expect(JSON.stringify(stored(writer))).not.toMatch(/ΜΑΡΙΑ|ΚΩΣΤΑΣ/);
  });
});
