import { sql, type Placeholder } from 'drizzle-orm';
import type { Db } from './client';

/**
 * Something made once per database, at its first use: a query that runs on most requests (drizzle
 * builds its SQL once and PostgreSQL plans it once per connection; every call after only binds
 * values), or a group commit's queue.
 */
export function perDatabase<Thing>(make: (db: Db) => Thing): (db: Db) => Thing {
  const made = new WeakMap<Db, Thing>();
  return (db) => {
    let thing = made.get(db);
    if (!thing) made.set(db, (thing = make(db)));
    return thing;
  };
}

/** One placeholder per parameter: `p.ticketId` stands for the `ticketId` that `execute` binds. */
export type Placeholders<Params> = {
  readonly [Name in keyof Params & string]: Placeholder<Name, Params[Name]>;
};

const placeholders = new Proxy({} as Record<string, Placeholder>, {
  get: (_target, name) => (typeof name === 'string' ? sql.placeholder(name) : undefined),
});

/** The placeholders of `Params`, for a statement built outside `preparedQuery` (one within a transaction). */
export const placeholdersOf = <Params>() => placeholders as Placeholders<Params>;

interface PreparedQuery {
  execute(values?: Record<string, unknown>): Promise<unknown>;
}

/**
 * `perDatabase` with typed parameters: the query names its placeholders through `p` (a name
 * `Params` lacks does not compile) and `execute` takes exactly `Params`. Write
 * `preparedQuery<{ id: number }>()((db, p) => db.select()…where(eq(t.id, p.id)).prepare('name'))`
 * (the second call infers the query's type).
 */
export function preparedQuery<Params extends Record<string, unknown>>() {
  return <Query extends PreparedQuery>(prepare: (db: Db, p: Placeholders<Params>) => Query) => {
    const query = perDatabase((db) => prepare(db, placeholders as Placeholders<Params>));
    return (db: Db) => query(db) as unknown as { execute(values: Params): ReturnType<Query['execute']> };
  };
}

/** The connection a drizzle transaction runs on: its session's client (not in drizzle's public types). */
export const connectionOf = (tx: Db): unknown =>
  (tx as unknown as { session: { client: unknown } }).session.client;

/**
 * A statement prepared once on the database (`preparedQuery`) run within transaction `tx`, on its
 * connection. drizzle builds a transaction's own statements anew at every call (a prepared statement
 * of the pool's is bound to the pool): this one is built once, and planned once per connection as the
 * pool's are (bench/HISTORY.md, "Cutting the claim"). drizzle keeps the connection as the statement's
 * `client`, as its session's: its internals, pinned with its version, and every test of a claim, a
 * ticket-office binding and a notification runs through this on both engines.
 */
export function onTransaction<Statement extends object>(statement: Statement, tx: Db): Statement {
  return Object.assign(Object.create(statement) as Statement, { client: connectionOf(tx) });
}
