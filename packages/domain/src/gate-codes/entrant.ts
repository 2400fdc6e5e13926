import type { AdmissionReason } from '../admission-reasons';
import { ADULT_AGE, ENTERS_ALONE_FROM_AGE } from '../constants';

/**
 * Who enters a fixture with a ticket, and what the steward is shown of them (docs/design.md §8), once:
 * the online scan, an upload of offline admissions, the offline manifest, the providers' gate status
 * and the bench's floor all ask this of what they read, and `decideEntry` decides on it.
 */

/** What a reader of the ticket found, at one fixture. */
export interface TicketAtFixture {
  /** The ticket's holder: the name printed or the registry's, the age today, the identity document. */
  holder: {
    name: string | null;
    /** Unknown (null) for a holder not in the registry, or to a caller that does not ask. */
    age: number | null;
    documentType: string | null;
    documentId: string | null;
  };
  /** A loan of this fixture that gives its recipient the entry (rules/entry.ts): the recipient enters. */
  loan: { name: string | null } | null;
  /** A minor holder's accepted companion, if declared; `suspended`: an active suspension names them. */
  companion?: { name: string | null; afm: string; suspended: boolean } | null;
}

/** What the steward reads of the one who enters: never an ΑΦΜ, ΑΜΚΑ or whole document number. */
export interface EntrantShown {
  holderName: string | null;
  documentType: string | null;
  /** The document number's last three characters. */
  documentHint: string | null;
  /** The companion a young minor enters with: a suspended one is none. */
  companion: { name: string; afmHint: string } | null;
}

export interface WhoEnters {
  /** The recipient of a loan of this fixture enters, not the holder (whose codes do not admit). */
  lent: boolean;
  /** A minor on their own ticket (under ADULT_AGE): the guardian is told of the admission. */
  minor: boolean;
  /** Under ENTERS_ALONE_FROM_AGE: enters only with an accepted companion who is not suspended. */
  companionRequired: boolean;
  shown: EntrantShown;
}

/** The last characters of an identifier that a steward may see. */
const hint = (identifier: string) => identifier.slice(-3);

export function whoEnters({ holder, loan, companion }: TicketAtFixture): WhoEnters {
  const lent = loan !== null;
  const minor = !lent && holder.age !== null && holder.age < ADULT_AGE;
  const companionRequired = minor && (holder.age as number) < ENTERS_ALONE_FROM_AGE;
  return {
    lent,
    minor,
    companionRequired,
    shown: lent
      ? { holderName: loan.name, documentType: null, documentHint: null, companion: null }
      : {
          holderName: holder.name,
          documentType: holder.documentType,
          documentHint: holder.documentId ? hint(holder.documentId) : null,
          companion:
            minor && companion && !companion.suspended
              ? { name: companion.name ?? '', afmHint: hint(companion.afm) }
              : null,
        },
  };
}

/**
 * The refusals given before the one who enters is known to enter (the code is not a live code of this
 * fixture for them): the steward is shown nobody. From NOT_OPEN_YET on, whom the refusal concerns.
 */
const SHOWS_NOBODY = new Set<AdmissionReason>([
  'UNKNOWN_CODE',
  'REVOKED',
  'CODE_EXPIRED',
  'WRONG_EVENT',
  'NOT_FOR_THIS_EVENT',
]);

export const showsEntrant = (reason: AdmissionReason) => !SHOWS_NOBODY.has(reason);
