import { z } from 'zod';
import { SIGNING_CONTEXT } from './codes';
import {
  gateManifestSchema,
  isSignedBy,
  lookupIdSchema,
  manifestRevisionSchema,
  manifestSignatureSchema,
  MANIFEST_FORMAT_VERSION,
  revokedPaperCodeSchema,
  sealedEntrySchema,
  sortedIds,
  sortedRevokedPaperCodes,
  type GateManifest,
} from './manifest';
import type { PlatformPublicKey } from './keys';

/**
 * What changed in a fixture's manifest since the revision a device holds (docs/gate-codes.md §7.6):
 * entries added, re-sealed (a suspension added or lifted, a companion accepted) or removed, prints and
 * credentials revoked, the fixture's times. Signed like the manifest under a context of its own, and
 * chained: it applies only to the manifest with its salt at `fromRevision`. A stadium's devices poll
 * it every half minute for a few hundred bytes instead of fetching megabytes whenever anything changed.
 */

const gateManifestShape = gateManifestSchema.shape;
const changedEntries = z.record(lookupIdSchema, sealedEntrySchema.nullable());
const changes = <T extends z.ZodType>(item: T) =>
  z.strictObject({ added: z.array(item), removed: z.array(item) });

export const gateManifestDeltaSchema = z.strictObject({
  version: z.literal(MANIFEST_FORMAT_VERSION),
  eventId: gateManifestShape.eventId,
  /** The salt of the manifest it applies to (the same for every revision of that manifest). */
  salt: gateManifestShape.salt,
  /** The revision of that manifest it applies to… */
  fromRevision: manifestRevisionSchema,
  /** …and the revision it makes of it. */
  revision: manifestRevisionSchema,
  /** When the server found what it says. */
  createdAt: z.iso.datetime(),
  /** The fixture's times now (they replace the manifest's). */
  gatesOpenAt: gateManifestShape.gatesOpenAt,
  endsAt: gateManifestShape.endsAt,
  revokedPaperCodes: changes(revokedPaperCodeSchema),
  revokedCredentialIds: changes(gateManifestShape.revokedCredentialIds.element),
  /**
   * The fixture's EU-wallet credentials that became INVALID or SUSPENDED (added) or stopped being so
   * (removed), when its manifest has their status.
   */
  credentialStatus: z
    .strictObject({
      invalid: changes(gateManifestShape.revokedCredentialIds.element),
      suspended: changes(gateManifestShape.revokedCredentialIds.element),
    })
    .optional(),
  /** By kind and lookup id: the entry sealed anew (added or changed), or null (removed). */
  entries: z.strictObject({ paper: changedEntries, random: changedEntries, wallet: changedEntries }),
  signature: manifestSignatureSchema,
});
export type GateManifestDelta = z.infer<typeof gateManifestDeltaSchema>;

/** Whether `document` is a delta (the manifest route answers either): only a delta has `fromRevision`. */
export const isManifestDelta = (document: unknown): boolean =>
  typeof document === 'object' && document !== null && Object.hasOwn(document, 'fromRevision');

/**
 * Whether the delta is well formed, moves forward, and is signed by one of the keys the device trusts.
 * A device checks this on receiving a delta and applies none that fails (it keeps what it has).
 */
export function verifyManifestDelta(
  delta: unknown,
  trustedPublicKeys: readonly PlatformPublicKey[],
): boolean {
  const parsed = gateManifestDeltaSchema.safeParse(delta);
  if (!parsed.success || parsed.data.revision <= parsed.data.fromRevision) return false;
  return isSignedBy(SIGNING_CONTEXT.manifestDelta, delta as GateManifestDelta, trustedPublicKeys);
}

/**
 * The manifest with a verified delta applied, as a new object (the old one stays as it was); undefined
 * when the delta is not for this manifest at this revision (another fixture, another salt, a revision
 * skipped or applied already): the device then asks again, or for the whole manifest. The result keeps
 * the signature of the manifest first received: each part was verified on arrival, and the whole is not
 * signed again (a device never re-verifies what it stored).
 */
export function applyManifestDelta(
  manifest: GateManifest,
  delta: GateManifestDelta,
): GateManifest | undefined {
  if (
    delta.eventId !== manifest.eventId ||
    delta.salt !== manifest.salt ||
    delta.fromRevision !== manifest.revision
  ) {
    return undefined;
  }
  const entries = { ...manifest.entries };
  for (const kind of ['paper', 'random', 'wallet'] as const) {
    const changed = Object.entries(delta.entries[kind]);
    if (changed.length === 0) continue;
    const next = { ...entries[kind] };
    for (const [lookupId, sealed] of changed) {
      if (sealed === null) delete next[lookupId];
      else next[lookupId] = sealed;
    }
    entries[kind] = next;
  }
  const paperKey = (code: { ticketCode: string; serial: number }) => `${code.ticketCode}:${code.serial}`;
  const applied = (ids: readonly number[], change: { added: number[]; removed: number[] }) => {
    const removed = new Set(change.removed);
    return sortedIds([...ids.filter((id) => !removed.has(id)), ...change.added]);
  };
  const status = manifest.credentialStatus;
  const unrevokedPaper = new Set(delta.revokedPaperCodes.removed.map(paperKey));
  const unrevokedCredentials = new Set(delta.revokedCredentialIds.removed);
  return {
    ...manifest,
    gatesOpenAt: delta.gatesOpenAt,
    endsAt: delta.endsAt,
    createdAt: delta.createdAt,
    revision: delta.revision,
    revokedPaperCodes: sortedRevokedPaperCodes([
      ...manifest.revokedPaperCodes.filter((code) => !unrevokedPaper.has(paperKey(code))),
      ...delta.revokedPaperCodes.added,
    ]),
    revokedCredentialIds: [
      ...new Set([
        ...manifest.revokedCredentialIds.filter((id) => !unrevokedCredentials.has(id)),
        ...delta.revokedCredentialIds.added,
      ]),
    ].sort((a, b) => a - b),
    ...(status &&
      delta.credentialStatus && {
        credentialStatus: {
          lists: status.lists,
          invalid: applied(status.invalid, delta.credentialStatus.invalid),
          suspended: applied(status.suspended, delta.credentialStatus.suspended),
        },
      }),
    entries,
  };
}
