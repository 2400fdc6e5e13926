import {
  CLAIM_ADDRESS_ATTEMPTS_MAX,
  CLAIM_ATTEMPT_WINDOW_MINUTES,
  CLAIM_ATTEMPTS_MAX,
  SELF_CLAIM_MIN_AGE,
  type AddWalletTicket,
  type WalletTicket,
} from '@tickets/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../shared/app-error';
import { audit } from '../../shared/audit';
import { isClaimCodeOf } from '../../rules/claim-codes';
import { countHit } from '../../shared/rate-limit-store';
import type { Actor } from '../../shared/guards';
import type { SessionUser } from '../../shared/sessions';
import { isSuspended } from '../../rules/suspensions';
import { isBound, type TicketBinding } from '../../rules/tickets';
import { bindToWallet, findClaim, findClaimedTicket, findDependent } from './claims.queries';
import { findWalletTicket, walletTicketOf } from './tickets.service';

/**
 * Adding a bought ticket to the wallet (docs/design.md §10): the ticket code and the claim code of the
 * purchase confirmation prove the purchase; the ticket is bound to the person who will enter (the
 * signed-in person, or one of their minors). The checks go in an order that tells a stranger nothing:
 * the codes first (an unknown ticket and a wrong claim code answer alike, and past the claimant's
 * allowance of wrong ones, CLAIM_ATTEMPTS_EXCEEDED), and only then anything about the ticket or the person.
 */

export interface AddedTicket {
  ticket: WalletTicket;
  /** False when the person had added it already: the same answer again. */
  created: boolean;
}

const WINDOW_MS = CLAIM_ATTEMPT_WINDOW_MINUTES * 60_000;

interface ClaimActor extends Actor {
  /** The client's address (TRUSTED_PROXIES decides whose X-Forwarded-For names it); none for demo data. */
  address?: string;
}

/**
 * The allowances of wrong claims (docs/design.md §10), in the database's store so that every process
 * shares them: the claimant's and their address's. None per ticket: a ticket code is printed and
 * sequential, so strangers' wrong codes spent its allowance and kept the buyer out (issue 40); the
 * claim code's 80 bits guard the ticket.
 */
const allowancesOf = (actor: ClaimActor) => [
  { key: `claim:person:${actor.user.afm}`, max: CLAIM_ATTEMPTS_MAX },
  ...(actor.address ? [{ key: `claim:address:${actor.address}`, max: CLAIM_ADDRESS_ATTEMPTS_MAX }] : []),
];

/**
 * A wrong claim (a wrong claim code, or an unknown ticket): counted against each allowance in one
 * transaction, counting first so that concurrent claims on any process cannot all pass. Within them
 * it is audited (the ticket code, never the claim code) and answered CLAIM_NOT_FOUND; past one, it
 * is CLAIM_ATTEMPTS_EXCEEDED with Retry-After, the end of the spent allowance's window.
 */
async function refuseWrongClaim(db: Db, actor: ClaimActor, publicCode: string): Promise<never> {
  const spentFor = await db.transaction(async (tx) => {
    const spent: number[] = [];
    for (const { key, max } of allowancesOf(actor)) {
      const hits = await countHit(tx, key, WINDOW_MS);
      if (hits.current > max) spent.push(hits.ttl);
    }
    if (spent.length === 0)
      await audit(tx, {
        actor: actor.user.afm,
        action: 'TICKET_CLAIM_REFUSED',
        subject: publicCode,
        requestId: actor.requestId,
      });
    return spent;
  });
  if (spentFor.length > 0) {
    const seconds = Math.max(1, Math.ceil(Math.max(...spentFor) / 1000));
    throw new AppError('CLAIM_ATTEMPTS_EXCEEDED', undefined, seconds);
  }
  throw new AppError('CLAIM_NOT_FOUND');
}

type Claim = NonNullable<Awaited<ReturnType<ReturnType<typeof findClaim>['execute']>>[number]>;

/**
 * Who will enter with the ticket: the minor named by `dependentAmka`, or the signed-in person (read
 * with the claim), with whether they are suspended (the rule of `activeSuspensionOf`).
 */
