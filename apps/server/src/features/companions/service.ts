import type { Declaration, IndicateCompanionRequest, ModifyCompanionRequest } from '@tickets/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../shared/app-error';
import { auditAndNotify } from '../../shared/notifications';
import { declarationNotice } from '../../rules/notices';
import type { Actor } from '../../shared/guards';
import type { SessionUser } from '../../shared/sessions';
import { isSuspended } from '../../rules/suspensions';
import { findCitizenByAfm } from '../../rules/people';
import {
  findDependentByAmka,
  findGuardiansDeclaration,
  findMinorsTicket,
  insertDeclaration,
  isAdult,
  moveDeclaration,
  toDeclaration,
} from './queries';

/** Companion declarations (docs/design.md §5): each change is one transaction plus an audit row. */

async function requireGuardian(db: Db, user: SessionUser) {
  const guardian = await findCitizenByAfm(db, user.afm);
  if (!guardian) throw new AppError('DEPENDENT_NOT_FOUND');
  return guardian;
}

/**
 * Who will accompany: the guardian themselves (accepted at once), or another adult from the
 * registry, not the minor and not suspended, who must accept in the wallet. Whatever of that fails,
 * the answer is the same: the guardian learns nothing of another person's status (docs/design.md §9).
 */
async function resolveCompanion(
  db: Db,
  guardian: { afm: string | null; amka: string; firstName: string; lastName: string },
  companionAfm: string,
  minorId: number,
) {
  const isGuardian = companionAfm === guardian.afm;
  const companion = isGuardian ? { ...guardian, id: undefined } : await findCitizenByAfm(db, companionAfm);
  if (!companion) throw new AppError('PERSON_CANNOT_BE_NAMED');
  const [adult, suspended] = await Promise.all([
    companion.id === undefined || (companion.id !== minorId && isAdult(db, companion.id)),
    isSuspended(db, { afm: companionAfm }),
  ]);
  if (!adult || suspended) throw new AppError('PERSON_CANNOT_BE_NAMED');
  return {
    companionAfm,
    companionName: `${companion.firstName} ${companion.lastName}`,
    status: isGuardian ? ('ACCEPTED' as const) : ('PENDING' as const),
  };
}

/** The guardian's declaration `declarationId`, or DECLARATION_NOT_FOUND (another's is not theirs to see). */
async function guardiansDeclaration(db: Db, guardianId: number, declarationId: string) {
  const row = await findGuardiansDeclaration(db, guardianId, declarationId);
  if (!row) throw new AppError('DECLARATION_NOT_FOUND');
  return row;
}

async function readBack(db: Db, guardianId: number, declarationId: string): Promise<Declaration> {
  return toDeclaration(await guardiansDeclaration(db, guardianId, declarationId));
}

export async function indicateCompanion(
  db: Db,
  actor: Actor,
  request: IndicateCompanionRequest,
): Promise<Declaration> {
  const guardian = await requireGuardian(db, actor.user);
  const minor = await findDependentByAmka(db, guardian.id, request.amka);
  if (!minor) throw new AppError('DEPENDENT_NOT_FOUND');
  const ticket = await findMinorsTicket(db, request.publicCode, minor.amka);
  if (!ticket) throw new AppError('MINOR_TICKET_NOT_FOUND');
  if (!ticket.upcoming) throw new AppError('EVENT_STARTED');
  const companion = await resolveCompanion(db, guardian, request.afm, minor.id);

  const declarationId = await db.transaction(async (tx) => {
    const created = await insertDeclaration(
      tx,
      { guardianId: guardian.id, minorId: minor.id, ticketId: ticket.id, ...companion },
      { unlessLive: true },
    );
    if (!created) throw new AppError('DECLARATION_EXISTS');
    const notice = await declarationNotice(tx, created);
    await auditAndNotify(
      db,
      tx,
      {
        actor: actor.user.afm,
        action: 'COMPANION_INDICATE',
        subject: created,
        requestId: actor.requestId,
        details: { ticketId: ticket.id, status: companion.status },
      },
      companion.status === 'PENDING' ? notice.toCompanion('COMPANION_REQUESTED') : [],
    );
    return created;
  });
  return readBack(db, guardian.id, declarationId);
}

export async function cancelDeclaration(db: Db, actor: Actor, declarationId: string): Promise<Declaration> {
  const guardian = await requireGuardian(db, actor.user);
  await guardiansDeclaration(db, guardian.id, declarationId);
  await db.transaction(async (tx) => {
    if (!(await moveDeclaration(tx, declarationId, 'PENDING', 'CANCELLED')))
      throw new AppError('DECLARATION_NOT_PENDING');
    const notice = await declarationNotice(tx, declarationId);
    await auditAndNotify(
      db,
      tx,
      {
        actor: actor.user.afm,
        action: 'COMPANION_CANCEL',
        subject: declarationId,
        requestId: actor.requestId,
      },
      notice.companionIsOther ? notice.toCompanion('COMPANION_NO_LONGER_NEEDED') : [],
    );
  });
  return readBack(db, guardian.id, declarationId);
}

export async function changeCompanion(
  db: Db,
  actor: Actor,
  request: ModifyCompanionRequest,
): Promise<Declaration> {
  const guardian = await requireGuardian(db, actor.user);
  const existing = await guardiansDeclaration(db, guardian.id, request.declarationId);
  if (existing.status !== 'ACCEPTED') throw new AppError('DECLARATION_NOT_ACCEPTED');
  const newAfm = request.companionAfm || actor.user.afm;
  if (newAfm === existing.companionAfm) throw new AppError('SAME_COMPANION');
  if (!existing.eventUpcoming) throw new AppError('EVENT_STARTED');
  const companion = await resolveCompanion(db, guardian, newAfm, existing.minorId);

  const declarationId = await db.transaction(async (tx) => {
    if (!(await moveDeclaration(tx, existing.declarationId, 'ACCEPTED', 'REPLACED')))
      throw new AppError('DECLARATION_NOT_ACCEPTED');
    const created = await insertDeclaration(tx, {
      guardianId: guardian.id,
      minorId: existing.minorId,
      ticketId: existing.ticketId,
      replacesId: existing.declarationId,
      ...companion,
    });
    if (!created) throw new AppError('INTERNAL_ERROR');
    const [before, after] = await Promise.all([
      declarationNotice(tx, existing.declarationId),
      declarationNotice(tx, created),
    ]);
    await auditAndNotify(
      db,
      tx,
      {
        actor: actor.user.afm,
        action: 'COMPANION_CHANGE',
        subject: created,
        requestId: actor.requestId,
        details: { replaces: existing.declarationId, status: companion.status },
      },
      [
        ...(before.companionIsOther ? [before.toCompanion('COMPANION_NO_LONGER_NEEDED')] : []),
        ...(companion.status === 'PENDING' ? [after.toCompanion('COMPANION_REQUESTED')] : []),
      ],
    );
    return created;
  });
  return readBack(db, guardian.id, declarationId);
}
