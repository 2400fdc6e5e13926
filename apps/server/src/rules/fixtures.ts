import { createHash } from 'node:crypto';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { IDENTITY_KEY_PREFIX } from '@tickets/domain';
import type { Db } from '../db/client';
import { events, tickets } from '../db/schema';
import { directKeysOf, registryKeysOf } from './suspensions';

/**
 * One ticket per person and fixture (docs/design.md §10), however the tickets were bound: in the
 * wallet (by ΑΦΜ and ΑΜΚΑ) or at a ticket office (by document). The person is resolved to identity
 * keys as the suspension rule resolves a holder (§9): their own keys, the ΑΦΜ and ΑΜΚΑ the registry
 * links to them, and what a ticket binding ties to them (a document bound together with an ΑΦΜ or
 * ΑΜΚΑ), so a binding by a document the registry links to the person counts once it knows documents.
 *
 * The rule is asked by the binding itself: the UPDATE that binds a ticket (the wallet's claim, the
 * ticket office's personalization) matches only when `mayBindTicket` says so, one statement and one
 * commit. `mayBindTicket` is a database function made from the rule below at start
 * (`installBindingRule`): it takes the person's turn (two bindings for one person at once, two
 * tickets of one fixture, are checked one after the other, so both cannot pass), then asks the rule
 * with a snapshot of its own, taken after the turn (a PL/pgSQL function's statements each take one
 * under READ COMMITTED), so it sees a binding committed while it waited.
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

interface RuleArguments {
  ticketId: SQL;
  afm: SQL;
  amka: SQL;
  documentKey: SQL;
}

/**
 * Whether the person (`afm`, `amka`, `documentKey`: text, each may be null) already holds, bound to
 * them, a ticket other than `ticketId` that admits to a fixture `ticketId` admits to (a season ticket
 * counts for each of its fixtures, both ways): a boolean SQL expression.
 */
const holdsAnotherTicketOfFixture = ({ ticketId, afm, amka, documentKey }: RuleArguments) => {
  const { afm: AFM, amka: AMKA, document: DOC } = IDENTITY_KEY_PREFIX;
  return sql`(
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
    ))`;
};

/** The function's arguments, by their names in its body. */
const argument = {
  ticketId: sql.raw('arg_ticket_id'),
  afm: sql.raw('arg_afm'),
  amka: sql.raw('arg_amka'),
  documentKey: sql.raw('arg_document_key'),
} satisfies RuleArguments;

/**
 * The function's definition, its body rendered from the rule above (values written in, as a
 * function's body holds them). Its name carries a digest of the definition: a changed rule is a new
 * function beside the old, which a process still running the old code keeps calling.
 */
const bindingRule = (() => {
  const rule = new PgDialect().sqlToQuery(sql`${holdsAnotherTicketOfFixture(argument)}`.inlineParams());
  if (rule.params.length > 0) throw new Error('the binding rule has a value its body cannot hold');
  const definition = `(arg_ticket_id int8, arg_afm text, arg_amka text, arg_document_key text)
  returns boolean language plpgsql volatile cost 1000 as $rule$
begin
  perform pg_advisory_xact_lock(hashtext('binding:' || coalesce(arg_amka, arg_afm, arg_document_key, '')));
  return not ${rule.sql};
end
$rule$`;
  const name = `may_bind_ticket_${createHash('sha256').update(definition).digest('hex').slice(0, 16)}`;
  return { name, create: `create or replace function ${name}${definition}` };
})();

type Value = Placeholder | SQL;

/**
 * The rule in a binding's WHERE (a boolean): `person` may be bound ticket `ticketId`. The person's
 * turn is held until the binding's transaction ends.
 */
export const mayBindTicket = (ticketId: Value, person: { afm: Value; amka: Value; documentKey: Value }) =>
  sql`${sql.raw(bindingRule.name)}(${ticketId}::int8, ${person.afm}::text, ${person.amka}::text, ${person.documentKey}::text)`;

/** Any fixed number: processes starting at once make the function one after the other. */
const INSTALL_LOCK_KEY = 4_817_202_612;

/** Makes `mayBindTicket`'s function in the database (at start, before any binding). */
export async function installBindingRule(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${INSTALL_LOCK_KEY})`);
    await tx.execute(sql.raw(bindingRule.create));
  });
}
