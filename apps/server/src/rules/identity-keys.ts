import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { canonicalIdentifier, IDENTITY_KEY_PREFIX, identityKey, type IdentityDetails } from '@tickets/domain';
import type { Db } from '../db/client';
import { preparedQuery } from '../db/prepared';
import { citizens, tickets } from '../db/schema';

/**
 * Who a person is known as (docs/design.md §9): the identity keys of what a ticket, a wallet or an
 * officer gives, resolved through the registry and the tickets' bindings. A suspension's keys are
 * stored when it is added and learn more as the registry does (suspension-keys.ts); the rule that
 * meets them with a holder's is suspensions.ts.
 */

/** What a ticket, a wallet or a form knows of the person who enters. */
export interface HolderIdentifiers {
  afm?: string | null;
  amka?: string | null;
  documentId?: string | null;
}

/** The keys a holder is known by directly: the registry adds the rest in the check itself. */
export function directKeys(person: HolderIdentifiers): string[] {
  const keys: string[] = [];
  if (person.afm) keys.push(identityKey.afm(person.afm));
  if (person.amka) keys.push(identityKey.amka(person.amka));
  if (person.documentId) keys.push(identityKey.document(person.documentId));
  return keys;
}

/** What an officer gives to suspend or search: any identifiers, and/or full identity details. */
export interface PersonDescription {
  afm: string | null;
  amka: string | null;
  documentId: string | null;
  firstName: string | null;
  fathersName: string | null;
  lastName: string | null;
  dateOfBirth: string | null;
}

export interface RegistryPerson {
  id: number;
  afm: string | null;
  amka: string;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD. */
  birthDate: string;
}

/** The keys of what an officer typed: each identifier given, and the identity details if all four are. */
export function givenKeys(person: PersonDescription): string[] {
  const details = detailsOf(person);
  return [...directKeys(person), ...(details ? [identityKey.details(details)] : [])];
}

/** The ΑΦΜ and ΑΜΚΑ keys a person is known by (a registry person, a ticket's holder). */
export const personKeys = (person: { afm?: string | null; amka?: string | null }) => directKeys(person);

export interface ResolvedIdentity {
  /** Every key the described person is known by. */
  keys: string[];
  /** The registry people the description names. */
  people: RegistryPerson[];
}

const detailsOf = (person: PersonDescription): IdentityDetails | undefined =>
  person.firstName && person.fathersName && person.lastName && person.dateOfBirth
    ? {
        firstName: person.firstName,
        fathersName: person.fathersName,
        lastName: person.lastName,
        dateOfBirth: person.dateOfBirth,
      }
    : undefined;

const registryColumns = {
  id: citizens.id,
  afm: citizens.afm,
  amka: citizens.amka,
  firstName: citizens.firstName,
  lastName: citizens.lastName,
  fathersName: citizens.fathersName,
  birthDate: citizens.birthDate,
  identityCardKey: citizens.identityCardKey,
};

/**
 * The registry people named by ΑΦΜ or ΑΜΚΑ, on every suspension search and pre-check: prepared once,
 * one statement however many of each are given (measured: bench/README.md). A search by identity
 * details keeps its own query: the birth date has no index, and a generic plan that may meet it
 * would scan the registry every time.
 */
const registryByIdentifiersQuery = preparedQuery<{ afms: string[]; amkas: string[] }>()((db, p) =>
  db
    .select(registryColumns)
    .from(citizens)
    .where(or(sql`${citizens.afm} = any(${p.afms}::text[])`, sql`${citizens.amka} = any(${p.amkas}::text[])`))
    .prepare('registry_people_by_identifiers'),
);

/**
 * Resolves what an officer typed to the person's keys (docs/design.md §9): by ΑΦΜ or ΑΜΚΑ, the registry
 * person and all their keys; by document, that document and the person a ticket binding ties to
 * it; by identity details, the registry person they name (and the details themselves, so that a
 * person the registry learns of later is found again by `refreshSuspensionKeys`).
 */
export async function resolveIdentity(db: Db, person: PersonDescription): Promise<ResolvedIdentity> {
  const keys = new Set(directKeys(person));
  const details = detailsOf(person);
  if (details) keys.add(identityKey.details(details));

  const afms = person.afm ? [canonicalIdentifier(person.afm)] : [];
  const amkas = person.amka ? [canonicalIdentifier(person.amka)] : [];
  if (person.documentId) {
    // The registry's identity card, and the people a ticket binding ties the document to.
    const [carded] = await db
      .select({ afm: citizens.afm, amka: citizens.amka })
      .from(citizens)
      .where(eq(citizens.identityCardKey, canonicalIdentifier(person.documentId)));
    if (carded?.afm) afms.push(carded.afm);
    if (carded) amkas.push(carded.amka);
    const bound = await db
      .selectDistinct({ afm: tickets.holderAfm, amka: tickets.holderAmka })
      .from(tickets)
      .where(
        and(
          eq(tickets.documentKey, canonicalIdentifier(person.documentId)),
          or(isNotNull(tickets.holderAfm), isNotNull(tickets.holderAmka)),
        ),
      );
    for (const holder of bound) {
      if (holder.afm) afms.push(holder.afm);
      if (holder.amka) amkas.push(holder.amka);
    }
  }

  const candidates = details
    ? await db
        .select(registryColumns)
        .from(citizens)
        .where(
          or(
            inArray(citizens.afm, afms),
            inArray(citizens.amka, amkas),
            eq(citizens.birthDate, details.dateOfBirth),
          ),
        )
    : await registryByIdentifiersQuery(db).execute({ afms, amkas });
  const registryDetailsKey = (row: (typeof candidates)[number]) =>
    row.fathersName
      ? identityKey.details({
          firstName: row.firstName,
          fathersName: row.fathersName,
          lastName: row.lastName,
          dateOfBirth: row.birthDate,
        })
      : undefined;
  const people = candidates.filter(
    (row) =>
      (row.afm !== null && afms.includes(row.afm)) ||
      amkas.includes(row.amka) ||
      (details !== undefined && registryDetailsKey(row) === identityKey.details(details)),
  );
  for (const row of people) {
    if (row.afm) keys.add(identityKey.afm(row.afm));
    keys.add(identityKey.amka(row.amka));
    if (row.identityCardKey) keys.add(`${IDENTITY_KEY_PREFIX.document}${row.identityCardKey}`);
    const detailsKey = registryDetailsKey(row);
    if (detailsKey) keys.add(detailsKey);
  }
  return {
    keys: [...keys],
    people: people.map(({ id, afm, amka, firstName, lastName, birthDate }) => ({
      id,
      afm,
      amka,
      firstName,
      lastName,
      birthDate,
    })),
  };
}

/** The keys of each key kind, without their prefix, to meet a ticket's own columns. */
export function keysByKind(keys: string[]) {
  const of = (prefix: string) =>
    keys.filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length));
  return {
    afms: of(IDENTITY_KEY_PREFIX.afm),
    amkas: of(IDENTITY_KEY_PREFIX.amka),
    documentKeys: of(IDENTITY_KEY_PREFIX.document),
  };
}
