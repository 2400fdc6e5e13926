import type { TransferEvent, TransferRulesUpdate } from '@tickets/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../shared/app-error';
import { audit } from '../../shared/audit';
import type { SessionUser } from '../../shared/sessions';
import {
  findUpcomingEvents,
  lockUpcomingEvent,
  saveTransferRules,
  type EventRow,
  type TransferRuleChanges,
} from './queries';

/**
 * Transfer rules per upcoming event (a season until its end) of the officer's club (docs/design.md §5).
 * Seasonal events carry the rules of their season tickets' transfers; a fixture can only be
 * excluded (ignoreTransfers). The wallet's transfers obey them.
 */
const toTransferEvent = (event: EventRow): TransferEvent => ({
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

/** Only the rules that belong to the kind of event change; the rest of the body is the client's echo. */
const changesFor = (event: EventRow, update: TransferRulesUpdate): TransferRuleChanges =>
  event.seasonal
    ? {
        allowTransfer: update.allowTransfer ?? event.allowTransfer,
        maxTransfers: update.maxTransfers ?? event.maxTransfers,
        transferMinuteLimit: update.transferMinuteLimit ?? event.transferMinuteLimit,
        minToAutoRevertTransferredTicket:
          update.minToAutoRevertTransferredTicket === undefined
            ? event.minToAutoRevertTransferredTicket
            : update.minToAutoRevertTransferredTicket,
      }
    : { ignoreTransfers: update.ignoreTransfers ?? event.ignoreTransfers };

export async function updateTransferRules(
  db: Db,
  actor: { user: SessionUser; requestId: string },
  update: TransferRulesUpdate,
): Promise<TransferEvent> {
  return db.transaction(async (tx) => {
    const event = await lockUpcomingEvent(tx, update.eventId, actor.user);
    if (!event) throw new AppError('EVENT_NOT_FOUND');
    const changes = changesFor(event, update);
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
