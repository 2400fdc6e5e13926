/**
 * The floor's replay of a request's recorded statements (statements.ts): the statements the platform
 * sent for a sample request, recorded once with their answers, sent again for each request with that
 * request's values in place of the sample's. The values that differ are given up front (what the
 * request and its session say, and what follows from them) or read from the answers as the platform
 * reads them: wherever the sample's answer had a value, this request's answer in the same place gives
 * its own. New random codes stay random (a signed print's digits too: the floor does not sign), times
 * move to now. A transaction (begin … commit) runs on one connection, as the platform's; the other
 * statements one after the other (the platform sends some of them side by side, Promise.all: the
 * floor does not get ahead by that); a statement given as group-committed (the audit rows written
 * outside a transaction, as `audit` does) goes to its group. The answer is the platform's to the
 * sample, with this request's values where the sample's were; a statement that answered rows for the
 * sample and none now is the platform's refusal (undefined). Nothing here knows a scenario's SQL.
 */
import type pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { platformPlumbing } from '../../../apps/server/src/bench-api';
import type { Recorded, Statement } from './types';

/** Where the statements go: a connection of its own for a transaction. */
export interface Sender {
  send(statement: Statement, values: unknown[]): Promise<unknown[]>;
  connect(): Promise<Sender & { release(): void }>;
}

type Types = { getTypeParser: (oid: number, format?: string) => unknown };

/** PostgreSQL: the pool, each statement named where the platform names it, its rows read alike. */
export function poolSender(pool: pg.Pool | pg.PoolClient, types: Types): Sender {
  return {
    send: async (statement, values) =>
      (
        await pool.query({
          ...(statement.name ? { name: statement.name } : {}),
          text: statement.text,
          values,
          types: statement.types ?? types,
          ...(statement.rowMode ? { rowMode: statement.rowMode } : {}),
        } as pg.QueryConfig)
      ).rows as unknown[],
    connect: async () => {
      const client = await (pool as pg.Pool).connect();
      return { ...poolSender(client, types), release: () => client.release() };
    },
  };
}

/** PGlite: its one connection, each statement read with the options the platform gave it. */
export function pgliteSender(client: PGlite, parsers: Record<number, (value: string) => unknown>): Sender {
  return {
    send: async (statement, values) =>
      (
        await client.query(statement.text, values, {
          parsers,
          ...(statement.rowMode ? { rowMode: statement.rowMode } : {}),
          ...(statement.options ?? {}),
        })
      ).rows,
    connect: () => Promise.reject(new Error('the floor replays no transaction on PGlite')),
  };
}

/** A new code is the platform's: a value of its shape in a recording was one (a ticket's gate code). */
const newCode = platformPlumbing.newVerificationCode;
const RANDOM_CODE = new RegExp(`^[0-9A-Z]{${newCode().length}}$`);
const SIGNED_CODE = /^\d{100,}$/;
const TIME = /^\d{4}-\d\d-\d\dT/;
/** A time as the database writes it (the floor reads timestamps as their text, as drizzle does). */
const DATABASE_TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)?[+-]\d\d$/;
const newDigits = (length: number) => Array.from({ length }, () => Math.floor(Math.random() * 10)).join('');
/** Values worth learning from an answer: identifiers and names, not flags or small counts. */
const distinctive = (value: unknown) =>
  (typeof value === 'string' && value.length >= 4) || (typeof value === 'number' && value > 1000);

class Substitutions {
  private readonly exact = new Map<unknown, unknown>();
  private strings: [string, string][] = [];
  constructor(private readonly shiftMs: number) {}

  set(sample: unknown, actual: unknown) {
    if (this.exact.has(sample) || sample === actual) return;
    this.exact.set(sample, actual);
    // An id is read as text (the driver's bigint) and sent as a number (drizzle's mode: 'number').
    if (typeof sample === 'string' && /^\d{1,15}$/.test(sample) && typeof actual === 'string')
      this.exact.set(Number(sample), Number(actual));
    // A time read as the database's text is answered as ISO.
    if (typeof sample === 'string' && typeof actual === 'string' && DATABASE_TIME.test(sample))
      this.set(new Date(sample).toISOString(), new Date(actual).toISOString());
    // Inside longer strings too (a rate-limit key, a lock's key, a full name), the longest first.
    if (typeof sample === 'string' && typeof actual === 'string' && sample.length >= 9) {
      this.strings = [...this.strings, [sample, actual] as [string, string]].sort(
        (a, b) => b[0].length - a[0].length,
      );
    }
  }

  apply(value: unknown): unknown {
    if (Array.isArray(value)) return value.map((item) => this.apply(item));
    if (value instanceof Date) return new Date(value.getTime() + this.shiftMs);
    if (this.exact.has(value)) return this.exact.get(value);
    if (typeof value !== 'string') return value;
    if (RANDOM_CODE.test(value) || SIGNED_CODE.test(value)) {
      // A new code (a gate code, a print's): the answer shows this one.
      const fresh = RANDOM_CODE.test(value) ? newCode() : newDigits(value.length);
      this.set(value, fresh);
      return fresh;
    }
    if (TIME.test(value)) return new Date(Date.parse(value) + this.shiftMs).toISOString();
    return this.text(value);
  }

  /** What this request's answer says where the sample's said something of its own. */
  learn(sampleRows: unknown[] | undefined, rows: unknown[]) {
    const [sample, actual] = [sampleRows?.[0], rows[0]] as [
      Record<string, unknown>?,
      Record<string, unknown>?,
    ];
    if (!sample || !actual) return;
    for (const key of Object.keys(sample)) {
      if (distinctive(sample[key])) this.set(sample[key], actual[key]);
    }
  }

  text(text: string): string {
    return this.strings.reduce((replaced, [from, to]) => replaced.replaceAll(from, to), text);
  }

  /** The sample's answer with this request's values: whole values, and inside longer strings. */
  answer(value: unknown): unknown {
    if (Array.isArray(value)) return value.map((item) => this.answer(item));
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, this.answer(item)]));
    if (this.exact.has(value)) return this.exact.get(value);
    return typeof value === 'string' ? this.text(value) : value;
  }
}

const isBegin = (statement: Statement) => /^\s*begin\b/i.test(statement.text);
const isEnd = (statement: Statement) => /^\s*(commit|rollback)\b/i.test(statement.text);

/**
 * The replay of `recorded`: given this request's values where the sample had others ([sample,
 * actual] pairs), answers the platform's answer for it, or undefined when the platform refuses it.
 */
export function replay(
  sender: Sender,
  recorded: Recorded,
  grouped?: { text: string; send(values: unknown[]): Promise<unknown> },
) {
  return async (given: [sample: unknown, actual: unknown][]): Promise<unknown> => {
    const subs = new Substitutions(Date.now() - recorded.recordedAt);
    for (const [sample, actual] of given) subs.set(sample, actual);
    let client: (Sender & { release(): void }) | undefined;
    try {
      for (const statement of recorded.statements) {
        if (isBegin(statement)) client = await sender.connect();
        const values = subs.apply(statement.values) as unknown[];
        if (!client && statement.text === grouped?.text) {
          await grouped.send(values);
          continue;
        }
        const rows = await (client ?? sender).send(statement, values);
        if ((statement.rows?.length ?? 0) > 0 && rows.length === 0) {
          if (client) await client.send({ text: 'rollback', values: [] }, []);
          return undefined;
        }
        subs.learn(statement.rows, rows);
        if (isEnd(statement)) {
          client?.release();
          client = undefined;
        }
      }
    } finally {
      client?.release();
    }
    return subs.answer(recorded.answer);
  };
}
