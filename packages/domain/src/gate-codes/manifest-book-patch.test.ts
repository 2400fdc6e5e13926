import { describe, expect, it } from 'vitest';
import type { GateManifestEntryInput, GateManifestInput } from './manifest';
import { GateManifestBook, type GateManifestPatch } from './manifest-book';
import {
  ENDS,
  entryFor,
  EVENT_ID,
  GATES_OPEN,
  person,
  platformKey,
  platformKeys,
  ticketCodeOf,
} from './test-fixtures';

const holder = person('ΜΑΡΙΑ', 'ΠΑΠΑΔΟΠΟΥΛΟΥ');
const SALT = new Uint8Array(32).fill(9);
const barcode = (n: number, serial = 1) => `${String(n).padStart(8, '0')}${String(serial).padStart(8, '0')}`;

/** What the fixture says of ticket n: its print of `serial` (the earlier ones revoked), maybe suspended. */
const ticket = (n: number, serial = 1, suspended = false) => ({
  ticketCode: ticketCodeOf(n),
  entries: [
    entryFor({ kind: 'random', code: barcode(n, serial) }, ticketCodeOf(n), holder, {
      holderSuspended: suspended,
    }),
  ] as GateManifestEntryInput[],
  revokedSerials: Array.from({ length: serial - 1 }, (_, at) => at + 1),
  credentialIds: [] as number[],
  revokedCredentialIds: [] as number[],
  issuedStatusNumbers: [] as number[],
  invalid: [] as number[],
  suspended: [] as number[],
});
type Ticket = ReturnType<typeof ticket>;

const whole = (tickets: Ticket[], createdAt = new Date('2026-03-14T12:00:00Z')): GateManifestInput => ({
  eventId: EVENT_ID,
  seasonId: null,
  gatesOpenAt: GATES_OPEN,
  endsAt: ENDS,
  createdAt,
  salt: SALT,
  platformKeys,
  revokedPaperCodes: tickets.flatMap((t) =>
    t.revokedSerials.map((serial) => ({ ticketCode: t.ticketCode, serial })),
  ),
  revokedCredentialIds: [],
  entries: tickets.flatMap((t) => t.entries),
});
const patchOf = (tickets: Ticket[], createdAt: Date): GateManifestPatch => ({
  createdAt,
  gatesOpenAt: GATES_OPEN,
  endsAt: ENDS,
  tickets,
});

describe('a book patched with the tickets that changed', () => {
  const fixture = Array.from({ length: 50 }, (_, n) => ticket(n + 1));
  const later = new Date('2026-03-14T12:05:00Z');

  it('ends as the same book as an update with the whole fixture: rows, delta and manifest', () => {
    // A reprint of ticket 3, a suspension of ticket 7's holder, ticket 9 no longer letting anyone in.
    const changed = [ticket(3, 2), ticket(7, 1, true), { ...ticket(9), entries: [] }];
    const after = fixture.map((t) => changed.find((c) => c.ticketCode === t.ticketCode) ?? t);

    const updated = new GateManifestBook(whole(fixture), platformKey);
    expect(updated.update(whole(after, later))).toBe(true);
    const patched = new GateManifestBook(whole(fixture), platformKey);
    expect(patched.patch(patchOf(changed, later))).toBe(true);

    expect(patched.revision).toBe(1);
    expect(patched.rows(0)).toEqual(updated.rows(0));
    expect(patched.rows()).toEqual(updated.rows());
    expect(patched.manifest()).toEqual(updated.manifest());
    const salt = patched.salt;
    expect(patched.deltaSince(salt, 0, 100)).toEqual(updated.deltaSince(salt, 0, 100));
    // Ticket 3's old entry, its new one, its revoked print; ticket 7's entry; ticket 9's, removed.
    expect(patched.rows(0).map((row) => row.mark.split(':')[0])).toEqual(
      expect.arrayContaining(['entry', 'entry', 'entry', 'entry', 'paper']),
    );
    expect(patched.rows(0)).toHaveLength(5);
  });

  it('makes no revision when the tickets read again say what the book holds', () => {
    const book = new GateManifestBook(whole(fixture), platformKey);
    expect(book.patch(patchOf([ticket(3), ticket(4)], later))).toBe(false);
    expect(book.revision).toBe(0);
    expect(book.rows(0)).toEqual([]);
  });

  it('follows in another process with the entries’ owners, and patches there as here', () => {
    const book = new GateManifestBook(whole(fixture), platformKey);
    const replica = new GateManifestBook({ state: book.state(), rows: book.rows() }, platformKey);
    expect(replica.knowsOwners()).toBe(true);
    book.patch(patchOf([ticket(5, 2)], later));
    replica.follow(book.state(), book.rows(0));
    expect(replica.patch(patchOf([ticket(5, 3)], later))).toBe(true);
    expect(book.patch(patchOf([ticket(5, 3)], later))).toBe(true);
    expect(replica.rows()).toEqual(book.rows());
    // A book restored from rows that name no owner (stored before owners were kept) is not patched.
    const ownerless = book.rows().map(({ owner: _owner, ...row }) => row);
    const old = new GateManifestBook({ state: book.state(), rows: ownerless }, platformKey);
    expect(old.knowsOwners()).toBe(false);
    expect(() => old.patch(patchOf([ticket(5, 4)], later))).toThrow();
  });
});
