/**
 * The floor of a claim (POST /api/wallet/tickets): the statements the platform's `addWalletTicket`
 * sends, recorded once with their answers (statements.ts) for a sample fan and ticket, and sent again
 * for each request with that request's values in place of the sample's. The values that differ are
 * known up front (the person's ΑΦΜ from the session, the ticket code, the request id) or read from the
 * answers as the platform reads them (the ticket's id, the person's ΑΜΚΑ and name): wherever the
 * sample's answer had a value, this request's answer in the same place gives its own. New random
 * codes stay random, times move to now. A transaction (begin … commit) runs on one connection, as the
 * platform's; the other statements one after the other on the pool (the platform runs some of them
 * side by side: the floor does not get ahead by that). The answer is the platform's to the sample,
 * with the ticket's code; a statement that answered rows for the sample and none now (the ticket bound
 * meanwhile) is the platform's refusal. No check of the claim code: the floor does the SQL work only.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Statement } from './statements';

export interface RecordedClaim {
  statements: Statement[];
  /** The platform's answer to the sample claim (a WalletTicket). */
  answer: unknown;
  sample: { afm: string; publicCode: string; requestId: string };
  /** When the sample ran (epoch ms): recorded times are moved by the age of the recording. */
  recordedAt: number;
}

type Types = { getTypeParser: (oid: number, format?: string) => unknown };

const RANDOM_CODE = /^[0-9A-Z]{16}$/;
const TIME = /^\d{4}-\d\d-\d\dT/;
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const newCode = () =>
  Array.from({ length: 16 }, () => CODE_ALPHABET[Math.floor(Math.random() * 32)]).join('');
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
    if (RANDOM_CODE.test(value)) {
      // A new random code (a gate code the listing makes): the answer shows this one.
      const fresh = newCode();
      this.set(value, fresh);
      return fresh;
    }
    if (TIME.test(value)) return new Date(Date.parse(value) + this.shiftMs).toISOString();
    return this.strings.reduce((text, [from, to]) => text.replaceAll(from, to), value);
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

  text(json: string): string {
    return this.strings.reduce((text, [from, to]) => text.replaceAll(from, to), json);
  }
}

const isBegin = (statement: Statement) => /^\s*begin\b/i.test(statement.text);
const isEnd = (statement: Statement) => /^\s*(commit|rollback)\b/i.test(statement.text);

/** The floor's claim: answers the platform's answer for this claim, or undefined when it is refused. */
export function claimReplay(pool: pg.Pool, types: Types, recorded: RecordedClaim) {
  const template = JSON.stringify(recorded.answer);
  const send = async (on: pg.Pool | pg.PoolClient, statement: Statement, values: unknown[]) =>
    (
      await on.query({
        ...(statement.name ? { name: statement.name } : {}),
        text: statement.text,
        values,
        types: statement.types ?? types,
        ...(statement.rowMode ? { rowMode: statement.rowMode } : {}),
      } as pg.QueryConfig)
    ).rows as unknown[];

  return async (afm: string, publicCode: string): Promise<unknown> => {
    const subs = new Substitutions(Date.now() - recorded.recordedAt);
    subs.set(recorded.sample.afm, afm);
    subs.set(recorded.sample.publicCode, publicCode);
    subs.set(recorded.sample.requestId, randomUUID());
    let client: pg.PoolClient | undefined;
    try {
      for (const statement of recorded.statements) {
        if (isBegin(statement)) client = await pool.connect();
        const rows = await send(client ?? pool, statement, subs.apply(statement.values) as unknown[]);
        if ((statement.rows?.length ?? 0) > 0 && rows.length === 0) {
          if (client) await client.query('rollback');
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
    return JSON.parse(subs.text(template)) as unknown;
  };
}
