import { STATUS_LIST_SIZE, STATUS_LIST_TTL_SECONDS } from '@tickets/domain';
import type { IssuerKey } from '../../config';
import type { Db } from '../../db/client';
import { ISSUANCE_PATHS } from '../issuer/issuer-metadata';
import { encodeStatusList, signStatusList } from '../issuer/sd-jwt-vc';
import { CREDENTIAL_STATUS, listCredentialStatuses } from './credential-status';

/**
 * One bit a credential, VALID or INVALID: the list is public, and a suspension must not show in it
 * (anyone could tell a banned fan's credential from the others). The gate enforces a suspension from
 * the platform's own data (the online decision, and the device's signed manifest offline), so a list
 * needs only what ends a credential for good; a lifted suspension leaves nothing to refresh.
 */
const BITS = 1;

/**
 * A status list token, made when it is asked for from the credentials' bindings now
 * (docs/design.md §12): list `listId` holds the credentials with ids from
 * (listId - 1) × STATUS_LIST_SIZE + 1, each at its id's place; an index no credential has yet is VALID
 * (no credential refers to it). None for a list no credential has a place in: it does not exist.
 */
export async function statusListToken(
  db: Db,
  listId: number,
  context: { issuer: string; signer: IssuerKey },
): Promise<string | undefined> {
  const fromId = (listId - 1) * STATUS_LIST_SIZE + 1;
  const rows = await listCredentialStatuses(db, { fromId, toId: fromId + STATUS_LIST_SIZE - 1 });
  if (rows.length === 0) return undefined;
  const statuses = new Uint8Array(STATUS_LIST_SIZE);
  for (const { id, status } of rows)
    if (status === CREDENTIAL_STATUS.INVALID) statuses[id - fromId] = CREDENTIAL_STATUS.INVALID;
  return signStatusList(
    {
      uri: `${context.issuer}${ISSUANCE_PATHS.statusList(listId)}`,
      issuer: context.issuer,
      lst: encodeStatusList(statuses, BITS),
      bits: BITS,
      ttlSeconds: STATUS_LIST_TTL_SECONDS,
    },
    context.signer,
  );
}
