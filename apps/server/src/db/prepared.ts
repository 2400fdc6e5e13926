import type { Db } from './client';

/**
 * A query that runs on most requests, prepared once per database: drizzle builds its SQL once and
 * PostgreSQL plans it once per connection; every call after only binds values.
 */
export function preparedPerDatabase<Query>(prepare: (db: Db) => Query): (db: Db) => Query {
  const prepared = new WeakMap<Db, Query>();
  return (db) => {
    let query = prepared.get(db);
    if (!query) prepared.set(db, (query = prepare(db)));
    return query;
  };
}
