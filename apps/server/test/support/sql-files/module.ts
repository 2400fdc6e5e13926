import type { SessionUser } from '../../../src/shared/sessions';
import type { Db } from '../../../src/db/client';

/**
 * How a function is called to record what it sends: once, with sample arguments, on `db`, after
 * the rows it should find, if any, are written through `unlogged` (the same empty database).
 */
export type SampleCall = (db: Db, unlogged: Db) => Promise<unknown>;

/** A function's sample: a call, a call per branch of its SQL by name, or null for none. */
type Sample = SampleCall | Record<string, SampleCall> | null;

type FunctionName<Module> = {
  [Name in keyof Module]: Module[Name] extends (...args: never[]) => unknown ? Name : never;
}[keyof Module] &
  string;

/**
 * A module's samples (its `<module>.sql-samples.ts`, beside it): the module, and how each of its
 * functions is called.
 */
export interface SqlSamples {
  exports: Record<string, unknown>;
  /** Every exported function, in the file's order: its call (or one per branch), or null when it sends nothing itself. */
  calls: Record<string, Sample>;
}

/** A module whose statements make one file of apps/server/sql/. */
export interface SqlModule extends SqlSamples {
  /** The file's name there, without `.sql`: `<feature>.<module>` (`gate.admissions`). */
  file: string;
  /** The module's path under apps/server/src/. */
  source: string;
}

/**
 * A module's samples, exported as `samples` by its `<module>.sql-samples.ts`: every function it
 * exports must be listed (else `tsc` fails, and the recording too), with its sample call, or `null`
 * for a piece of SQL or a mapper that another function sends. A function whose SQL differs by its
 * arguments (not only in their values) has a call per branch.
 */
export const sqlSamples = <Module extends Record<string, unknown>>(
  exports: Module,
  calls: { [Name in FunctionName<Module>]: Sample },
): SqlSamples => ({ exports, calls });

/** Sample values: what they are does not show in the files (parameters stay `$1`, `$2`). */
export const sample = {
  afm: '100000003',
  amka: '01010100001',
  organisationId: 'club',
  publicCode: 'ΟΛΥ-0001',
  id: '00000000-0000-4000-8000-000000000001',
  at: new Date('2026-01-01T12:00:00Z'),
  digest: 'digest',
  audited: { actor: '100000003', action: 'SAMPLE', subject: 'sample', requestId: 'request' },
} as const;

/** An officer of a club (a platform-wide one's statements lack the club's condition). */
export const officer: SessionUser = {
  afm: sample.afm,
  firstName: 'ΜΑΡΙΑ',
  lastName: 'ΠΑΠΑΔΟΠΟΥΛΟΥ',
  role: 'OFFICER',
  organisationId: sample.organisationId,
};

/** A person by the identifiers a ticket or a suspension holds (the rules' samples). */
export const person = { afm: sample.afm, amka: sample.amka, documentId: 'Α1' };
/** The same person described in full, as the registry knows them. */
export const description = {
  ...person,
  firstName: 'ΜΑΡΙΑ',
  fathersName: 'ΙΩΑΝΝΗΣ',
  lastName: 'ΠΑΠΑΔΟΠΟΥΛΟΥ',
  dateOfBirth: '1980-01-01',
};
