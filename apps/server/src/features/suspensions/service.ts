import {
  canonicalIdentifier,
  type AffectedPerson,
  type SuspensionRecord,
  type SuspensionRequest,
  type SuspensionSearch,
} from '@tickets/domain';
import type { Db } from '../../db/client';
import type { suspensions } from '../../db/schema';
import { AppError } from '../../shared/app-error';
import { audit } from '../../shared/audit';
import { notify, suspensionNotices } from '../../shared/notifications';
import type { SessionUser } from '../../shared/sessions';
import { keysByKind, resolveIdentity, storeSuspensionKeys } from '../../shared/suspensions';
import {
  findSuspensionsByKeys,
  insertSuspension,
  listUpcomingBorrowers,
  listUpcomingHolders,
  lockActiveSuspension,
  markLifted,
} from './queries';

interface Actor {
  user: SessionUser;
  requestId: string;
}

type SuspensionRow = typeof suspensions.$inferSelect;

export const toRecord = (row: SuspensionRow): SuspensionRecord => ({
  id: row.id,
  afm: row.afm,
  amka: row.amka,
  documentId: row.documentId,
  firstName: row.firstName,
  fathersName: row.fathersName,
  lastName: row.lastName,
  dateOfBirth: row.dateOfBirth,
  createdOn: row.createdAt.toISOString(),
  endDate: row.endDate,
  createdBy: row.createdBy,
  active: row.active,
});

/**
 * The pre-check (docs/product-spec.md §4): whom the suspension would reach, by the same resolution that
 * enforcement uses (docs/design.md §9), so what it shows is what will be enforced: the registry people it
 * names, and the holders of tickets to upcoming events, at every club (a stadium ban is national), each
 * with the tickets that would be blocked. An empty answer: the details name nobody known today.
 */
export async function findAffectedPeople(db: Db, request: SuspensionRequest): Promise<AffectedPerson[]> {
  const { keys, people } = await resolveIdentity(db, request);
  const { afms, amkas, documentKeys } = keysByKind(keys);
  // Held tickets, and the fixtures others lent them: what enforcement would block either way.
  const [heldRows, borrowedRows] = await Promise.all([
    listUpcomingHolders(db, { afms, amkas, documentKeys }),
    listUpcomingBorrowers(db, afms),
  ]);
  const holders = [
    ...heldRows,
    ...borrowedRows.map((loan) => ({ ...loan, amka: null, documentKey: null, fullName: null })),
  ];

  const registryPeople = people.map((person) => ({ person, ticketsCount: 0 }));
  const others: AffectedPerson[] = [];
  for (const holder of holders) {
    const known = registryPeople.find(
      ({ person }) =>
        (holder.afm !== null && holder.afm === person.afm) ||
        (holder.amka !== null && holder.amka === person.amka),
    );
    if (known) {
      known.ticketsCount += holder.ticketsCount;
      continue;
    }
    const [first, ...rest] = (holder.fullName ?? '').split(' ');
    others.push({
      firstName: first || null,
      lastName: rest.join(' ') || null,
      ticketsCount: holder.ticketsCount,
    });
  }
  return [
    ...registryPeople.map(({ person, ticketsCount }) => ({
      firstName: person.firstName,
      lastName: person.lastName,
      ticketsCount,
    })),
    ...others,
  ];
}

export async function addSuspension(db: Db, actor: Actor, request: SuspensionRequest) {
  const { keys, people } = await resolveIdentity(db, request);
  return db.transaction(async (tx) => {
    const created = await insertSuspension(tx, {
      afm: request.afm,
      amka: request.amka,
      documentId: request.documentId,
      firstName: request.firstName,
      fathersName: request.fathersName,
      lastName: request.lastName,
      dateOfBirth: request.dateOfBirth,
      endDate: request.endDate as string,
      createdBy: actor.user.afm,
      organisationId: actor.user.organisationId,
    });
    if (!created) throw new Error('insert returned nothing');
    await storeSuspensionKeys(tx, created.id, keys);
    await audit(tx, {
      actor: actor.user.afm,
      action: 'SUSPENSION_ADD',
      subject: String(created.id),
      requestId: actor.requestId,
      details: { endDate: created.endDate, organisationId: actor.user.organisationId },
    });
    await notify(db, tx, await suspensionNotices(tx, people, 'SUSPENSION_ENTERED', created));
    return toRecord(created);
  });
}

export async function searchSuspensions(db: Db, search: SuspensionSearch): Promise<SuspensionRecord[]> {
  const { keys } = await resolveIdentity(db, search);
  if (keys.length === 0) return [];
  const rows = await findSuspensionsByKeys(db, keys);
  return rows.map(toRecord);
}

/**
 * Soft delete (docs/design.md §2): only an active record, only when the identifiers match it (in their
 * canonical form), and only by the organisation that entered it or a platform-wide officer.
 */
export async function deleteSuspension(
  db: Db,
  actor: Actor,
  id: number,
  identifiers: { afm: string | null; amka: string | null; documentId: string | null },
): Promise<void> {
  const outcome = await db.transaction(async (tx) => {
    const record = await lockActiveSuspension(tx, id);
    if (!record) return 'not-found';
    const organisation = actor.user.organisationId;
    if (organisation !== null && record.organisationId !== organisation) return 'other-organisation';
    const same = (given: string | null, stored: string | null) =>
      (given ? canonicalIdentifier(given) : null) === (stored ? canonicalIdentifier(stored) : null);
    if (
      !same(identifiers.afm, record.afm) ||
      !same(identifiers.amka, record.amka) ||
      !same(identifiers.documentId, record.documentId)
    ) {
      return 'mismatch';
    }
    await markLifted(tx, id, actor.user.afm);
    await audit(tx, {
      actor: actor.user.afm,
      action: 'SUSPENSION_DELETE',
      subject: String(id),
      requestId: actor.requestId,
      details: { organisationId: organisation },
    });
    const { people } = await resolveIdentity(tx, record);
    await notify(db, tx, await suspensionNotices(tx, people, 'SUSPENSION_LIFTED', record));
    return 'deleted';
  });
  if (outcome === 'not-found') throw new AppError('SUSPENSION_NOT_FOUND');
  if (outcome === 'other-organisation') throw new AppError('SUSPENSION_OTHER_ORGANISATION');
  if (outcome === 'mismatch') throw new AppError('SUSPENSION_MISMATCH');
}
