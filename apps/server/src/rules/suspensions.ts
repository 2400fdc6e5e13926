import { and, desc, eq, exists, sql, type SQL } from 'drizzle-orm';
import { canonicalIdentifier, IDENTITY_KEY_PREFIX } from '@tickets/domain';
import type { Db } from '../db/client';
import { preparedQuery } from '../db/prepared';
import { citizens, organisations, suspensionKeys, suspensions } from '../db/schema';
import { athensToday } from '../shared/athens-time';
import { directKeys, type HolderIdentifiers } from './identity-keys';

/**
 * One person, many identifiers (docs/design.md §9). A suspension resolves to a set of identity keys when
 * it is added; a ticket's holder resolves to its own set whenever it is checked; the holder is
 * suspended when the two sets meet. The rule is written once, as `activeSuspensionCondition` (SQL):
 * the wallet, the claim, the companion and loan checks, the ticket office and the provider's status
 * ask it through `activeSuspensionOf` / `activeSuspensionsOf` / `isSuspended`; the gate's admission,
 * the claim's one read and the offline manifest's build put the same condition inside their own
 * statement (`isSuspendedWhere`, `activeSuspensionCondition`), one round trip each.
 */

export interface ActiveSuspension {
  /** The last day (Europe/Athens) it applies. */
  endDate: string;
  /** Who entered it, for the person to contact; null when a platform-wide officer did. */
  organisationName: string | null;
}

/** `directKeys` in SQL, of a holder's columns in an enclosing query (each may be null). */
export const directKeysOf = (afm: SQL, amka: SQL, documentKey: SQL) =>
  sql`array[${IDENTITY_KEY_PREFIX.afm}::text || ${afm}, ${IDENTITY_KEY_PREFIX.amka}::text || ${amka},
    ${IDENTITY_KEY_PREFIX.document}::text || ${documentKey}]`;

/**
 * The ΑΦΜ, ΑΜΚΑ and identity-card keys the registry links to a person's `afm`, `amka` or document
 * (`documentKey`, canonical: their identity card) (SQL text expressions), as a text array: the
 * registry's half of the rule. The offline manifest (features/gate/manifest/manifest.queries.ts) meets
 * a person's own keys and these against the suspended ones on the server, and marks the entry: the
 * device refuses whom the rule does, without any key leaving the server.
 */
export function registryKeysOf(afm: SQL, amka: SQL, documentKey: SQL = sql`null::text`) {
  const linked = sql`(${citizens.afm} = ${afm} or ${citizens.amka} = ${amka}
    or ${citizens.identityCardKey} = ${documentKey})`;
  return sql`array(
    select ${IDENTITY_KEY_PREFIX.afm}::text || ${citizens.afm} from ${citizens}
      where ${citizens.afm} is not null and ${linked}
    union all
    select ${IDENTITY_KEY_PREFIX.amka}::text || ${citizens.amka} from ${citizens} where ${linked}
    union all
    select ${IDENTITY_KEY_PREFIX.document}::text || ${citizens.identityCardKey} from ${citizens}
      where ${citizens.identityCardKey} is not null and ${linked})`;
}

/**
 * The rule itself, as a condition over `suspension_keys` joined to `suspensions`: the person's own
 * `keys` plus the ΑΦΜ, ΑΜΚΑ and identity card the registry links to their `afm`, `amka` or document
 * (`documentKey`), met against the keys of suspensions not lifted and not past their end date. Each
 * argument is an SQL text expression or array (a placeholder, or a column of an enclosing query).
 */
export function activeSuspensionCondition(keys: SQL, afm: SQL, amka: SQL, documentKey?: SQL) {
  return and(
    sql`${suspensionKeys.key} = any(array_cat(${keys}, ${registryKeysOf(afm, amka, documentKey)}))`,
    eq(suspensions.active, true),
    sql`${suspensions.endDate} >= ${athensToday}`,
  );
}

/** Whether `activeSuspensionCondition` holds: for a statement that asks it beside other things. */
export const isSuspendedWhere = (db: Db, keys: SQL, afm: SQL, amka: SQL, documentKey?: SQL) =>
  sql<boolean>`${exists(
    db
      .select({ id: suspensions.id })
      .from(suspensionKeys)
      .innerJoin(suspensions, eq(suspensions.id, suspensionKeys.suspensionId))
      .where(activeSuspensionCondition(keys, afm, amka, documentKey)),
  )}`;

/** The suspensions met by identity keys, with the club that entered each (for the person to contact). */
const suspensionsWithClub = (db: Pick<Db, 'select'>) =>
  db
    .select({ endDate: suspensions.endDate, organisationName: organisations.name })
    .from(suspensionKeys)
    .innerJoin(suspensions, eq(suspensions.id, suspensionKeys.suspensionId))
    .leftJoin(organisations, eq(organisations.id, suspensions.organisationId));

