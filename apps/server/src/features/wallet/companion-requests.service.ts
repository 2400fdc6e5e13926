import type { CompanionRequest } from '@tickets/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../shared/app-error';
import { auditAndNotify } from '../../shared/notifications';
import { declarationNotice } from '../../rules/notices';
import type { Actor } from '../../shared/guards';
import { isSuspended } from '../../rules/suspensions';
import {
  answerPendingRequest,
  findRequest,
  listPendingRequests,
  type RequestRow,
} from './companion-requests.queries';

/**
 * The companion's side, as the Gov.gr Wallet does it: the requests naming the logged-in person
 * as companion, and their answer. Nobody sees or answers a request addressed to someone else.
 */

/** `requestId` is the wallet API's name for the declaration's id; the wallet app reads it. */
const toCompanionRequest = (row: RequestRow): CompanionRequest => ({
  requestId: row.declarationId,
  dependentName: `${row.minorFirstName} ${row.minorLastName}`,
  guardianName: `${row.guardianFirstName} ${row.guardianLastName}`,
  eventDescription: row.eventDescription,
  eventDateTime: row.eventStartsAt.toISOString(),
  venue: row.venue,
  ticketCode: row.ticketCode,
  status: row.status,
  timestamp: row.updatedAt.toISOString(),
});

export async function listCompanionRequests(db: Db, companionAfm: string): Promise<CompanionRequest[]> {
  const rows = await listPendingRequests(db, companionAfm);
  return rows.filter((row) => row.eventUpcoming).map(toCompanionRequest);
}

export async function answerCompanionRequest(
  db: Db,
  actor: Actor,
  declarationId: string,
  answer: 'accept' | 'reject',
): Promise<CompanionRequest> {
  const existing = await findRequest(db, declarationId, actor.user.afm);
  if (!existing) throw new AppError('DECLARATION_NOT_FOUND');
  if (existing.status !== 'PENDING') throw new AppError('DECLARATION_NOT_PENDING');
  if (answer === 'accept') {
    if (!existing.eventUpcoming) throw new AppError('EVENT_STARTED');
    if (await isSuspended(db, { afm: actor.user.afm })) throw new AppError('COMPANION_SUSPENDED');
  }
  const status = answer === 'accept' ? 'ACCEPTED' : 'REJECTED';
  await db.transaction(async (tx) => {
    const updated = await answerPendingRequest(tx, declarationId, actor.user.afm, status);
    if (updated.length === 0) throw new AppError('DECLARATION_NOT_PENDING');
    const notice = await declarationNotice(tx, declarationId);
    await auditAndNotify(
      db,
      tx,
      {
        actor: actor.user.afm,
        action: answer === 'accept' ? 'COMPANION_ACCEPT' : 'COMPANION_REJECT',
        subject: declarationId,
        requestId: actor.requestId,
      },
      notice.toGuardian(answer === 'accept' ? 'COMPANION_ACCEPTED' : 'COMPANION_REJECTED'),
    );
  });
  const answered = await findRequest(db, declarationId, actor.user.afm);
  if (!answered) throw new AppError('DECLARATION_NOT_FOUND');
  return toCompanionRequest(answered);
}
