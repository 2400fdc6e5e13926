import { createHash, randomBytes } from 'node:crypto';
import { whoEnters, type GateStatus } from '@tickets/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../shared/app-error';
import { admitsTo, entrantOf } from '../../rules/entry';
import { isSuspended } from '../../rules/suspensions';
import {
  findActiveProviderByKeyHash,
  findEventOfOrganisation,
  findTicketOfOrganisation,
  type GateQuery,
} from './queries';

/** Provider API keys: shown once when made, stored only as a SHA-256 hash. */
export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

export const newApiKey = (providerId: string) => `${providerId}.${randomBytes(24).toString('base64url')}`;

export const findProviderByKey = (db: Db, key: string) => findActiveProviderByKeyHash(db, hashApiKey(key));

/** The event a gate asks about, of the provider's own club; the ticket's own event when none is named. */
async function askedEvent(db: Db, organisationId: string, query: GateQuery) {
  const event = await findEventOfOrganisation(db, organisationId, query);
  if (!event) throw new AppError('EVENT_NOT_FOUND');
  return event;
}

/**
 * A ticket of the provider's club as its gate sees it for one event: whether it admits to it, who
 * enters (the holder, or the recipient of a loan of that fixture), and blocked while that person
 * is suspended.
 */
export async function gateStatus(
  db: Db,
  organisationId: string,
  publicCode: string,
  query: GateQuery = {},
): Promise<GateStatus> {
  const row = await findTicketOfOrganisation(db, organisationId, publicCode);
  if (!row) throw new AppError('TICKET_NOT_FOUND');
  const { ticket } = row;
  const named = query.eventId !== undefined || query.eventExternalId !== undefined;
  const event = named ? await askedEvent(db, organisationId, query) : row.event;
  const answer = { publicCode, eventExternalId: event.externalId };
  if (!admitsTo(ticket, event)) {
    return { ...answer, status: 'NOT_FOR_THIS_EVENT', holderName: row.holderName, entrant: 'HOLDER' };
  }
  const entrant = await entrantOf(db, ticket, event.id);
  const { lent, shown } = whoEnters({
    holder: { name: row.holderName, age: null, documentType: null, documentId: null },
    loan: entrant.loan,
  });
  const blocked = !event.over && (await isSuspended(db, entrant));
  return {
    ...answer,
    status: event.over ? 'EVENT_OVER' : blocked ? 'BLOCKED' : 'VALID',
    holderName: shown.holderName,
    entrant: lent ? 'RECIPIENT' : 'HOLDER',
  };
}
