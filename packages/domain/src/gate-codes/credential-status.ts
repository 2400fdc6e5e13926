import { STATUS_LIST_SIZE } from '../constants';
import type { GateManifest } from './manifest';
import type { GateRefusalReason } from './verify-gate-code';

/**
 * An EU-wallet credential's place in the issuer's Token Status Lists (docs/design.md §12) as one
 * number, its status number: list `n`, at `${lists}${n}`, index `idx` is (n - 1) × STATUS_LIST_SIZE +
 * idx + 1. The status number of a status entry; undefined for another issuer's list or an index out
 * of range. The server finds a presented credential by it, and a device offline reads its status in
 * the manifest, which lists credentials by it.
 */
export function statusNumberAt(lists: string, entry: { uri: string; idx: number }): number | undefined {
  if (!entry.uri.startsWith(lists)) return undefined;
  const listPart = entry.uri.slice(lists.length);
  const listId = Number(listPart);
  if (!/^\d+$/.test(listPart) || !Number.isSafeInteger(listId) || listId < 1) return undefined;
  if (!Number.isSafeInteger(entry.idx) || entry.idx < 0 || entry.idx >= STATUS_LIST_SIZE) return undefined;
  return (listId - 1) * STATUS_LIST_SIZE + 1 + entry.idx;
}

/**
 * What a device offline makes of a presented credential's status entry, with the fixture's manifest
 * (already checked with `verifyManifestSignature`): the reason the server gives online for the same
 * status (INVALID: REVOKED; SUSPENDED: SUSPENDED, the suspension rule's reason), null while VALID.
 * An entry outside the issuer's lists, or a manifest without the statuses, names no credential the
 * device can vouch for: UNKNOWN_CODE.
 */
export function offlineCredentialStatusRefusal(
  manifest: Pick<GateManifest, 'credentialStatus'>,
  entry: { uri: string; idx: number },
): Extract<GateRefusalReason, 'REVOKED' | 'SUSPENDED' | 'UNKNOWN_CODE'> | null {
  const status = manifest.credentialStatus;
  const id = status && statusNumberAt(status.lists, entry);
  if (!status || id === undefined) return 'UNKNOWN_CODE';
  if (status.invalid.includes(id)) return 'REVOKED';
  if (status.suspended.includes(id)) return 'SUSPENDED';
  return null;
}
