import type { EventCancellation, GateEvent } from '@tickets/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../shared/app-error';
import { audit } from '../../shared/audit';
import type { Actor } from '../../shared/guards';
import { lockMatchOfOfficer, markCancelled } from './queries';

/**
 * An officer of the club cancels one of its matches, any time before it ends, its gates open or not
 * (issue #55 item 6: a started fixture keeps its schedule, but the office can still cancel it).
 * Irreversible. From then on: every gate decision for it is EVENT_CANCELLED (the entry rule,
 * `decideEntry`, online and for an offline device's upload of what it recorded after), its devices
 * are refused its manifest (409 EVENT_CANCELLED; the steward's screen then refuses every code
 * offline too), and its provider changes nothing of it (the row is rejected). The admissions before
 * it stay. Another club's match is as good as absent (404), as everywhere in the office.
 */
export async function cancelEvent(
  db: Db,
  actor: Actor,
  eventId: number,
  { reason }: EventCancellation,
): Promise<GateEvent> {
  return db.transaction(async (tx) => {
    const event = await lockMatchOfOfficer(tx, eventId, actor.user);
    if (!event) throw new AppError('EVENT_NOT_FOUND');
    if (event.cancelledAt) throw new AppError('EVENT_ALREADY_CANCELLED');
    if (event.over) throw new AppError('EVENT_OVER_NOT_CANCELLABLE');
    const saved = await markCancelled(tx, event.id, reason);
    if (!saved?.cancelledAt) throw new AppError('EVENT_NOT_FOUND');
    await audit(tx, {
      actor: actor.user.afm,
      action: 'EVENT_CANCEL',
      subject: String(event.id),
      requestId: actor.requestId,
      details: { reason },
    });
    return {
      eventId: saved.id,
      eventDescription: saved.description,
      eventDateTime: saved.startsAt.toISOString(),
      venue: saved.venue,
      cancelledAt: saved.cancelledAt.toISOString(),
      cancellationReason: saved.cancellationReason,
    };
  });
}
