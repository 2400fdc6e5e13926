import type { AdmissionReason } from '../admission-reasons';

/**
 * The entry rule (docs/design.md §8), once: the server decides with it online and for an upload of
 * offline admissions, the steward's screen offline (`verifyGateCode`), the bench's floor too. Pure:
 * it reads and verifies nothing itself. Whoever calls it has established the facts (the server from
 * its one prepared read and the code's signatures, a device from the signed manifest's entry) and
 * the function says what they add up to, the first failing check in §8's order being the reason.
 */

/** What the code was found to be. */
export interface CodeFacts {
  /**
   * Genuine: its signatures hold (the platform's, and a wallet code's phone's), or a random code the
   * platform issued; and the ticket it names is the ticket found.
   */
  genuine: boolean;
  /** A replaced print (a reprint's serial is later) or a replaced phone's credential. */
  revoked: boolean;
  /** A wallet code signed within the window of `now` (WALLET_CODE_TOLERANCE_SECONDS); a print always is. */
  fresh: boolean;
  /** The code's fixture or season is the event at the gate. */
  forThisEvent: boolean;
  /**
   * The code is one of this fixture's known codes for that ticket (offline: the manifest has its
   * entry; for an upload, the ticket the device says it admitted). Asked after the fixture, so a code
   * of another fixture is WRONG_EVENT, not unknown.
   */
  known: boolean;
}

/** Who enters with the code, when the caller asks it (an upload of offline admissions does not). */
export interface EntrantFacts {
  /** An active suspension names the one who enters (the rule of §9). */
  suspended: boolean;
  /** A minor under ENTERS_ALONE_FROM_AGE enters only with a companion. */
  companionRequired: boolean;
  /** An ACCEPTED companion who is not suspended. */
  companion: boolean;
}

export interface EntryFacts {
  /** Null: not a code (of this club) at all: unreadable, or no ticket found for it. */
  code: CodeFacts | null;
  /** False for the holder's codes of a season-ticket fixture lent to someone else: the recipient enters. */
  entersThisEvent: boolean;
  /**
   * A wallet code's phone was registered by the one who enters (or a young entrant's guardian): the
   * phone key compared with the entrant's. True for a print.
   */
  phoneIsEntrants: boolean;
  /** When the gates open (GATES_OPEN_MINUTES_BEFORE kick-off) and when the fixture is over. */
  gatesOpenAt: Date | number;
  endsAt: Date | number;
  /**
   * When the club's ticket office cancelled the fixture (null or undefined: not cancelled). From then
   * on nobody enters; an admission recorded offline before it stands.
   */
  cancelledAt?: Date | number | null;
  /** Undefined when not the caller's to ask (an upload: the device decided the person). */
  entrant?: EntrantFacts;
  /**
   * The ticket has an admission to this fixture already. Undefined when not the caller's to ask (a
   * device keeps its own record; an upload records a double entry).
   */
  alreadyAdmitted?: boolean;
}

/** The decision on the facts at `now`: ADMITTED, or the first failing check's reason. */
export function decideEntry(facts: EntryFacts, now: Date | number): AdmissionReason {
  const { code } = facts;
  // 1. Genuine, 2. current, 3. for this fixture.
  if (!code || !code.genuine) return 'UNKNOWN_CODE';
  if (code.revoked) return 'REVOKED';
  if (!code.fresh) return 'CODE_EXPIRED';
  if (!code.forThisEvent) return 'WRONG_EVENT';
  if (!code.known) return 'UNKNOWN_CODE';
  if (!facts.entersThisEvent) return 'NOT_FOR_THIS_EVENT';
  // Another phone's key than the one who enters registered: as a replaced phone.
  if (!facts.phoneIsEntrants) return 'REVOKED';
  // 4. The fixture not cancelled, the gates open, the fixture not over.
  const time = typeof now === 'number' ? now : now.getTime();
  if (facts.cancelledAt != null && time >= Number(facts.cancelledAt)) return 'EVENT_CANCELLED';
  if (time < Number(facts.gatesOpenAt)) return 'NOT_OPEN_YET';
  if (time >= Number(facts.endsAt)) return 'EVENT_OVER';
  // 5. The one who enters is not suspended; 6. a young minor comes with a companion.
  const { entrant } = facts;
  if (entrant?.suspended) return 'SUSPENDED';
  if (entrant?.companionRequired && !entrant.companion) return 'COMPANION_REQUIRED';
  // 7. Not admitted yet.
  if (facts.alreadyAdmitted) return 'ALREADY_ADMITTED';
  return 'ADMITTED';
}
