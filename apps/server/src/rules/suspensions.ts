import { createHash, createHmac } from 'node:crypto';
import { and, desc, eq, exists, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { canonicalIdentifier, IDENTITY_KEY_PREFIX, identityKey, type IdentityDetails } from '@tickets/domain';
import { rowsOf, type Db } from '../db/client';
import { preparedQuery } from '../db/prepared';
import { auditLog, citizens, organisations, suspensionKeys, suspensions, tickets } from '../db/schema';
import { athensToday } from '../shared/athens-time';

/**
 * One person, many identifiers (docs/design.md §9). A suspension resolves to a set of identity keys when
 * it is added; a ticket's holder resolves to its own set whenever it is checked; the holder is
 * suspended when the two sets meet. The rule is written once, as `activeSuspensionCondition` (SQL):
 * the wallet, the claim, the companion and loan checks, the ticket office and the provider's status
 * ask it through `activeSuspensionOf` / `activeSuspensionsOf` / `isSuspended`; the gate's admission,
 * the claim's one read and the offline manifest's build put the same condition inside their own
 * statement (`isSuspendedWhere`, `activeSuspensionCondition`), one round trip each.
 */

/** What a ticket, a wallet or a form knows of the person who enters. */
export interface HolderIdentifiers {
  afm?: string | null;
  amka?: string | null;
  documentId?: string | null;
}

export interface ActiveSuspension {
  /** The last day (Europe/Athens) it applies. */
  endDate: string;
  /** Who entered it, for the person to contact; null when a platform-wide officer did. */
  organisationName: string | null;
}

/** The keys a holder is known by directly: the registry adds the rest in the check itself. */
function directKeys(person: HolderIdentifiers): string[] {
  const keys: string[] = [];
  if (person.afm) keys.push(identityKey.afm(person.afm));
  if (person.amka) keys.push(identityKey.amka(person.amka));
  if (person.documentId) keys.push(identityKey.document(person.documentId));
  return keys;
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

/**
 * How an audit row names a person's identifier (an identity key: its canonical form): its HMAC-SHA256
 * under the server's AUDIT_DIGEST_KEY, never the identifier in clear. The same identifier always gives
 * the same digest, so the person's own rows can be found again (GET /api/wallet/lookups); without the
 * key, a copy of the audit log gives nothing to try every ΑΦΜ against (issue #40: a bare SHA-256 of
 * one was reversed in seconds). Base64url, so that a keyed digest is never taken for an old bare one.
 */
export const identifierDigest = (secret: string, key: string) =>
  createHmac('sha256', secret).update(key).digest('base64url');

/** Digests written before they were keyed: the hex of a bare SHA-256. */
const BARE_DIGEST = '^[0-9a-f]{64}$';
const DIGESTED = ['SUSPENSION_PRECHECK', 'SUSPENSION_SEARCH'];

/**
 * Keys the digests of audit rows written before they were keyed (runs at every start, idempotent):
 * each bare SHA-256 of an identifier the platform knows (a registry person's ΑΦΜ or ΑΜΚΑ, a
 * suspension's keys) becomes its keyed digest; one of an identifier it does not know is dropped, since
 * only trying every identifier could name it. PostgreSQL finds which known keys the old digests are of.
 */
export async function keyBareDigests(db: Db, secret: string): Promise<void> {
  const old = await db
    .select({ id: auditLog.id, details: auditLog.details })
    .from(auditLog)
    .where(
      and(
        inArray(auditLog.action, DIGESTED),
        sql`exists (select 1 from jsonb_array_elements_text(coalesce(${auditLog.details}->'identifiers', '[]') ||
          coalesce(${auditLog.details}->'people', '[]')) as digest where digest ~ ${BARE_DIGEST})`,
      ),
    );
  if (old.length === 0) return;
  const bare = [
    ...new Set(
      old.flatMap(({ details }) => {
        const { identifiers = [], people = [] } = (details ?? {}) as {
          identifiers?: string[];
          people?: string[];
        };
        return [...identifiers, ...people];
      }),
    ),
  ];
  const known = await db.execute(sql`
    select key from (
      select ${IDENTITY_KEY_PREFIX.afm}::text || ${citizens.afm} as key from ${citizens} where ${citizens.afm} is not null
      union select ${IDENTITY_KEY_PREFIX.amka}::text || ${citizens.amka} from ${citizens}
      union select ${suspensionKeys.key} from ${suspensionKeys}
    ) as candidates
    where encode(sha256(convert_to(key, 'UTF8')), 'hex') = any(${sql.param(bare)}::text[])`);
  const keyed = new Map(
    rowsOf<{ key: string }>(known).map(({ key }) => [
      createHash('sha256').update(key).digest('hex'),
      identifierDigest(secret, key),
    ]),
  );
  const rekey = (digests: unknown) =>
    Array.isArray(digests)
      ? digests.flatMap((digest: string) =>
          new RegExp(BARE_DIGEST).test(digest) ? (keyed.has(digest) ? [keyed.get(digest)] : []) : [digest],
        )
      : digests;
  await db.transaction(async (tx) => {
    for (const { id, details } of old) {
      const { identifiers, people, ...rest } = details as { identifiers?: unknown; people?: unknown };
      await tx
        .update(auditLog)
        .set({ details: { ...rest, identifiers: rekey(identifiers), people: rekey(people) } })
        .where(eq(auditLog.id, id));
    }
  });
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

/** Stores a suspension's keys; keys it has already are kept (resolution only ever learns more). */
export async function storeSuspensionKeys(db: Pick<Db, 'insert'>, suspensionId: number, keys: string[]) {
  if (keys.length === 0) return;
  await db
    .insert(suspensionKeys)
    .values(keys.map((key) => ({ suspensionId, key })))
    .onConflictDoNothing();
}

/**
 * Resolves the suspensions still in force again, for what the registry (or a ticket binding) has
 * learnt since they were added: a suspension by identity details of someone the registry did not
 * yet know then reaches their ΑΦΜ and ΑΜΚΑ now. Safe to run from several processes.
 */
export async function refreshSuspensionKeys(db: Db): Promise<void> {
  const inForce = await db
    .select()
    .from(suspensions)
    .where(and(eq(suspensions.active, true), sql`${suspensions.endDate} >= ${athensToday}`));
  for (const suspension of inForce) {
    const { keys } = await resolveIdentity(db, suspension);
    await storeSuspensionKeys(db, suspension.id, keys);
  }
}

const BACKFILL_CHUNK = 1000;

/**
 * Brings rows written before identity keys existed to them (the data half of migration 0005, in
 * code because the canonical form is made here, once): tickets bound by document get their
 * document key, and suspensions their resolved keys. Idempotent; runs at every start.
 */
export async function backfillIdentityKeys(db: Db): Promise<void> {
  for (;;) {
    const unkeyed = await db
      .select({ id: tickets.id, documentId: tickets.documentId })
      .from(tickets)
      .where(and(isNotNull(tickets.documentId), sql`${tickets.documentKey} is null`))
      .limit(BACKFILL_CHUNK);
    if (unkeyed.length === 0) break;
    const ids = unkeyed.map((row) => row.id);
    const documentKeys = unkeyed.map((row) => canonicalIdentifier(row.documentId as string));
    await db.execute(sql`update ${tickets} set ${sql.identifier(tickets.documentKey.name)} = given.key
      from unnest(${sql.param(ids)}::bigint[], ${sql.param(documentKeys)}::text[]) as given(id, key)
      where ${tickets.id} = given.id`);
  }
  const unresolved = await db
    .select()
    .from(suspensions)
    .where(
      sql`not exists (select 1 from ${suspensionKeys} where ${suspensionKeys.suspensionId} = ${suspensions.id})`,
    );
  for (const suspension of unresolved) {
    const { keys } = await resolveIdentity(db, suspension);
    await storeSuspensionKeys(db, suspension.id, keys);
  }
}
