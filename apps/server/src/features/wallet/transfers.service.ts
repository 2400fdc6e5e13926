import type { Transfer } from '@tickets/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../shared/app-error';
import { auditAndNotify } from '../../shared/notifications';
import { transferNotice } from '../../rules/notices';
import type { Actor } from '../../shared/guards';
import { isSuspended } from '../../rules/suspensions';
import { findCitizenByAfm } from '../../rules/people';
import {
  assertAllowanceLeft,
  assertFixtureLendable,
  assertLoanAcceptable,
  assertSeasonLends,
  revertTimeOf,
} from '../../rules/transfer-rules';
import {
  answerPendingTransfer,
  countTransfers,
  findFixture,
  findHeldSeasonTicket,
  findTransfer,
  findTransferOfParty,
  insertPendingTransfer,
  listTransfersOf,
  lockTicket,
  revertAcceptedLoansDue,
  type TransferRow,
} from './transfers.queries';

/**
 * Season-ticket loans, one fixture each, enforcing the rules officers set (rules/transfer-rules.ts)
 * and suspensions. Every change is one transaction plus an audit row; the database keeps one live loan
 * per ticket and fixture, so of concurrent loans of the same fixture exactly one wins.
 */
/** Transfers that used up one of the season's allowance. */
const COUNTED = ['PENDING', 'ACCEPTED', 'COMPLETED', 'REVERTED'] as const;

const toTransfer = ({ transfer, ticketCode, fixture }: TransferRow): Transfer => ({
  transferId: transfer.id,
  ticketCode,
  eventId: fixture.id,
  eventDescription: fixture.description,
  eventDateTime: fixture.startsAt.toISOString(),
  fromAfm: transfer.fromAfm,
  toAfm: transfer.toAfm,
  toName: transfer.toName,
  status: transfer.status,
  revertAt: transfer.revertAt?.toISOString() ?? null,
  timestamp: transfer.updatedAt.toISOString(),
});

async function readTransfer(db: Db, id: string): Promise<Transfer> {
  const row = await findTransfer(db, id);
  if (!row) throw new AppError('TRANSFER_NOT_FOUND');
  return toTransfer(row);
}

export async function listTransfers(db: Db, afm: string): Promise<Transfer[]> {
  const rows = await listTransfersOf(db, afm);
  return rows.map(toTransfer);
}

/** The ticket, still held by the actor: read under its row lock, so no other change can slip in. */
async function lockHeldTicket(tx: Pick<Db, 'select'>, ticketId: number, holderAfm: string) {
  const ticket = await lockTicket(tx, ticketId);
  return ticket?.holderAfm === holderAfm;
}

/**
 * Lends one fixture of a season ticket (docs/design.md §8): the holder keeps the ticket and every other
 * fixture. The fixture must be of the ticket's season and not yet started, open to loans and before
 * its cut-off; the season allows loans and has allowance left; neither person is suspended.
 */
export async function createTransfer(
  db: Db,
  actor: Actor,
  publicCode: string,
  request: { recipientAfm: string; eventId: number },
): Promise<Transfer> {
  const held = await findHeldSeasonTicket(db, publicCode, actor.user.afm);
  if (!held) throw new AppError('TICKET_NOT_FOUND');
  const { ticket, season } = held;
  if (await isSuspended(db, { afm: actor.user.afm })) throw new AppError('TICKET_BLOCKED');
  assertSeasonLends(season);

  const fixture = await findFixture(db, request.eventId);
  if (!fixture) throw new AppError('EVENT_NOT_FOUND');
  assertFixtureLendable(season, fixture.fixture, fixture.started);

  if (request.recipientAfm === actor.user.afm) throw new AppError('RECIPIENT_IS_HOLDER');
  const [recipient, recipientSuspended] = await Promise.all([
    findCitizenByAfm(db, request.recipientAfm),
    isSuspended(db, { afm: request.recipientAfm }),
  ]);
  // One answer whether the recipient is unknown or suspended: no status leaks (docs/design.md §9).
  if (!recipient || recipientSuspended) throw new AppError('PERSON_CANNOT_BE_NAMED');

  const id = await db.transaction(async (tx) => {
    // The row lock serialises loans of this ticket: the holder is checked again under it, and the
    // season's allowance below cannot be raced past.
    if (!(await lockHeldTicket(tx, ticket.id, actor.user.afm))) throw new AppError('TICKET_NOT_FOUND');
    assertAllowanceLeft(season, await countTransfers(tx, ticket.id, COUNTED));
    const created = await insertPendingTransfer(tx, {
      ticketId: ticket.id,
      fixtureId: fixture.fixture.id,
      fromAfm: actor.user.afm,
      toAfm: request.recipientAfm,
      toName: `${recipient.firstName} ${recipient.lastName}`,
    });
    if (!created) throw new AppError('TRANSFER_IN_PROGRESS');
    await auditAndNotify(
      db,
      tx,
      {
        actor: actor.user.afm,
        action: 'TRANSFER_CREATE',
        subject: created.id,
        requestId: actor.requestId,
        details: { ticketId: ticket.id, fixtureId: fixture.fixture.id },
      },
      (await transferNotice(tx, created.id)).toRecipient('LOAN_OFFERED'),
    );
    return created.id;
  });
  return readTransfer(db, id);
}

