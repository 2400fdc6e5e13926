import { STATUS_LIST_SIZE, STATUS_LIST_TTL_SECONDS } from '@tickets/domain';
import type { IssuerKey } from '../../config';
import type { Db } from '../../db/client';
import { ISSUANCE_PATHS } from '../issuer/issuer-metadata';
import { encodeStatusList, signStatusList } from '../issuer/sd-jwt-vc';
import { listCredentialStatuses } from './credential-status';

/** Two bits a credential: VALID, INVALID, SUSPENDED (credential-status.ts). */
const BITS = 2;

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
  for (const { id, status } of rows) statuses[id - fromId] = status;
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
