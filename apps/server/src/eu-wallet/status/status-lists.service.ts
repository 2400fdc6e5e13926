import { createHash } from 'node:crypto';
import { STATUS_LIST_SIZE, STATUS_LIST_TTL_SECONDS } from '@tickets/domain';
import type { Db } from '../../db/client';
import { ISSUANCE_PATHS } from '../issuer/issuer-metadata';
import { encodeStatusList, signStatusList, type IssuerSigner } from '../issuer/sd-jwt-vc';
import { CREDENTIAL_STATUS, listCredentialStatuses } from './credential-status';
import { statusNumbersOfList } from './status-places';

/**
 * One bit a credential, VALID or INVALID: the list is public, and a suspension must not show in it
 * (anyone could tell a banned fan's credential from the others). The gate enforces a suspension from
 * the platform's own data (the online decision, and the device's signed manifest offline), so a list
 * needs only what ends a credential for good; a lifted suspension leaves nothing to refresh.
 */
const BITS = 1;

/**
 * A token is served again, with its entity tag, while its list is unchanged and it is younger than
 * this: a verifier that revalidates (If-None-Match) is answered 304 and keeps a token that is valid
 * for ten ttls (sd-jwt-vc.ts), never one older than half its life.
 */
const REUSE_SECONDS = STATUS_LIST_TTL_SECONDS * 5;

type Served = { lst: string; token: string; entityTag: string; signedAt: number };
/** The process's last token of each list, by signing key (a test runs several issuers at once). */
const served = new WeakMap<IssuerSigner, Map<string, Served>>();

/**
 * A status list token, from the credentials' bindings now (docs/design.md §12), with its entity tag
 * (RFC 9110 §8.8.3, of the token's bytes): list `listId` holds the status numbers of
 * status-places.ts, each credential at its own; a place no credential has is VALID (no credential
 * refers to it). None for a list no credential has a place in: it does not exist.
 */
export async function statusListToken(
  db: Db,
  listId: number,
  context: { issuer: string; signer: IssuerSigner },
): Promise<{ token: string; entityTag: string } | undefined> {
  const { from, to } = statusNumbersOfList(listId);
  const rows = await listCredentialStatuses(db, { from, to });
  if (rows.length === 0) return undefined;
  const lst = encodeStatusList(
    STATUS_LIST_SIZE,
    BITS,
    rows
      .filter(({ status }) => status === CREDENTIAL_STATUS.INVALID)
      .map(({ statusNumber }) => ({ index: statusNumber - from, status: CREDENTIAL_STATUS.INVALID })),
  );

  const uri = `${context.issuer}${ISSUANCE_PATHS.statusList(listId)}`;
  const bySigner = served.get(context.signer) ?? new Map<string, Served>();
  served.set(context.signer, bySigner);
  const last = bySigner.get(uri);
  const now = Date.now();
  if (last && last.lst === lst && now - last.signedAt < REUSE_SECONDS * 1000) return last;
  const token = await signStatusList(
    { uri, issuer: context.issuer, lst, bits: BITS, ttlSeconds: STATUS_LIST_TTL_SECONDS },
    context.signer,
  );
  const entityTag = `"${createHash('sha256').update(token).digest('base64url').slice(0, 32)}"`;
  const fresh = { lst, token, entityTag, signedAt: now };
  bySigner.set(uri, fresh);
  return fresh;
}
