import {
  CLAIM_ATTEMPT_WINDOW_MINUTES,
  CLAIM_ATTEMPTS_MAX,
  SELF_CLAIM_MIN_AGE,
  type AddWalletTicket,
  type WalletTicket,
} from '@tickets/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../shared/app-error';
import { audit } from '../../shared/audit';
import { isClaimCodeOf } from '../../shared/claim-codes';
import { holdsAnotherTicketOfFixture, lockPersonForBinding } from '../../shared/fixtures';
import { countHit, readHits } from '../../shared/rate-limit-store';
import type { SessionUser } from '../../shared/sessions';
import { isSuspended } from '../../shared/suspensions';
import { bindToWallet, findClaimedTicket, findDependent, findRegistryPerson } from './claims.queries';
import { findWalletTicket } from './tickets.service';

/**
 * Adding a bought ticket to the wallet (docs/design.md §10): the ticket code and the claim code of the
 * purchase confirmation prove the purchase; the ticket is bound to the person who will enter (the
 * signed-in person, or one of their minors). The checks go in an order that tells a stranger nothing:
 * too many wrong tries, then the codes (an unknown ticket and a wrong claim code answer alike), and
 * only then anything about the ticket or the person.
 */

export interface AddedTicket {
  ticket: WalletTicket;
  /** False when the person had added it already: the same answer again. */
  created: boolean;
}

const WINDOW_MS = CLAIM_ATTEMPT_WINDOW_MINUTES * 60_000;

/** The allowance of wrong claims, per person and per ticket (the database's store: every process shares it). */
const attemptKeys = (afm: string, publicCode: string) => [
  `claim:person:${afm}`,
  `claim:ticket:${publicCode}`,
];

async function refuseWhenTooManyWrong(db: Db, keys: string[]) {
  const counts = await Promise.all(keys.map((key) => readHits(db, key)));
  if (counts.some((hits) => hits.current >= CLAIM_ATTEMPTS_MAX))
    throw new AppError('CLAIM_ATTEMPTS_EXCEEDED');
}

/** A wrong claim: counted against both allowances and audited (the ticket code, never the claim code). */
async function recordWrongClaim(
  db: Db,
  keys: string[],
  actor: { user: SessionUser; requestId: string },
  publicCode: string,
) {
  await db.transaction(async (tx) => {
    for (const key of keys) await countHit(tx, key, WINDOW_MS);
    await audit(tx, {
      actor: actor.user.afm,
      action: 'TICKET_CLAIM_REFUSED',
      subject: publicCode,
      requestId: actor.requestId,
    });
  });
}

/** Who will enter with the ticket: the signed-in person, or the minor named by `dependentAmka`. */
async function entrantOf(db: Db, user: SessionUser, dependentAmka: string | undefined) {
  if (dependentAmka !== undefined) {
    const [minor] = await findDependent(db).execute({ guardianAfm: user.afm, amka: dependentAmka });
    if (!minor) throw new AppError('DEPENDENT_NOT_FOUND');
    return { afm: minor.afm, amka: minor.amka, fullName: `${minor.firstName} ${minor.lastName}` };
  }
  const [person] = await findRegistryPerson(db).execute({ afm: user.afm });
  // ΚΥΑ 568/2024: a minor under 15 is added by a guardian; from 15 they add their own.
  if (person?.age !== null && person?.age !== undefined && person.age < SELF_CLAIM_MIN_AGE) {
    throw new AppError('MINOR_CANNOT_ADD_TICKET');
  }
  return {
    afm: user.afm,
    amka: person?.amka ?? null,
    fullName: person ? `${person.firstName} ${person.lastName}` : `${user.firstName} ${user.lastName}`,
  };
}

export async function addWalletTicket(
  db: Db,
  actor: { user: SessionUser; requestId: string },
  request: Required<Pick<AddWalletTicket, 'publicCode' | 'claimCode'>> & { dependentAmka?: string },
  claimCodeKey: string,
): Promise<AddedTicket> {
  const { user } = actor;
  const keys = attemptKeys(user.afm, request.publicCode);
  await refuseWhenTooManyWrong(db, keys);
  const [ticket] = await findClaimedTicket(db).execute({ publicCode: request.publicCode });
  // The claim code is checked even for an unknown ticket: the same work, the same answer.
  const genuine = isClaimCodeOf(claimCodeKey, request.publicCode, request.claimCode);
  if (!ticket || !genuine) {
    await recordWrongClaim(db, keys, actor, request.publicCode);
    throw new AppError('CLAIM_NOT_FOUND');
  }

  const entrant = await entrantOf(db, user, request.dependentAmka);
  if (!ticket.upcoming) throw new AppError(ticket.seasonal ? 'EVENT_OVER' : 'EVENT_STARTED');
  if (await isSuspended(db, entrant)) throw new AppError('PERSON_SUSPENDED');

  const sameHolder = (current: {
    holderAfm: string | null;
    holderAmka: string | null;
    documentId: string | null;
  }) =>
    current.documentId === null && current.holderAfm === entrant.afm && current.holderAmka === entrant.amka;
  const answer = async (created: boolean): Promise<AddedTicket> => {
    const listed = await findWalletTicket(db, user.afm, request.publicCode);
    if (!listed) throw new AppError('INTERNAL_ERROR');
    return { ticket: listed, created };
  };
  const bound = ticket.holderAfm !== null || ticket.holderAmka !== null || ticket.documentId !== null;
  if (bound) {
    if (sameHolder(ticket)) return answer(false);
    throw new AppError('TICKET_ALREADY_IN_WALLET');
  }

  const won = await db.transaction(async (tx) => {
    await lockPersonForBinding(tx, entrant.amka ?? entrant.afm ?? '');
    if (await holdsAnotherTicketOfFixture(tx, ticket.id, entrant))
      throw new AppError('ALREADY_HOLDS_FIXTURE');
    const rows = await bindToWallet(tx, {
      id: ticket.id,
      holderAfm: entrant.afm,
      holderAmka: entrant.amka,
      fullName: entrant.fullName,
    }).execute({
      actor: user.afm,
      action: request.dependentAmka === undefined ? 'TICKET_WALLET_ADD' : 'TICKET_WALLET_ADD_DEPENDENT',
      subject: request.publicCode,
      requestId: actor.requestId,
    });
    return rows.length > 0;
  });
  if (won) return answer(true);
  // Lost the race: to the same person it is the same request twice, to anyone else a refusal.
  const [current] = await findClaimedTicket(db).execute({ publicCode: request.publicCode });
  if (current && sameHolder(current)) return answer(false);
  throw new AppError('TICKET_ALREADY_IN_WALLET');
}
