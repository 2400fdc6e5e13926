import {
  ADULT_AGE,
  canonicalIdentifier,
  IDENTITY_KEY_PREFIX,
  todayInAthens,
  type AffectedPerson,
  type SuspensionRecord,
  type SuspensionRequest,
  type SuspensionSearch,
} from '@tickets/domain';
import type { Db } from '../../db/client';
import type { suspensions } from '../../db/schema';
import { AppError } from '../../shared/app-error';
import { audit } from '../../shared/audit';
import { notify } from '../../shared/notifications';
import { suspensionNotices } from '../../rules/notices';
import type { Actor } from '../../shared/guards';
import { activeSuspensionOf } from '../../rules/suspensions';
import { identifierDigest } from '../../rules/identifier-digests';
import {
  givenKeys,
  keysByKind,
  personKeys,
  resolveIdentity,
  type PersonDescription,
  type RegistryPerson,
} from '../../rules/identity-keys';
import { storeSuspensionKeys } from '../../rules/suspension-keys';
import {
  findSuspensionsByKeys,
  insertSuspension,
  listUpcomingBorrowers,
  listUpcomingHolders,
  lockActiveSuspension,
  markLifted,
} from './queries';

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

/** Whether someone born on `birthDate` (YYYY-MM-DD) is a minor today, in Athens. */
function isMinor(birthDate: string): boolean {
  const [year, monthDay] = [Number(todayInAthens().slice(0, 4)), todayInAthens().slice(4)];
  return birthDate > `${year - ADULT_AGE}${monthDay}`;
}

/**
 * The pre-check (docs/product-spec.md §4): whom the suspension would reach, by the same resolution that
 * enforcement uses (docs/design.md §9), so what it shows is what will be enforced: the registry people it
 * names, and the holders of tickets to upcoming events, at every club (a stadium ban is national). It is
 * a registry lookup, so it says only what confirms the right person: names and whether they hold
 * tickets, the count only at the officer's own club, of a minor only that it is one. An empty answer:
 * the details name nobody known today. Audited, as the search is.
 */
export async function findAffectedPeople(
  db: Db,
  actor: Actor,
  request: SuspensionRequest,
  auditDigestKey: string,
): Promise<AffectedPerson[]> {
  const { keys, people } = await resolveIdentity(db, request);
  const { afms, amkas, documentKeys } = keysByKind(keys);
  const organisation = actor.user.organisationId;
  // Held tickets, and the fixtures others lent them: what enforcement would block either way.
  const [heldRows, borrowedRows] = await Promise.all([
    listUpcomingHolders(db, { afms, amkas, documentKeys }, organisation),
    listUpcomingBorrowers(db, afms, organisation),
  ]);
  const holders = [
    ...heldRows,
    ...borrowedRows.map((loan) => ({ ...loan, amka: null, documentKey: null, fullName: null })),
  ];

  const registryPeople = people.map((person) => ({ person, ticketsCount: 0, ownCount: 0 }));
  const others: (AffectedPerson & { keys: string[] })[] = [];
  for (const holder of holders) {
    const known = registryPeople.find(
      ({ person }) =>
        (holder.afm !== null && holder.afm === person.afm) ||
        (holder.amka !== null && holder.amka === person.amka),
    );
    if (known) {
      known.ticketsCount += holder.ticketsCount;
      known.ownCount += holder.ownCount;
      continue;
    }
    // Not in the registry: a foreigner by document, or someone known by ΑΜΚΑ alone (a minor, then).
    const minor = holder.afm === null && holder.amka !== null;
    const [first, ...rest] = (holder.fullName ?? '').split(' ');
    others.push({
      firstName: minor ? null : first || null,
      lastName: minor ? null : rest.join(' ') || null,
      minor,
      holdsTickets: !minor && holder.ticketsCount > 0,
      ticketsCount: minor ? 0 : holder.ownCount,
      keys: [
        ...personKeys(holder),
        ...(holder.documentKey ? [`${IDENTITY_KEY_PREFIX.document}${holder.documentKey}`] : []),
      ],
    });
  }
  const answer: AffectedPerson[] = [
    ...registryPeople.map(({ person, ticketsCount, ownCount }) =>
      isMinor(person.birthDate)
        ? { firstName: null, lastName: null, minor: true, holdsTickets: false, ticketsCount: 0 }
        : {
            firstName: person.firstName,
            lastName: person.lastName,
            minor: false,
            holdsTickets: ticketsCount > 0,
            ticketsCount: ownCount,
          },
    ),
    ...others.map(({ keys: _keys, ...person }) => person),
  ];
  await auditLookup(db, actor, auditDigestKey, 'SUSPENSION_PRECHECK', request, {
    matched: answer.length,
    keys: [...people.flatMap(personKeys), ...others.flatMap((other) => other.keys)],
  });
  return answer;
}

