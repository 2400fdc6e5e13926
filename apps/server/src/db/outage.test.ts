import { describe, expect, it } from 'vitest';
import { isUnreachableError } from './outage';
import { DatabaseConnectError } from './primary';

/** As node-postgres gives a server's error: its SQLSTATE in `code`. */
const serverError = (code: string) => Object.assign(new Error('from the server'), { code });
/** As drizzle wraps what the driver threw. */
const wrapped = (cause: unknown) => new Error('Failed query: …', { cause });

describe('isUnreachableError: the database cannot take this now (503), or the statement failed (500)', () => {
  it.each([
    ['a refused socket', wrapped(serverError('ECONNREFUSED'))],
    ['a server shutting down', wrapped(serverError('57P01'))],
    ['too many clients', wrapped(new DatabaseConnectError('x', serverError('53300')))],
    ['a full disk', wrapped(serverError('53100'))],
    ['a read-only session (the host is a standby now)', wrapped(serverError('25006'))],
    ['a database refusing connections', wrapped(new DatabaseConnectError('x', serverError('55000')))],
    ['no host accepting writes', wrapped(new DatabaseConnectError('no primary'))],
  ])('%s: 503', (_, error) => expect(isUnreachableError(error)).toBe(true));

  it.each([
    ['55000 from a statement', wrapped(serverError('55000'))],
    ['a unique violation', wrapped(serverError('23505'))],
    ['a wrong password', wrapped(new DatabaseConnectError('x', serverError('28P01')))],
  ])('%s: 500', (_, error) => expect(isUnreachableError(error)).toBe(false));
});
