import type { AdmissionReason } from '../admission-reasons';
import type { EntryFacts } from './decide-entry';

/**
 * One table of entry cases (issue #27, "One decision"), for tests only (`@tickets/domain/entry-cases`,
 * not the package's index): each suite makes every case its own way and expects the same reason from
 * `decideEntry` (the facts below), from the server on both engines (apps/server/test/gate-entry-cases.test.ts)
 * and from the steward's screen offline (e2e/tests/gate-entry-cases.spec.ts).
 */

/** How a case is made: a ticket of the match at the gate, shown as `code`, and what is done to it. */
export interface EntrySetup {
  /** A print made at the ticket office, or a wallet code from a phone registered for the ticket. */
  code: 'paper' | 'wallet';
  /** paper: printed again after this print was made; wallet: another phone registered after this one. */
  replaced?: true;
  /** wallet: the phone of someone who does not enter (a loan's recipient, once the loan ended). */
  othersPhone?: true;
  /**
   * wallet: the registered credential's id, ticket and fixture signed with the platform's key for
   * another phone's key (only a leaked platform key could; issue #27 item 6).
   */
  forgedPhoneKey?: true;
  /** wallet: the code as the phone showed it two minutes ago. */
  shownMinutesAgo?: number;
  /** The ticket is another fixture's of the same club. */
  otherFixture?: true;
  /** When it is scanned: before the gates open, or once the fixture is over (else while open). */
  clock?: 'beforeGatesOpen' | 'over';
  /** An active suspension names the holder. */
  holderSuspended?: true;
  /** The holder is a minor under 15, without an accepted companion or with one who is suspended. */
  minor?: 'noCompanion' | 'suspendedCompanion';
  /** The ticket was admitted to the match once already. */
  admittedBefore?: true;
}

export interface EntryCase {
  name: string;
  setup: EntrySetup;
  /** What the setup establishes, as `decideEntry` is given it (the gates' times: `ENTRY_CASE_TIMES`). */
  facts: EntryFacts;
  /** The decision: ADMITTED, or the reason of the refusal. */
  expected: AdmissionReason;
}

/** The match's times for the facts, and the moments of the three clocks. */
export const ENTRY_CASE_TIMES = {
  gatesOpenAt: Date.parse('2026-05-10T14:30:00Z'),
  endsAt: Date.parse('2026-05-10T20:30:00Z'),
  open: Date.parse('2026-05-10T16:00:00Z'),
  beforeGatesOpen: Date.parse('2026-05-10T12:00:00Z'),
  over: Date.parse('2026-05-10T21:00:00Z'),
};

/** The moment a case is decided at (for `decideEntry`). */
export const entryCaseNow = ({ clock }: EntrySetup) => ENTRY_CASE_TIMES[clock ?? 'open'];

/** A live code of this match for an adult holder who may enter, not admitted yet. */
const valid: EntryFacts = {
  code: { genuine: true, revoked: false, fresh: true, forThisEvent: true, known: true },
  entersThisEvent: true,
  phoneIsEntrants: true,
  gatesOpenAt: ENTRY_CASE_TIMES.gatesOpenAt,
  endsAt: ENTRY_CASE_TIMES.endsAt,
  entrant: { suspended: false, companionRequired: false, companion: false },
  alreadyAdmitted: false,
};
const withCode = (code: Partial<NonNullable<EntryFacts['code']>>): EntryFacts => ({
  ...valid,
  code: { ...(valid.code as NonNullable<EntryFacts['code']>), ...code },
});

export const ENTRY_CASES: readonly EntryCase[] = [
  { name: 'valid paper', setup: { code: 'paper' }, facts: valid, expected: 'ADMITTED' },
  { name: 'valid wallet', setup: { code: 'wallet' }, facts: valid, expected: 'ADMITTED' },
  {
    name: 'replaced print',
    setup: { code: 'paper', replaced: true },
    facts: withCode({ revoked: true }),
    expected: 'REVOKED',
  },
  {
    name: 'replaced phone',
    setup: { code: 'wallet', replaced: true },
    facts: withCode({ revoked: true }),
    expected: 'REVOKED',
  },
  {
    name: 'other phone key',
    setup: { code: 'wallet', forgedPhoneKey: true },
    // Not a credential the platform issued as registered: online none is found by its id and phone
    // key, offline the manifest has no entry under its signature.
    facts: withCode({ known: false }),
    expected: 'UNKNOWN_CODE',
  },
  {
    name: "another's phone",
    setup: { code: 'wallet', othersPhone: true },
    // Online the phone is compared with the entrant's; offline its credential is listed as revoked.
    facts: { ...valid, phoneIsEntrants: false },
    expected: 'REVOKED',
  },
  {
    name: 'expired',
    setup: { code: 'wallet', shownMinutesAgo: 2 },
    facts: withCode({ fresh: false }),
    expected: 'CODE_EXPIRED',
  },
  {
    name: 'other fixture',
    setup: { code: 'paper', otherFixture: true },
    facts: withCode({ forThisEvent: false }),
    expected: 'WRONG_EVENT',
  },
  {
    name: 'not open yet',
    setup: { code: 'paper', clock: 'beforeGatesOpen' },
    facts: valid,
    expected: 'NOT_OPEN_YET',
  },
  { name: 'over', setup: { code: 'paper', clock: 'over' }, facts: valid, expected: 'EVENT_OVER' },
  {
    name: 'suspended holder',
    setup: { code: 'paper', holderSuspended: true },
    facts: { ...valid, entrant: { suspended: true, companionRequired: false, companion: false } },
    expected: 'SUSPENDED',
  },
  {
    name: 'suspended companion',
    setup: { code: 'wallet', minor: 'suspendedCompanion' },
    // A suspended companion is no companion.
    facts: { ...valid, entrant: { suspended: false, companionRequired: true, companion: false } },
    expected: 'COMPANION_REQUIRED',
  },
  {
    name: 'minor without companion',
    setup: { code: 'wallet', minor: 'noCompanion' },
    facts: { ...valid, entrant: { suspended: false, companionRequired: true, companion: false } },
    expected: 'COMPANION_REQUIRED',
  },
  {
    name: 'already admitted',
    setup: { code: 'paper', admittedBefore: true },
    facts: { ...valid, alreadyAdmitted: true },
    expected: 'ALREADY_ADMITTED',
  },
];
