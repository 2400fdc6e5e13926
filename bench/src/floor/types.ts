/**
 * What the floor records of the platform (statements.ts) and sends again (replay.ts, claim.ts,
 * database.ts): the types they share, in a module of their own so that none of them imports another
 * for them.
 */

/** One statement as the platform sent it. */
export interface Statement {
  /** The prepared statement's name, when the platform names it (PostgreSQL only). */
  name?: string;
  text: string;
  values: unknown[];
  /** As the platform asked for its rows (drizzle's selects: arrays). */
  rowMode?: 'array';
  /** The rows it was answered (the replayed scenarios' floors read them: replay.ts). */
  rows?: unknown[];
  /** The driver's type parsers the platform asked for (so the floor reads the rows alike). */
  types?: unknown;
  /** PGlite's query options the platform gave (its parsers). */
  options?: Record<string, unknown>;
}

/** A request's statements, recorded with the platform's answer to it (replay.ts sends them again). */
export interface Recorded {
  statements: Statement[];
  /** The platform's answer to the sample request. */
  answer: unknown;
  /** When the sample ran (epoch ms): recorded times are moved by the age of the recording. */
  recordedAt: number;
}

/** A claim's recording, with the sample's own values (claim.ts puts each request's in their place). */
export interface RecordedClaim extends Recorded {
  sample: { afm: string; publicCode: string; requestId: string };
}
