import { randomBytes } from '@noble/hashes/utils.js';
import { toBase64url } from './bytes';
import { SIGNING_CONTEXT, type GateCodeKind } from './codes';
import { ManifestSalt, SALT_BYTES } from './entries';
import type { PlatformKey } from './keys';
import {
  assertInput,
  manifestHeader,
  MANIFEST_FORMAT_VERSION,
  sealManifestEntry,
  signDocument,
  sortedEntries,
  sortedRevokedPaperCodes,
  type GateManifest,
  type GateManifestEntryInput,
  type GateManifestInput,
} from './manifest';
import type { GateManifestDelta } from './manifest-delta';

const codeKey = (code: GateManifestEntryInput['code']) =>
  code.kind === 'wallet' ? `wallet:${code.credential}` : `${code.kind}:${code.code}`;
const contentOf = ({ code: _code, ...entry }: GateManifestEntryInput) => JSON.stringify(entry);

/**
 * A fixture's manifest as the server keeps it between polls (docs/gate-codes.md §7.6): one salt, the
 * entries sealed so far, and for everything changed since revision 0 the revision it last changed at.
 * `update` compares what the database says now with what the book holds and re-seals only the entries
 * that changed (a suspension added or lifted marks its holder's entries), at the next revision;
 * `deltaSince` answers a device that holds an earlier revision with only what changed since, and
 * `manifest` the whole, signed when first asked for at each revision.
 */
export class GateManifestBook {
  readonly salt: string;
  revision = 0;
  private readonly sealer: ManifestSalt;
  private input: GateManifestInput;
  private header: ReturnType<typeof manifestHeader>;
  /** By code: where its entry is and what it says. */
  private readonly codes = new Map<string, { kind: GateCodeKind; lookupId: string; content: string }>();
  private readonly entries: Record<GateCodeKind, Map<string, string>> = {
    paper: new Map(),
    random: new Map(),
    wallet: new Map(),
  };
  /** `entry:<kind>:<lookupId>`, `paper:<ticket code>:<serial>` or `credential:<id>`: the revision it changed at. */
  private readonly changedAt = new Map<string, number>();
  private signed: GateManifest | undefined;

  constructor(
    input: GateManifestInput,
    private readonly platformKey: PlatformKey,
  ) {
    assertInput(input, platformKey);
    this.sealer = new ManifestSalt(input.salt ?? randomBytes(SALT_BYTES));
    this.salt = toBase64url(this.sealer.salt);
    this.input = input;
    this.header = manifestHeader(input);
    for (const entry of input.entries) this.seal(entry);
  }

  /** Whether `input` can follow as a later revision: the same fixture, season and keys (else: a new book). */
  canFollow(input: GateManifestInput, platformKey: PlatformKey): boolean {
    return (
      input.eventId === this.input.eventId &&
      input.seasonId === this.input.seasonId &&
      platformKey.keyId === this.platformKey.keyId &&
      platformKey.secretKey === this.platformKey.secretKey &&
      JSON.stringify(manifestHeader(input).platformKeys) === JSON.stringify(this.header.platformKeys)
    );
  }

  private seal(entry: GateManifestEntryInput) {
    const key = codeKey(entry.code);
    const { kind, lookupId, sealed } = sealManifestEntry(this.sealer, entry, this.revision);
    if (this.codes.has(key) || this.entries[kind].has(lookupId)) throw new RangeError('The same code twice.');
    this.codes.set(key, { kind, lookupId, content: contentOf(entry) });
    this.entries[kind].set(lookupId, sealed);
    if (this.revision > 0) this.changedAt.set(`entry:${kind}:${lookupId}`, this.revision);
  }

  /**
   * Takes what the fixture's manifest says now; when anything differs, the revision goes up by one
   * and every entry added or changed is sealed at it. Answers whether it did.
   */
  update(input: GateManifestInput): boolean {
    assertInput(input, this.platformKey);
    const next = this.revision + 1;
    const marks: string[] = [];
    const header = manifestHeader(input);
    const revoked = (h: typeof header) => ({
      paper: new Set(h.revokedPaperCodes.map((code) => `paper:${code.ticketCode}:${code.serial}`)),
      credentials: new Set(h.revokedCredentialIds.map((id) => `credential:${id}`)),
    });
    const [before, after] = [revoked(this.header), revoked(header)];
    for (const kind of ['paper', 'credentials'] as const) {
      for (const mark of after[kind]) if (!before[kind].has(mark)) marks.push(mark);
      for (const mark of before[kind]) if (!after[kind].has(mark)) marks.push(mark);
    }
    const timesChanged =
      header.gatesOpenAt !== this.header.gatesOpenAt || header.endsAt !== this.header.endsAt;

    const changed: GateManifestEntryInput[] = [];
    const present = new Set<string>();
    for (const entry of input.entries) {
      const key = codeKey(entry.code);
      if (present.has(key)) throw new RangeError('The same code twice.');
      present.add(key);
      if (this.codes.get(key)?.content !== contentOf(entry)) changed.push(entry);
    }
    const removed = [...this.codes.keys()].filter((key) => !present.has(key));
    if (marks.length === 0 && !timesChanged && changed.length === 0 && removed.length === 0) return false;

    this.revision = next;
    this.input = input;
    this.header = header;
    this.signed = undefined;
    for (const mark of marks) this.changedAt.set(mark, next);
    for (const key of removed) {
      const { kind, lookupId } = this.codes.get(key) as { kind: GateCodeKind; lookupId: string };
      this.codes.delete(key);
      this.entries[kind].delete(lookupId);
      this.changedAt.set(`entry:${kind}:${lookupId}`, next);
    }
    for (const entry of changed) {
      const known = this.codes.get(codeKey(entry.code));
      if (known) {
        this.codes.delete(codeKey(entry.code));
        this.entries[known.kind].delete(known.lookupId);
      }
      this.seal(entry);
    }
    return true;
  }

  /** The whole manifest at the current revision, signed once per revision. */
  manifest(): GateManifest {
    this.signed ??= signDocument(
      SIGNING_CONTEXT.manifest,
      {
        version: MANIFEST_FORMAT_VERSION,
        ...this.header,
        createdAt: this.input.createdAt.toISOString(),
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
        createdAt: this.input.createdAt.toISOString(),
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