/**
 * The recipient accepts (that fixture's entry becomes theirs) or rejects; the holder revokes. An
 * acceptance is checked again under the ticket's row lock: the lender must still hold the ticket.
 */
export async function answerTransfer(
  db: Db,
  actor: Actor,
  id: string,
  answer: 'accept' | 'reject' | 'revoke',
): Promise<Transfer> {
  const row = await findTransferOfParty(db, id, answer === 'revoke' ? 'from' : 'to', actor.user.afm);
  if (!row) throw new AppError('TRANSFER_NOT_FOUND');
  const { transfer, fixture, season } = row;
  if (transfer.status !== 'PENDING') throw new AppError('TRANSFER_NOT_PENDING');
  if (answer === 'accept') {
    assertLoanAcceptable(season, fixture, row.started);
    if (await isSuspended(db, { afm: actor.user.afm })) throw new AppError('RECIPIENT_SUSPENDED');
  }
  const revertAt = answer === 'accept' ? revertTimeOf(season, fixture) : null;
  const status =
    answer === 'accept'
      ? revertAt
        ? 'ACCEPTED'
        : 'COMPLETED'
      : answer === 'reject'
        ? 'REJECTED'
        : 'REVOKED';

  await db.transaction(async (tx) => {
    if (answer === 'accept' && !(await lockHeldTicket(tx, transfer.ticketId, transfer.fromAfm))) {
      throw new AppError('TRANSFER_HOLDER_CHANGED');
    }
    const updated = await answerPendingTransfer(tx, id, { status, revertAt });
    if (updated.length === 0) throw new AppError('TRANSFER_NOT_PENDING');
    // The fixture's entry moves to the recipient: the holder's phone code stops admitting to it at the
    // gate, which reads the loan (NOT_FOR_THIS_EVENT); nothing to revoke here.
    const notice = await transferNotice(tx, id);
    await auditAndNotify(
      db,
      tx,
      {
        actor: actor.user.afm,
        action: `TRANSFER_${answer.toUpperCase()}`,
        subject: id,
        requestId: actor.requestId,
      },
      answer === 'revoke'
        ? notice.toRecipient('LOAN_REVOKED')
        : notice.toHolder(answer === 'accept' ? 'LOAN_ACCEPTED' : 'LOAN_REJECTED'),
    );
  });
  return readTransfer(db, id);
}

/**
 * Closes every accepted loan whose fixture is over by the season's rules (REVERTED): the entry was
 * that fixture's only, so nothing else moves; its codes stop admitting. Safe to run from several
 * processes.
 */
export async function revertDueTransfers(db: Db): Promise<number> {
  const reverted = await db.transaction(async (tx) => {
    const closed = await revertAcceptedLoansDue(tx, new Date());
    for (const { id } of closed) {
      // The system closed it: the holder, whose ticket it is again, is told.
      await auditAndNotify(
        db,
        tx,
        { actor: 'system', action: 'TRANSFER_REVERT', subject: id },
        (await transferNotice(tx, id)).toHolder('LOAN_REVERTED'),
      );
    }
    return closed.length;
  });
  return reverted;
}
