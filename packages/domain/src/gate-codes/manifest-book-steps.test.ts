import { describe, expect, it } from 'vitest';
import { verifyManifestSignature, type GateManifestInput } from './manifest';
import { GateManifestBook, MANIFEST_BOOK_STEP } from './manifest-book';
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

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** A turnstile's barcode (a random code) for ticket n: 16 characters of Crockford base32. */
const barcodeOf = (n: number) =>
  Array.from({ length: 16 }, (_, i) => CROCKFORD[Math.floor(n / 32 ** i) % 32]).join('');

const holder = person('ΜΑΡΙΑ', 'ΠΑΠΑΔΟΠΟΥΛΟΥ');
const ENTRIES = 2 * MANIFEST_BOOK_STEP + 1;
const SALT = new Uint8Array(32).fill(7);

/** A full fixture's reading: more entries than two steps; entry `suspended` (if any) marked. */
const reading = (suspended?: number): GateManifestInput => ({
  eventId: EVENT_ID,
  seasonId: null,
  gatesOpenAt: GATES_OPEN,
  endsAt: ENDS,
  createdAt: new Date(),
  salt: SALT,
  platformKeys,
  revokedPaperCodes: [],
  revokedCredentialIds: [],
  entries: Array.from({ length: ENTRIES }, (_, n) =>
    entryFor({ kind: 'random', code: barcodeOf(n + 1) }, ticketCodeOf(n + 1), holder, {
      holderSuspended: n === suspended,
    }),
  ),
});

/** Runs `steps` to its end; `between` runs at each pause. Answers the value and the pauses. */
function drive<T>(steps: Generator<void, T>, between: () => void = () => {}) {
  let pauses = 0;
  for (;;) {
    const step = steps.next();
    if (step.done) return { value: step.value, pauses };
    pauses += 1;
    between();
  }
}

describe("a book's work in steps, for a server that must keep answering", () => {
  it('builds in a pause per step, the same book as built at once', () => {
    const input = reading();
    const { value: book, pauses } = drive(GateManifestBook.building(input, platformKey));
    expect(pauses).toBe(Math.floor(ENTRIES / MANIFEST_BOOK_STEP));
    expect(book.rows()).toEqual(new GateManifestBook(input, platformKey).rows());
  });

  it('updates in a pause per step, and a reader sees the last revision until the last step', () => {
    const book = new GateManifestBook(reading(), platformKey);
    const before = book.manifest();
    const seen: number[] = [];
    const { value: changed, pauses } = drive(book.updating(reading(ENTRIES - 1)), () => {
      seen.push(book.revision);
      expect(book.manifest()).toBe(before);
    });
    expect(changed).toBe(true);
    expect(pauses).toBe(Math.floor(ENTRIES / MANIFEST_BOOK_STEP));
    expect(seen).toEqual([0, 0]);
    expect(book.revision).toBe(1);
    // Only the suspended holder's entry changed: sealed again at revision 1, nothing else.
    expect(book.rows(0)).toHaveLength(1);
    expect(drive(book.updating(reading(ENTRIES - 1))).value).toBe(false);
  });

  it('refuses to finish an update when the book followed another revision in a pause', () => {
    const book = new GateManifestBook(reading(), platformKey);
    const other = new GateManifestBook(reading(), platformKey);
    other.update(reading(0));
    const steps = book.updating(reading(1));
    steps.next();
    book.follow(other.state(), other.rows(0));
    expect(() => drive(steps)).toThrow(/changed while it was being updated/);
  });

  it('writes the whole manifest in parts of a step, the same document signed alike, as it was when asked', () => {
    const book = new GateManifestBook(reading(), platformKey);
    const whole = book.manifest();
    const parts: string[] = [];
    const text = book.manifestText();
    // A revision made while the text is being written (another request's update) is not in it.
    let updated = false;
    for (let part = text.next(); !part.done; part = text.next()) {
      parts.push(part.value);
      if (!updated) updated = book.update(reading(7));
    }
    expect(book.revision).toBe(1);
    const written: unknown = JSON.parse(parts.join(''));
    expect(written).toEqual(whole);
    expect(verifyManifestSignature(written, platformKeys)).toBe(true);
    // No part holds more than a quarter of a step's entries.
    expect(parts.length).toBeGreaterThan(ENTRIES / MANIFEST_BOOK_STEP);
    expect(Math.max(...parts.map((part) => part.split('":"').length - 1))).toBeLessThanOrEqual(
      MANIFEST_BOOK_STEP / 4 + 20,
    );
    expect(JSON.parse([...book.manifestText()].join(''))).toEqual(book.manifest());
  });
});