async function entrantOf(db: Db, user: SessionUser, claim: Claim, dependentAmka: string | undefined) {
  if (dependentAmka !== undefined) {
    const [minor] = await findDependent(db).execute({ guardianAfm: user.afm, amka: dependentAmka });
    if (!minor) throw new AppError('DEPENDENT_NOT_FOUND');
    const entrant = { afm: minor.afm, amka: minor.amka, fullName: `${minor.firstName} ${minor.lastName}` };
    return { ...entrant, suspended: () => isSuspended(db, entrant) };
  }
  // ΚΥΑ 568/2024: a minor under 15 is added by a guardian; from 15 they add their own.
  if (claim.personAge !== null && claim.personAge < SELF_CLAIM_MIN_AGE) {
    throw new AppError('MINOR_CANNOT_ADD_TICKET');
  }
  const inRegistry = claim.personAmka !== null;
  return {
    afm: user.afm,
    amka: claim.personAmka,
    fullName: inRegistry
      ? `${claim.personFirstName} ${claim.personLastName}`
      : `${user.firstName} ${user.lastName}`,
    suspended: () => Promise.resolve(claim.personSuspended),
  };
}

export async function addWalletTicket(
  db: Db,
  actor: ClaimActor,
  request: Required<Pick<AddWalletTicket, 'publicCode' | 'claimCode'>> & { dependentAmka?: string },
  claimCodeKey: string,
): Promise<AddedTicket> {
  const { user } = actor;
  // The code first, before anything is read: a right one always goes on, whatever wrong ones anyone
  // sent; a wrong one is refused alike for a known ticket and an unknown one (the same work, the same answer).
  if (!isClaimCodeOf(claimCodeKey, request.publicCode, request.claimCode))
    return refuseWrongClaim(db, actor, request.publicCode);
  const [claim] = await findClaim(db).execute({ publicCode: request.publicCode, afm: user.afm });
  if (!claim) throw new Error('the claim statement answers one row');
  // A code of the key's for a ticket that does not exist (or no longer does): as a wrong code.
  if (claim.id === null) return refuseWrongClaim(db, actor, request.publicCode);
  const ticket = { ...claim, id: claim.id };

  const entrant = await entrantOf(db, user, claim, request.dependentAmka);
  if (!ticket.upcoming) throw new AppError(ticket.seasonal ? 'EVENT_OVER' : 'EVENT_STARTED');
  if (await entrant.suspended()) throw new AppError('PERSON_SUSPENDED');

  const sameHolder = (current: TicketBinding) =>
    current.documentId === null && current.holderAfm === entrant.afm && current.holderAmka === entrant.amka;
  const listedAgain = async (): Promise<AddedTicket> => {
    const listed = await findWalletTicket(db, user.afm, request.publicCode);
    if (!listed) throw new AppError('INTERNAL_ERROR');
    return { ticket: listed, created: false };
  };
  if (isBound(ticket)) {
    if (sameHolder(ticket)) return listedAgain();
    throw new AppError('TICKET_ALREADY_IN_WALLET');
  }

  // One statement: the binding, with the person's turn and the one-ticket-per-fixture rule in it.
  const [won] = await bindToWallet(db).execute({
    id: ticket.id,
    holderAfm: entrant.afm,
    holderAmka: entrant.amka,
    fullName: entrant.fullName,
    actor: user.afm,
    action: request.dependentAmka === undefined ? 'TICKET_WALLET_ADD' : 'TICKET_WALLET_ADD_DEPENDENT',
    subject: request.publicCode,
    requestId: actor.requestId,
  });
  if (won) {
    // As the wallet lists it, from what the binding answered: not blocked (the one entering was just
    // found free), a minor's with their name; a season ticket with its fixtures still ahead.
    const listed = await walletTicketOf(db, {
      ...won,
      dependentName: request.dependentAmka === undefined ? null : entrant.fullName,
      suspension: undefined,
    });
    return { ticket: listed, created: true };
  }
  // Not bound: the person holds a ticket of its fixture. Lost the race: to the same person it is the
  // same request twice, to anyone else a refusal.
  const [current] = await findClaimedTicket(db).execute({ publicCode: request.publicCode });
  if (current && !isBound(current)) throw new AppError('ALREADY_HOLDS_FIXTURE');
  if (current && sameHolder(current)) return listedAgain();
  throw new AppError('TICKET_ALREADY_IN_WALLET');
}
