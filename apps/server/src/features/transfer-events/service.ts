import type { TransferEvent, TransferRulesUpdate } from '@tickets/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../shared/app-error';
import { audit } from '../../shared/audit';
import type { Actor } from '../../shared/guards';
import type { SessionUser } from '../../shared/sessions';
import { findUpcomingEvents, lockUpcomingEvent, saveTransferRules, type ListedEvent } from './queries';
import { transferRuleChanges } from '../../rules/transfer-rules';

/**
 * Transfer rules per upcoming event (a season until its end) of the officer's club (docs/design.md §5);
 * what they mean, and how the wallet's loans obey them: rules/transfer-rules.ts.
 */
const toTransferEvent = (event: ListedEvent): TransferEvent => ({
  eventId: event.id,
  eventDescription: event.description,
  eventDateTime: event.startsAt.toISOString(),
  seasonal: event.seasonal,
  allowTransfer: event.allowTransfer,
  maxTransfers: event.maxTransfers,
  transferMinuteLimit: event.transferMinuteLimit,
  minToAutoRevertTransferredTicket: event.minToAutoRevertTransferredTicket,
  ignoreTransfers: event.ignoreTransfers,
});

export async function listTransferEvents(db: Db, user: SessionUser): Promise<TransferEvent[]> {
  return (await findUpcomingEvents(db, user)).map(toTransferEvent);
}

export async function updateTransferRules(
  db: Db,
  actor: Actor,
  update: TransferRulesUpdate,
): Promise<TransferEvent> {
  return db.transaction(async (tx) => {
    const event = await lockUpcomingEvent(tx, update.eventId, actor.user);
    if (!event) throw new AppError('EVENT_NOT_FOUND');
    const changes = transferRuleChanges(event, update);
    const saved = await saveTransferRules(tx, event.id, changes);
    await audit(tx, {
      actor: actor.user.afm,
      action: 'TRANSFER_RULES_UPDATE',
      subject: String(event.id),
      requestId: actor.requestId,
      details: changes,
    });
    if (!saved) throw new AppError('EVENT_NOT_FOUND');
    return toTransferEvent(saved);
  });
}
