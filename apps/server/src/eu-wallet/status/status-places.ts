import { randomInt } from 'node:crypto';
import { STATUS_LIST_CREDENTIALS, STATUS_LIST_SIZE } from '@tickets/domain';

/**
 * Where a credential sits in the issuer's status lists (docs/design.md §12): its status number, the
 * list and index as one (the domain's `statusNumberAt` reads it back from a status entry).
 */

/**
 * A place for the credential with this id, drawn at random (Token Status List §12.5.1) in the list
 * its id falls in (STATUS_LIST_CREDENTIALS ids a list): its index says nothing of when it was issued
 * or who came next. The place may be taken: the row's unique status number says so, and the issuer
 * draws again.
 */
export function drawStatusNumber(credentialId: number): number {
  const list = Math.floor((credentialId - 1) / STATUS_LIST_CREDENTIALS);
  return list * STATUS_LIST_SIZE + randomInt(STATUS_LIST_SIZE) + 1;
}

/** A status number's list (from 1) and index in it: the credential's `status.status_list`. */
export const statusPlaceOf = (statusNumber: number) => ({
  listId: Math.floor((statusNumber - 1) / STATUS_LIST_SIZE) + 1,
  index: (statusNumber - 1) % STATUS_LIST_SIZE,
});

/** The status numbers list `listId` holds: its first and last. */
export const statusNumbersOfList = (listId: number) => {
  const from = (listId - 1) * STATUS_LIST_SIZE + 1;
  return { from, to: from + STATUS_LIST_SIZE - 1 };
};
