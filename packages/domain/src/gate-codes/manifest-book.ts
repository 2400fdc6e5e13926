import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes, randomBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { fromBase64url, toBase64url } from './bytes';
import { SIGNING_CONTEXT, type GateCodeKind } from './codes';
import { ManifestSalt, SALT_BYTES } from './entries';
import { keyedSignature, type PlatformKey } from './keys';
import {
  assertInput,
  canonicalJson,
  manifestEntryLookup,
  manifestHeader,
  MANIFEST_FORMAT_VERSION,
  sealManifestEntry,
  signDocument,
  sortedEntries,
  sortedIds,
  sortedRevokedPaperCodes,
  type GateManifest,
  type GateManifestEntryInput,
  type GateManifestInput,
} from './manifest';
import type { GateManifestDelta } from './manifest-delta';

const codeKey = (code: GateManifestEntryInput['code']) =>
  code.kind === 'wallet' ? `wallet:${code.credential}` : `${code.kind}:${code.code}`;
const contentOf = ({ code: _code, ...entry }: GateManifestEntryInput) => JSON.stringify(entry);

/** What a manifest says besides its entries, as a book keeps it. */
export type GateManifestHeader = ReturnType<typeof manifestHeader> & { createdAt: string };

/**
 * One thing a book tracks, and the revision it last changed at (0: as first built). `mark` is
 * `entry:<kind>:<lookupId>` (with the entry as sealed and its content tag; both null once removed),
 * `paper:<ticket code>:<serial>` (a print's revocation), `credential:<id>` (a phone's), or
 * `invalid:<id>` and `suspended:<id>` (an EU-wallet credential's status).
 */
export interface GateManifestBookRow {
  mark: string;
  sealed: string | null;
  tag: string | null;
  /**
   * Whose entry it is: a tag of its ticket's code under the book's salt (`patching` finds a ticket's
   * entries by it, and no one without the salt learns whose an entry is); null for a revocation.
   */
  owner?: string | null;
  changedAt: number;
}

/**
 * What changed of some tickets of a fixture, read again (`GateManifestBook.patching`): everything the
 * manifest says of each of them now, and the header's times. What the book holds of these tickets and
 * not here goes; nothing of other tickets changes.
 */
export interface GateManifestPatch {
  createdAt: Date;
  gatesOpenAt: Date;
  endsAt: Date;
  tickets: {
    ticketCode: string;
    /** Its entries now (none: it lets nobody in by any code). */
    entries: GateManifestEntryInput[];
    /** The serials of its prints replaced by a reprint. */
    revokedSerials: number[];
    /** Every phone credential of the ticket for the fixture; those revoked among them below. */
    credentialIds: number[];
    revokedCredentialIds: number[];
    /**
     * Every EU-wallet credential of the ticket for the fixture, by status number (`statusNumberAt`);
     * those not VALID among them below.
     */
    issuedStatusNumbers: number[];
    invalid: number[];
    suspended: number[];
  }[];
}

/** A book as it can be stored and restored: everything but the rows. */
export interface GateManifestBookState {
  salt: string;
  revision: number;
  header: GateManifestHeader;
}

const entryMark = (kind: GateCodeKind, lookupId: string) => `entry:${kind}:${lookupId}`;

/**
 * How many entries a book seals or compares between two pauses of `building`, `updating` and
 * `patching`: a full stadium's 70,000 take a second of CPU, which a server must not spend in one turn
 * of its event loop (it would answer nothing else meanwhile, and a balancer's health check gives up
 * on it). 250 is a few milliseconds (docs/design.md §8 "A reading follows changes").
 */
export const MANIFEST_BOOK_STEP = 250;

