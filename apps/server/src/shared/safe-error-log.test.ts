import { describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import { serializeError } from './safe-error-log';

const AFM = '735198647';
const QUERY = 'insert into "suspensions" ("afm", "end_date") values ($1, $2)';

/** PostgreSQL's answer as pg builds it: message and detail may quote the values. */
function databaseError(message: string, fields: Partial<pg.DatabaseError>): pg.DatabaseError {
  return Object.assign(new pg.DatabaseError(message, 0, 'error'), { severity: 'ERROR', ...fields });
}

const failedQuery = (cause: Error) => new DrizzleQueryError(QUERY, [AFM, '2099-12-31'], cause);

describe('logging an error', () => {
  it.each([
    [
      'a constraint violation',
      databaseError('duplicate key value violates unique constraint "suspensions_afm_key"', {
        code: '23505',
        detail: `Key (afm)=(${AFM}) already exists.`,
        table: 'suspensions',
        constraint: 'suspensions_afm_key',
      }),
      { code: '23505', table: 'suspensions', constraint: 'suspensions_afm_key' },
    ],
    [
      'an invalid value',
      databaseError(`invalid input syntax for type date: "${AFM}"`, {
        code: '22007',
        routine: 'DateTimeParseError',
      }),
      { code: '22007' },
    ],
    [
      'a database outage',
      Object.assign(new Error(`connect ECONNREFUSED 127.0.0.1:5432 (while sending ${AFM})`), {
        code: 'ECONNREFUSED',
      }),
      { code: 'ECONNREFUSED' },
    ],
  ])('names %s of a query without its values', (_what, cause, named) => {
    const logged = serializeError(failedQuery(cause));
    expect(logged).toMatchObject({ type: 'DrizzleQueryError', query: QUERY, cause: named });
    expect(JSON.stringify(logged)).not.toContain(AFM);
    expect((logged as { stack?: string }).stack).toMatch(/^\s+at /);
  });

  it('finds the failed query further down the causes, and logs any other error whole', () => {
    const wrapped = new Error(`could not suspend ${AFM}`, { cause: failedQuery(new Error('boom')) });
    const logged = serializeError(wrapped);
    expect(logged).toMatchObject({ type: 'Error', cause: { type: 'DrizzleQueryError', query: QUERY } });
    expect(JSON.stringify(logged)).not.toContain(AFM);

    expect(serializeError(new TypeError('x is undefined'))).toMatchObject({
      type: 'TypeError',
      message: 'x is undefined',
      stack: expect.stringContaining('TypeError: x is undefined'),
    });
  });
});
