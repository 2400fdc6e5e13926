import { sql } from 'drizzle-orm';
import { IDENTITY_KEY_PREFIX } from '@tickets/domain';
import type { Db } from '../db/client';
import { onTransaction, preparedQuery } from '../db/prepared';
import { events, tickets } from '../db/schema';
import { directKeysOf, registryKeysOf, type HolderIdentifiers } from './suspensions';

/**
 * One ticket per person and fixture (docs/design.md §10), however the tickets were bound: in the
 * wallet (by ΑΦΜ and ΑΜΚΑ) or at a ticket office (by document). The person is resolved to identity
 * keys as the suspension rule resolves a holder (§9): their own keys, the ΑΦΜ and ΑΜΚΑ the registry
 * links to them, and what a ticket binding ties to them (a document bound together with an ΑΦΜ or
 * ΑΜΚΑ), so a binding by a document the registry links to the person counts once it knows documents.
 */

/**
 * The fixtures a ticket of this event admits to (an SQL int8 array), among those not yet played: a
 * match's own; a season's each fixture, and the season itself, so two season tickets meet even
 * before their fixtures are known.
 */
const admittedFixtures = (eventId: unknown) => sql`(select case when e.seasonal
      then array[e.id] || array(select f.id from ${events} f where f.season_id = e.id and f.starts_at > now())
      else array[e.id] end
    from ${events} e where e.id = ${eventId})`;

/**
 * The person's keys of one kind, without their prefix, as a subquery. Each is met with
 * `= any(array(…))`, which the planner answers from the column's index; `in (select …)` over three
 * columns joined by `or` it planned as a scan of every ticket (585 ms against 2.5 ms at 1,000,000).
 */
const keysOfKind = (prefix: string) =>
  sql`(select substr(k, ${prefix.length + 1}) from person_keys where starts_with(k, ${prefix}))`;

type HoldsParams = {
  ticketId: number;
  afm: string | null;
  amka: string | null;
  documentKey: string | null;
};

/** The rule as one statement, prepared once per database (`holdsAnotherTicketOfFixture` binds it). */
const holdsQuery = preparedQuery<HoldsParams>()((db, p) => {
  const afm = sql`${p.afm}::text`;
  const amka = sql`${p.amka}::text`;
  const documentKey = sql`${p.documentKey}::text`;
  const ticketId = sql`${p.ticketId}::int8`;
  const { afm: AFM, amka: AMKA, document: DOC } = IDENTITY_KEY_PREFIX;
  return db
    .select({
      holds: sql<boolean>`(
    with own_keys(k) as (
      select unnest(array_cat(${directKeysOf(afm, amka, documentKey)}, ${registryKeysOf(afm, amka, documentKey)}))
    ),
    tied_keys(k) as (
      select ${AFM}::text || t.holder_afm from ${tickets} t
        where t.document_key = ${documentKey} and t.holder_afm is not null
      union
      select ${AMKA}::text || t.holder_amka from ${tickets} t
        where t.document_key = ${documentKey} and t.holder_amka is not null
      union
      select ${DOC}::text || t.document_key from ${tickets} t
        where (t.holder_afm = ${afm} or t.holder_amka = ${amka}) and t.document_key is not null
    ),
    person_keys(k) as (select k from own_keys where k is not null union select k from tied_keys)
    select exists (
      select 1 from ${tickets} held
      where held.id <> ${ticketId}
        and (held.holder_afm = any(array${keysOfKind(AFM)})
          or held.holder_amka = any(array${keysOfKind(AMKA)})
          or held.document_key = any(array${keysOfKind(DOC)}))
        and ${admittedFixtures(sql`held.event_id`)} && ${admittedFixtures(sql`(select event_id from ${tickets} where id = ${ticketId})`)}
    ))`,
    })
    .from(sql`(select 1) as rule`)
    .prepare('holds_another_ticket_of_fixture');
});

/**
 * Whether the person already holds, bound to them, a ticket other than `ticketId` that admits to a
 * fixture `ticketId` admits to (a season ticket counts for each of its fixtures, both ways). One
 * prepared statement of `db`'s, within transaction `tx` when given (the claim asks it holding the
 * person's lock).
 */
export async function holdsAnotherTicketOfFixture(
  db: Db,
  ticketId: number,
  person: HolderIdentifiers & { documentKey?: string | null },
  tx?: Db,
): Promise<boolean> {
  const values = {
    ticketId,
    afm: person.afm ?? null,
    amka: person.amka ?? null,
    documentKey: person.documentKey ?? null,
  };
  const [row] = await (tx ? onTransaction(holdsQuery(db), tx) : holdsQuery(db)).execute(values);
  return row?.holds === true;
}

const lockQuery = preparedQuery<{ key: string }>()((db, p) =>
  db
    .select({ locked: sql<void>`pg_advisory_xact_lock(hashtext(${p.key}::text))` })
    .from(sql`(select 1) as turn`)
    .prepare('lock_person_for_binding'),
);

/**
 * Takes the person's turn for a binding until the transaction ends: two bindings for one person at
 * once (two tickets of one fixture) are checked one after the other, so both cannot pass.
 */
export async function lockPersonForBinding(db: Db, tx: Db, personKey: string): Promise<void> {
  await onTransaction(lockQuery(db), tx).execute({ key: `binding:${personKey}` });
}