/** A book's work in steps (`building`, `updating`), run to its end at once. */
function untilDone<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * A fixture's manifest as the server keeps it between polls (docs/gate-codes.md §7.6): one salt, the
 * entries sealed so far, and for everything changed since revision 0 the revision it last changed at.
 * `update` compares what the database says now with what the book holds and re-seals only the entries
 * that changed (a suspension added or lifted marks its holder's entries), at the next revision;
 * `deltaSince` answers a device that holds an earlier revision with only what changed since, and
 * `manifest` the whole, signed when first asked for at each revision.
 *
 * Its state is rows (`rows`, `state`), so that every server process can hold the same book: one
 * stores a revision's rows, the others `restore` the book from them or `follow` it to a later revision.
 * An entry's content is kept only as a tag (`ManifestSalt.contentTag`), which tells a change apart.
 */
export class GateManifestBook {
  readonly salt: string;
  revision = 0;
  private readonly sealer: ManifestSalt;
  private header: GateManifestHeader;
  /** By `kind:lookupId`'s mark: the tag of what the entry says. */
  private readonly tags = new Map<string, string>();
  private readonly entries: Record<GateCodeKind, Map<string, string>> = {
    paper: new Map(),
    random: new Map(),
    wallet: new Map(),
  };
  /** Every mark changed after revision 0: the revision it changed at. */
  private readonly changedAt = new Map<string, number>();
  /** By mark: the owner (its ticket's tag) of each entry; and by owner, its entries' marks. */
  private readonly ownerOfMark = new Map<string, string>();
  private readonly marksOf = new Map<string, Set<string>>();
  private lastOwner: { ticketCode: string; owner: string } | undefined;
  /** Where each code seen so far has its entry under this salt: two HMACs saved per code and update. */
  private readonly lookups = new Map<string, { kind: GateCodeKind; lookupId: string }>();
  private signed: GateManifest | undefined;

  constructor(
    input: GateManifestInput | { state: GateManifestBookState; rows: Iterable<GateManifestBookRow> },
    private readonly platformKey: PlatformKey,
  ) {
    if ('state' in input) {
      this.sealer = new ManifestSalt(fromBase64url(input.state.salt));
      this.salt = input.state.salt;
      this.header = input.state.header;
      this.follow(input.state, input.rows);
      return;
    }
    assertInput(input, platformKey);
    this.sealer = new ManifestSalt(input.salt ?? randomBytes(SALT_BYTES));
    this.salt = toBase64url(this.sealer.salt);
    this.header = { ...manifestHeader(input), createdAt: input.createdAt.toISOString() };
    for (const entry of input.entries) this.seal(entry);
  }

  /**
   * The constructor's build from `input`, pausing (a `yield`) after every `MANIFEST_BOOK_STEP`
   * entries sealed: the caller decides what to do in between (a server lets other requests run).
   */
  static *building(input: GateManifestInput, platformKey: PlatformKey): Generator<void, GateManifestBook> {
    const book = new GateManifestBook({ ...input, entries: [] }, platformKey);
    let sealed = 0;
    for (const entry of input.entries) {
      book.seal(entry);
      if (++sealed % MANIFEST_BOOK_STEP === 0) yield;
    }
    return book;
  }

  /** What to store besides the rows. */
  state(): GateManifestBookState {
    return { salt: this.salt, revision: this.revision, header: this.header };
  }

  /** The rows changed after `revision` (every row, from -1): what a new revision adds to the store. */
  rows(revision = -1): GateManifestBookRow[] {
    const rows: GateManifestBookRow[] = [];
    const changedAt = (mark: string) => this.changedAt.get(mark) ?? 0;
    if (revision < 0) {
      for (const kind of ['paper', 'random', 'wallet'] as const) {
        for (const [lookupId, sealed] of this.entries[kind]) {
          const mark = entryMark(kind, lookupId);
          const owner = this.ownerOfMark.get(mark) ?? null;
          rows.push({ mark, sealed, tag: this.tags.get(mark) ?? null, owner, changedAt: changedAt(mark) });
        }
      }
    }
    for (const [mark, at] of this.changedAt) {
      if (at <= revision || (revision < 0 && this.tags.has(mark))) continue;
      if (!mark.startsWith('entry:'))
        rows.push({ mark, sealed: null, tag: null, owner: null, changedAt: at });
      else {
        const [, kind, lookupId] = mark.split(':') as [string, GateCodeKind, string];
        const sealed = this.entries[kind].get(lookupId) ?? null;
        const owner = this.ownerOfMark.get(mark) ?? null;
        rows.push({ mark, sealed, tag: this.tags.get(mark) ?? null, owner, changedAt: at });
      }
    }
    return rows;
  }

  /**
   * Takes a later revision of this book that another process stored: its state and the rows changed
   * since this one's revision (or all of them).
   */
  follow(state: GateManifestBookState, rows: Iterable<GateManifestBookRow>): void {
    if (state.salt !== this.salt) throw new RangeError('Another book.');
    for (const row of rows) {
      if (row.changedAt > 0) this.changedAt.set(row.mark, row.changedAt);
      if (!row.mark.startsWith('entry:')) continue;
      const [, kind, lookupId] = row.mark.split(':') as [string, GateCodeKind, string];
      if (row.sealed === null || row.tag === null) {
        this.entries[kind].delete(lookupId);
        this.tags.delete(row.mark);
        this.disown(row.mark);
      } else {
        this.entries[kind].set(lookupId, row.sealed);
        this.tags.set(row.mark, row.tag);
        this.disown(row.mark);
        if (row.owner) this.own(row.mark, row.owner);
      }
    }
    this.revision = state.revision;
    this.header = state.header;
    this.signed = undefined;
  }

  /** Whether `input` can follow as a later revision: the same fixture, season and keys (else: a new book). */
  canFollow(input: GateManifestInput, platformKey: PlatformKey): boolean {
    return (
      input.eventId === this.header.eventId &&
      input.seasonId === this.header.seasonId &&
      platformKey.keyId === this.platformKey.keyId &&
      platformKey.secretKey === this.platformKey.secretKey &&
      JSON.stringify(manifestHeader(input).platformKeys) === JSON.stringify(this.header.platformKeys) &&
      input.credentialStatus?.lists === this.header.credentialStatus?.lists
    );
  }

  private lookupOf(entry: GateManifestEntryInput) {
    const key = codeKey(entry.code);
    let lookup = this.lookups.get(key);
    if (!lookup)
      this.lookups.set(key, (lookup = manifestEntryLookup(this.sealer, entry.code, entry.ticketCode)));
    return lookup;
  }

  private seal(entry: GateManifestEntryInput) {
    const { kind, lookupId, sealed } = sealManifestEntry(this.sealer, entry, this.revision);
    const mark = entryMark(kind, lookupId);
    if (this.tags.has(mark)) throw new RangeError('The same code twice.');
    this.lookups.set(codeKey(entry.code), { kind, lookupId });
    this.tags.set(mark, this.sealer.contentTag(contentOf(entry)));
    this.entries[kind].set(lookupId, sealed);
    this.own(mark, this.ownerOf(entry.ticketCode));
    if (this.revision > 0) this.changedAt.set(mark, this.revision);
  }

  /** A ticket's tag under this salt (`GateManifestBookRow.owner`); one MAC per ticket, not per entry. */
  private ownerOf(ticketCode: string): string {
    if (this.lastOwner?.ticketCode !== ticketCode)
      this.lastOwner = { ticketCode, owner: this.sealer.contentTag(`ticket:${ticketCode}`) };
    return this.lastOwner.owner;
  }

  private own(mark: string, owner: string) {
    this.ownerOfMark.set(mark, owner);
    let marks = this.marksOf.get(owner);
    if (!marks) this.marksOf.set(owner, (marks = new Set()));
    marks.add(mark);
  }

  private disown(mark: string) {
    const owner = this.ownerOfMark.get(mark);
    if (owner === undefined) return;
    this.ownerOfMark.delete(mark);
    const marks = this.marksOf.get(owner);
    marks?.delete(mark);
    if (marks?.size === 0) this.marksOf.delete(owner);
  }

  /** Whether every entry's ticket is known (a book stored before owners were kept is not). */
  knowsOwners(): boolean {
    return this.ownerOfMark.size === this.tags.size;
  }

  /** Removes an entry at `revision`. */
  private remove(mark: string, revision: number) {
    const [, kind, lookupId] = mark.split(':') as [string, GateCodeKind, string];
    this.tags.delete(mark);
    this.entries[kind].delete(lookupId);
    this.disown(mark);
    this.changedAt.set(mark, revision);
  }

  /**
   * Takes what the fixture's manifest says now; when anything differs, the revision goes up by one
   * and every entry added or changed is sealed at it. Answers whether it did.
   */
  update(input: GateManifestInput): boolean {
    return untilDone(this.updating(input));
  }

  /**
   * `update`, pausing (a `yield`) after every `MANIFEST_BOOK_STEP` entries compared. Until its last
   * step it changes nothing a reader sees: the book answers as at its revision until then.
   */
  *updating(input: GateManifestInput): Generator<void, boolean> {
    const headerAtStart = this.header;
    const change = this.headerChange(input);

    const changed: GateManifestEntryInput[] = [];
    const present = new Set<string>();
    for (const entry of input.entries) {
      const { kind, lookupId } = this.lookupOf(entry);
      const mark = entryMark(kind, lookupId);
      if (present.has(mark)) throw new RangeError('The same code twice.');
      present.add(mark);
      if (this.tags.get(mark) !== this.sealer.contentTag(contentOf(entry))) changed.push(entry);
      if (present.size % MANIFEST_BOOK_STEP === 0) yield;
    }
    // A `follow` in a pause would leave the comparison behind (a caller runs one at a time per book).
    if (this.header !== headerAtStart) throw new Error('The book changed while it was being updated.');
    const removed = [...this.tags.keys()].filter((mark) => !present.has(mark));
    return this.advance(change, changed, removed);
  }

  /** Seals `entries` again at the current revision, in place of what their codes' entries said. */
  private reseal(entries: GateManifestEntryInput[]) {
    for (const entry of entries) {
      const { kind, lookupId } = this.lookupOf(entry);
      const mark = entryMark(kind, lookupId);
      this.tags.delete(mark);
      this.entries[kind].delete(lookupId);
      this.disown(mark);
      this.seal(entry);
    }
  }

  /**
   * `update` for some tickets only (`patch`, what a server read again of the tickets that changed):
   * their entries and revocations are replaced by the patch's, nothing else is compared, so the work
   * is the patch's size, not the fixture's. When anything differs, the revision goes up by one and
   * every entry added or changed is sealed at it; the rows, the delta and the nonces are as
   * `update`'s. Answers whether it did. A book must `knowsOwners` to be patched.
   */
  patch(patch: GateManifestPatch): boolean {
    return untilDone(this.patching(patch));
  }

  /** `patch`, pausing (a `yield`) after every `MANIFEST_BOOK_STEP` entries compared. */
  *patching(patch: GateManifestPatch): Generator<void, boolean> {
    if (!this.knowsOwners()) throw new Error('A book without its entries’ tickets cannot be patched.');
    const headerAtStart = this.header;
    const { createdAt: _createdAt, ...held } = this.header;
    const codes = new Set(patch.tickets.map((ticket) => ticket.ticketCode));
    const without = <T>(items: readonly T[], of: Set<T>) => items.filter((item) => !of.has(item));
    const ids = (pick: (ticket: GateManifestPatch['tickets'][number]) => number[]) =>
      new Set(patch.tickets.flatMap(pick));
    const [phones, issued] = [ids((t) => t.credentialIds), ids((t) => t.issuedStatusNumbers)];
    const input: GateManifestInput = {
      eventId: held.eventId,
      seasonId: held.seasonId,
      gatesOpenAt: patch.gatesOpenAt,
      endsAt: patch.endsAt,
      createdAt: patch.createdAt,
      platformKeys: held.platformKeys,
      revokedPaperCodes: [
        ...held.revokedPaperCodes.filter((code) => !codes.has(code.ticketCode)),
        ...patch.tickets.flatMap((t) =>
          t.revokedSerials.map((serial) => ({ ticketCode: t.ticketCode, serial })),
        ),
      ],
      revokedCredentialIds: [
        ...without(held.revokedCredentialIds, phones),
        ...patch.tickets.flatMap((t) => t.revokedCredentialIds),
      ],
      ...(held.credentialStatus && {
        credentialStatus: {
          lists: held.credentialStatus.lists,
          invalid: [
            ...without(held.credentialStatus.invalid, issued),
            ...patch.tickets.flatMap((t) => t.invalid),
          ],
          suspended: [
            ...without(held.credentialStatus.suspended, issued),
            ...patch.tickets.flatMap((t) => t.suspended),
          ],
        },
      }),
      entries: [],
    };
    const change = this.headerChange(input);

    const changed: GateManifestEntryInput[] = [];
    const removed: string[] = [];
    let compared = 0;
    for (const ticket of patch.tickets) {
      const present = new Set<string>();
      for (const entry of ticket.entries) {
        if (entry.ticketCode !== ticket.ticketCode) throw new RangeError('Another ticket’s entry.');
        const { kind, lookupId } = this.lookupOf(entry);
        const mark = entryMark(kind, lookupId);
        if (present.has(mark)) throw new RangeError('The same code twice.');
        present.add(mark);
        const owner = this.ownerOfMark.get(mark);
        if (owner !== undefined && owner !== this.ownerOf(ticket.ticketCode))
          throw new RangeError('The same code twice.');
        if (this.tags.get(mark) !== this.sealer.contentTag(contentOf(entry))) changed.push(entry);
        if (++compared % MANIFEST_BOOK_STEP === 0) yield;
      }
      for (const mark of this.marksOf.get(this.ownerOf(ticket.ticketCode)) ?? [])
        if (!present.has(mark)) removed.push(mark);
    }
    if (this.header !== headerAtStart) throw new Error('The book changed while it was being updated.');
    return this.advance(change, changed, removed);
  }

  /** The header `input` gives, the revocations' marks it changes, and whether the gates' times moved. */
  private headerChange(input: GateManifestInput) {
    assertInput(input, this.platformKey);
    const header = { ...manifestHeader(input), createdAt: input.createdAt.toISOString() };
    const marks = this.headerChanges(header);
    const timesChanged =
      header.gatesOpenAt !== this.header.gatesOpenAt || header.endsAt !== this.header.endsAt;
    return { header, marks, timesChanged };
  }

  /**
   * What a comparison found, taken at the next revision when anything differs: the header, the
   * revocations' marks it changed, the entries removed and those sealed again. Answers whether it did.
   */
  private advance(
    { header, marks, timesChanged }: ReturnType<GateManifestBook['headerChange']>,
    changed: GateManifestEntryInput[],
    removed: string[],
  ): boolean {
    if (marks.length === 0 && !timesChanged && changed.length === 0 && removed.length === 0) return false;
    const next = this.revision + 1;
    this.revision = next;
    this.header = header;
    this.signed = undefined;
    for (const mark of marks) this.changedAt.set(mark, next);
    for (const mark of removed) this.remove(mark, next);
    this.reseal(changed);
    return true;
  }

  /** The revocations' marks that differ between the book's header and `header`. */
  private headerChanges(header: GateManifestHeader): string[] {
    const marks: string[] = [];
    const revoked = (h: GateManifestHeader) => ({
      paper: new Set(h.revokedPaperCodes.map((code) => `paper:${code.ticketCode}:${code.serial}`)),
      credentials: new Set(h.revokedCredentialIds.map((id) => `credential:${id}`)),
      invalid: new Set(h.credentialStatus?.invalid.map((id) => `invalid:${id}`)),
      suspended: new Set(h.credentialStatus?.suspended.map((id) => `suspended:${id}`)),
    });
    const [before, after] = [revoked(this.header), revoked(header)];
    for (const kind of ['paper', 'credentials', 'invalid', 'suspended'] as const) {
      for (const mark of after[kind]) if (!before[kind].has(mark)) marks.push(mark);
      for (const mark of before[kind]) if (!after[kind].has(mark)) marks.push(mark);
    }
    return marks;
  }

  /** The whole manifest at the current revision, signed once per revision. */
  manifest(): GateManifest {
    const { createdAt, ...header } = this.header;
    this.signed ??= signDocument(
      SIGNING_CONTEXT.manifest,
      {
        version: MANIFEST_FORMAT_VERSION,
        ...header,
        createdAt,
        revision: this.revision,
        salt: this.salt,
        entries: {
          paper: sortedEntries([...this.entries.paper]),
          random: sortedEntries([...this.entries.random]),
          wallet: sortedEntries([...this.entries.wallet]),
        },
      },
      this.platformKey,
    );
    return this.signed;
  }

  /**
   * `manifest()` as JSON text, made in steps for a server that must keep answering meanwhile: the
   * parts, joined, are a JSON text of the same document, signed alike (the members in RFC 8785's order
   * the signature covers, `signature` last). Each part (or an empty one: a pause while the entries are
   * sorted) holds a quarter of `MANIFEST_BOOK_STEP` entries at most; the caller takes each part as it comes and may
   * let other work run before asking for the next. What it says is the book as at this call: a
   * `follow` or an `update` during the pauses changes none of it.
   */
  manifestText(): Generator<string, void> {
    const { createdAt, ...header } = this.header;
    const members = {
      version: MANIFEST_FORMAT_VERSION,
      ...header,
      createdAt,
      revision: this.revision,
      salt: this.salt,
    };
    const copied = (kind: GateCodeKind) => ({
      ids: [...this.entries[kind].keys()],
      sealed: [...this.entries[kind].values()],
    });
    const entries = { paper: copied('paper'), random: copied('random'), wallet: copied('wallet') };
    return manifestParts(members, entries, this.platformKey);
  }

  /**
   * What changed since `revision` (below the current one) of this book's manifest, signed; undefined
   * when the device's copy is not of this book (another salt), is not behind it, or is so far behind that more than `maxChanges`
   * things changed: the whole manifest is then the answer.
   */
  deltaSince(salt: string, revision: number, maxChanges: number): GateManifestDelta | undefined {
    if (salt !== this.salt || revision >= this.revision) return undefined;
    const since = [...this.changedAt].filter(([, at]) => at > revision).map(([mark]) => mark);
    if (since.length > maxChanges) return undefined;
    const entries: Record<GateCodeKind, [string, string | null][]> = { paper: [], random: [], wallet: [] };
    type Print = { ticketCode: string; serial: number };
    const paper = { added: [] as Print[], removed: [] as Print[] };
    const credentials = { added: [] as number[], removed: [] as number[] };
    const status = {
      invalid: { added: [] as number[], removed: [] as number[] },
      suspended: { added: [] as number[], removed: [] as number[] },
    };
    const now = {
      invalid: new Set(this.header.credentialStatus?.invalid),
      suspended: new Set(this.header.credentialStatus?.suspended),
    };
    const revokedPaper = new Set(this.header.revokedPaperCodes.map((c) => `${c.ticketCode}:${c.serial}`));
    const revokedCredentials = new Set(this.header.revokedCredentialIds);
    for (const mark of since) {
      const [what, first, second] = mark.split(':') as [string, string, string];
      if (what === 'entry') {
        const kind = first as GateCodeKind;
        entries[kind].push([second, this.entries[kind].get(second) ?? null]);
      } else if (what === 'paper') {
        const code = { ticketCode: first, serial: Number(second) };
        (revokedPaper.has(`${first}:${second}`) ? paper.added : paper.removed).push(code);
      } else if (what === 'invalid' || what === 'suspended') {
        const id = Number(first);
        (now[what].has(id) ? status[what].added : status[what].removed).push(id);
      } else {
        const id = Number(first);
        (revokedCredentials.has(id) ? credentials.added : credentials.removed).push(id);
      }
    }
    const byLookupId = (pairs: [string, string | null][]) =>
      Object.fromEntries(pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    return signDocument(
      SIGNING_CONTEXT.manifestDelta,
      {
        version: MANIFEST_FORMAT_VERSION,
        eventId: this.header.eventId,
        salt: this.salt,
        fromRevision: revision,
        revision: this.revision,
        createdAt: this.header.createdAt,
        gatesOpenAt: this.header.gatesOpenAt,
        endsAt: this.header.endsAt,
        revokedPaperCodes: {
          added: sortedRevokedPaperCodes(paper.added),
          removed: sortedRevokedPaperCodes(paper.removed),
        },
        revokedCredentialIds: {
          added: credentials.added.sort((a, b) => a - b),
          removed: credentials.removed.sort((a, b) => a - b),
        },
        ...(this.header.credentialStatus && {
          credentialStatus: {
            invalid: { added: sortedIds(status.invalid.added), removed: sortedIds(status.invalid.removed) },
            suspended: {
              added: sortedIds(status.suspended.added),
              removed: sortedIds(status.suspended.removed),
            },
          },
        }),
        entries: {
          paper: byLookupId(entries.paper),
          random: byLookupId(entries.random),
          wallet: byLookupId(entries.wallet),
        },
      },
      this.platformKey,
    );
  }
}

/** One kind's entries as copied from a book: lookup ids and sealed entries, index for index. */
type Copied = { ids: string[]; sealed: string[] };

/** The entries a part of `manifestText` holds at most: some 66 kB of text, a few milliseconds. */
const TEXT_STEP = MANIFEST_BOOK_STEP / 4;

/**
 * The order of `ids` by value (UTF-16 code units, as RFC 8785 orders members), pausing (a `yield ''`)
 * after each `MANIFEST_BOOK_STEP` ids sorted or merged: runs of that many sorted at once, then merged
 * two by two.
 */
function* sortingInSteps(ids: readonly string[]): Generator<'', Uint32Array> {
  const step = MANIFEST_BOOK_STEP;
  const byId = (a: number, b: number) => {
    const [x, y] = [ids[a] as string, ids[b] as string];
    return x < y ? -1 : x > y ? 1 : 0;
  };
  let source = new Uint32Array(ids.length);
  for (let from = 0; from < ids.length; from += step) {
    const run = Array.from({ length: Math.min(step, ids.length - from) }, (_, i) => from + i).sort(byId);
    source.set(run, from);
    yield '';
  }
  let target = new Uint32Array(ids.length);
  let moved = 0;
  for (let width = step; width < ids.length; width *= 2) {
    for (let left = 0; left < ids.length; left += 2 * width) {
      const middle = Math.min(left + width, ids.length);
      const end = Math.min(left + 2 * width, ids.length);
      let [i, j] = [left, middle];
      for (let out = left; out < end; out += 1) {
        const takeLeft = j >= end || (i < middle && byId(source[i] as number, source[j] as number) <= 0);
        target[out] = (takeLeft ? source[i++] : source[j++]) as number;
        if (++moved % step === 0) yield '';
      }
    }
    [source, target] = [target, source];
  }
  return source;
}

/**
 * `GateManifestBook.manifestText`'s parts: the entries sorted, then the canonical JSON of the unsigned
 * document (as `signedBytes` hashes it) `TEXT_STEP` entries a part, hashed as it goes, and the
 * signature.
 */
function* manifestParts(
  members: Record<string, unknown>,
  entries: Record<GateCodeKind, Copied>,
  platformKey: PlatformKey,
): Generator<string, void> {
  const kinds = ['paper', 'random', 'wallet'] as const;
  const orders = {} as Record<GateCodeKind, Uint32Array>;
  for (const kind of kinds) orders[kind] = yield* sortingInSteps(entries[kind].ids);
  const hash = sha256.create();
  let text = '';
  const take = (part: string) => {
    hash.update(utf8ToBytes(part));
    text += part;
  };
  // Every member in RFC 8785's order, `entries` among them, each kind's pairs a step at a time.
  let separator = '{';
  for (const key of [...Object.keys(members), 'entries'].sort()) {
    take(`${separator}${JSON.stringify(key)}:`);
    separator = ',';
    if (key !== 'entries') {
      take(canonicalJson(members[key]));
      continue;
    }
    for (const [index, kind] of kinds.entries()) {
      take(`${index === 0 ? '{' : ','}${JSON.stringify(kind)}:{`);
      const { ids, sealed } = entries[kind];
      const order = orders[kind];
      for (let from = 0; from < order.length; from += TEXT_STEP) {
        const members: string[] = [];
        for (const at of order.subarray(from, from + TEXT_STEP))
          members.push(`${JSON.stringify(ids[at])}:${JSON.stringify(sealed[at])}`);
        take(`${from === 0 ? '' : ','}${members.join(',')}`);
        yield text;
        text = '';
      }
      take('}');
    }
    take('}');
  }
  // The canonical text's closing brace is hashed, and sent after the signature.
  hash.update(utf8ToBytes('}'));
  const signature = keyedSignature(platformKey, concatBytes(SIGNING_CONTEXT.manifest, hash.digest()));
  yield `${text},"signature":${JSON.stringify(signature)}}`;
}