/**
 * The audit row of a pre-check or a search (both look people up in the registry): who, for which
 * organisation, what they gave and whom it matched, every identifier as its keyed digest, never in clear.
 * `people` holds the digests of the keys of the people matched: the citizen's wallet finds its own.
 */
async function auditLookup(
  db: Db,
  actor: Actor,
  digestKey: string,
  action: 'SUSPENSION_PRECHECK' | 'SUSPENSION_SEARCH',
  given: PersonDescription,
  found: { matched: number; records?: number; keys: string[] },
): Promise<void> {
  await audit(db, {
    actor: actor.user.afm,
    action,
    requestId: actor.requestId,
    details: {
      organisationId: actor.user.organisationId,
      identifiers: givenKeys(given).map((key) => identifierDigest(digestKey, key)),
      matched: found.matched,
      ...(found.records === undefined ? {} : { records: found.records }),
      people: [...new Set(found.keys.map((key) => identifierDigest(digestKey, key)))],
    },
  });
}

/**
 * What each registry person of `people` is told of a suspension added or lifted (docs/design.md §11):
 * `otherwise` (entered, lifted), or, for one suspended before and after the change by another record
 * as well, that it changed, with what the wallet's notice shows now. Called after the change, in its
 * transaction; `before` says who was suspended before it.
 */
async function suspensionChangeNotices(
  tx: Db,
  people: RegistryPerson[],
  before: boolean[],
  otherwise: 'SUSPENSION_ENTERED' | 'SUSPENSION_LIFTED',
  record: { endDate: string; organisationId: string | null },
) {
  const entries = [];
  for (const [index, person] of people.entries()) {
    const now = person.afm ? await activeSuspensionOf(tx, person) : undefined;
    const changed = before[index] === true && now !== undefined;
    entries.push(
      ...(changed
        ? await suspensionNotices(tx, [person], 'SUSPENSION_CHANGED', now)
        : await suspensionNotices(tx, [person], otherwise, record)),
    );
  }
  return entries;
}

/** Whether each registry person of `people` is suspended now (only those with an ΑΦΜ are told anything). */
const suspendedNow = async (tx: Db, people: RegistryPerson[]) => {
  const answers: boolean[] = [];
  for (const person of people)
    answers.push(!!person.afm && (await activeSuspensionOf(tx, person)) !== undefined);
  return answers;
};

export async function addSuspension(db: Db, actor: Actor, request: SuspensionRequest) {
  const { keys, people } = await resolveIdentity(db, request);
  return db.transaction(async (tx) => {
    // One suspended already is told that it changed, not entered a second time.
    const before = await suspendedNow(tx, people);
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
    await notify(db, tx, await suspensionChangeNotices(tx, people, before, 'SUSPENSION_ENTERED', created));
    return toRecord(created);
  });
}

/** The suspensions of the person described (however they were entered); audited, as the pre-check is. */
export async function searchSuspensions(
  db: Db,
  actor: Actor,
  search: SuspensionSearch,
  auditDigestKey: string,
): Promise<SuspensionRecord[]> {
  const { keys, people } = await resolveIdentity(db, search);
  const rows = keys.length === 0 ? [] : await findSuspensionsByKeys(db, keys);
  await auditLookup(db, actor, auditDigestKey, 'SUSPENSION_SEARCH', search, {
    matched: people.length,
    records: rows.length,
    keys: people.flatMap(personKeys),
  });
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
    const { people } = await resolveIdentity(tx, record);
    await markLifted(tx, id, actor.user.afm);
    await audit(tx, {
      actor: actor.user.afm,
      action: 'SUSPENSION_DELETE',
      subject: String(id),
      requestId: actor.requestId,
      details: { organisationId: organisation },
    });
    // One still suspended by another record is told that it changed, not that it was lifted.
    const before = people.map(() => true);
    await notify(db, tx, await suspensionChangeNotices(tx, people, before, 'SUSPENSION_LIFTED', record));
    return 'deleted';
  });
  if (outcome === 'not-found') throw new AppError('SUSPENSION_NOT_FOUND');
  if (outcome === 'other-organisation') throw new AppError('SUSPENSION_OTHER_ORGANISATION');
  if (outcome === 'mismatch') throw new AppError('SUSPENSION_MISMATCH');
}