/**
 * Asked before every binding, declaration, transfer, wallet listing and gate check, so one prepared
 * statement. Read fresh every time, so a lifted or ended suspension stops blocking at once in every
 * process.
 */
const activeSuspensionQuery = preparedQuery<{
  keys: string[];
  afm: string | null;
  amka: string | null;
  documentKey: string | null;
}>()((db, p) =>
  suspensionsWithClub(db)
    .where(
      activeSuspensionCondition(
        sql`${p.keys}::text[]`,
        sql`${p.afm}::text`,
        sql`${p.amka}::text`,
        sql`${p.documentKey}::text`,
      ),
    )
    .orderBy(desc(suspensions.endDate))
    .limit(1)
    .prepare('active_suspension_of'),
);

/** The suspension that keeps this person out today, the one ending last if several; none if free. */
export async function activeSuspensionOf(
  db: Db,
  person: HolderIdentifiers,
): Promise<ActiveSuspension | undefined> {
  const keys = directKeys(person);
  if (keys.length === 0) return undefined;
  const [hit] = await activeSuspensionQuery(db).execute({
    keys,
    afm: person.afm ?? null,
    amka: person.amka ?? null,
    documentKey: person.documentId ? canonicalIdentifier(person.documentId) : null,
  });
  return hit;
}

/** The rule for each of several people (their ΑΦΜ and ΑΜΚΑ, numbered from 1), the suspension ending last. */
const activeSuspensionsQuery = preparedQuery<{ afms: (string | null)[]; amkas: (string | null)[] }>()((
  db,
  p,
) => {
  const hit = suspensionsWithClub(db)
    .where(
      activeSuspensionCondition(
        sql`array[${IDENTITY_KEY_PREFIX.afm}::text || person.afm, ${IDENTITY_KEY_PREFIX.amka}::text || person.amka]`,
        sql`person.afm`,
        sql`person.amka`,
      ),
    )
    .orderBy(desc(suspensions.endDate))
    .limit(1)
    .as('hit');
  return db
    .select({
      position: sql<number>`person.position`.mapWith(Number),
      endDate: hit.endDate,
      organisationName: hit.organisationName,
    })
    .from(sql`unnest(${p.afms}::text[], ${p.amkas}::text[]) with ordinality as person(afm, amka, position)`)
    .innerJoinLateral(hit, sql`true`)
    .prepare('active_suspensions_of');
});

/**
 * `activeSuspensionOf` for several people at once, in one statement (a wallet listing asks it for all
 * the minors in the person's care): one entry per person, in their order, undefined for one free.
 */
export async function activeSuspensionsOf(
  db: Db,
  people: readonly HolderIdentifiers[],
): Promise<(ActiveSuspension | undefined)[]> {
  if (people.length === 0) return [];
  const hits = await activeSuspensionsQuery(db).execute({
    afms: people.map((person) => person.afm || null),
    amkas: people.map((person) => person.amka || null),
  });
  const byPosition = new Map(
    hits.map(({ position, endDate, organisationName }) => [position, { endDate, organisationName }] as const),
  );
  return people.map((_person, index) => byPosition.get(index + 1));
}

export const isSuspended = async (db: Db, person: HolderIdentifiers) =>
  (await activeSuspensionOf(db, person)) !== undefined;

/**
 * Whether a binding by name and a document the registry does not know may be a suspended person's
 * with another document: the name (first and last; the ticket office's forms carry no father's name
 * nor birth date) is that of the identity details of a suspension in force (its own, or its registry
 * person's), and no identity card of the registry is this document.
 */
export async function namesSuspendedPersonWithUnknownDocument(
  db: Db,
  person: { firstName: string; lastName: string; documentId: string },
): Promise<boolean> {
  const documentKey = canonicalIdentifier(person.documentId);
  // The details key is first|father|last|birth date, each canonical: any father and birth date match.
  const pattern = `${IDENTITY_KEY_PREFIX.details}${canonicalIdentifier(person.firstName)}|%|${canonicalIdentifier(person.lastName)}|%`;
  const [row] = await db
    .select({
      known: sql<boolean>`exists (select 1 from ${citizens} where ${citizens.identityCardKey} = ${documentKey})`,
      named: sql<boolean>`exists (select 1 from ${suspensionKeys}
        join ${suspensions} on ${suspensions.id} = ${suspensionKeys.suspensionId}
        where ${suspensionKeys.key} like ${pattern} and ${suspensions.active}
          and ${suspensions.endDate} >= ${athensToday})`,
    })
    .from(sql`(select 1) as one`);
  return Boolean(row?.named) && !row?.known;
}
