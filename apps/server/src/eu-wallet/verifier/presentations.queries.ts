import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { events, presentationRequests } from '../../db/schema';

/**
 * A new OpenID4VP request for the device, if the event is of its club: answers its id and expiry;
 * none for another club's (or no) event.
 */
export async function insertPresentationRequest(
  db: Db,
  request: { nonce: string; deviceId: string; organisationId: string; eventId: number; minutes: number },
) {
  const [row] = await db
    .insert(presentationRequests)
    .select(
      db
        .select({
          id: sql`gen_random_uuid()`.as('id'),
          nonce: sql`${request.nonce}::text`.as('nonce'),
          deviceId: sql`${request.deviceId}::uuid`.as('device_id'),
          eventId: events.id,
          createdAt: sql`now()`.as('created_at'),
          expiresAt: sql`now() + make_interval(mins => ${request.minutes}::int)`.as('expires_at'),
          answeredAt: sql`null::timestamptz`.as('answered_at'),
          result: sql`null::jsonb`.as('result'),
        })
        .from(events)
        .where(and(eq(events.id, request.eventId), eq(events.organisationId, request.organisationId))),
    )
    .returning({ id: presentationRequests.id, expiresAt: presentationRequests.expiresAt });
  return row;
}

/** A request the wallet may still answer: its nonce (for the request object). */
export async function findOpenPresentationRequest(db: Db, id: string) {
  const [row] = await db
    .select({ nonce: presentationRequests.nonce, expiresAt: presentationRequests.expiresAt })
    .from(presentationRequests)
    .where(
      and(
        eq(presentationRequests.id, id),
        isNull(presentationRequests.answeredAt),
        gt(presentationRequests.expiresAt, sql`now()`),
      ),
    );
  return row;
}

/**
 * Spends the request for the one answer it takes, in one conditional statement: of two answers (two
 * processes) one wins. Answers what the answer is checked against, and the event's club (the
 * device's: the request was made only for its club's events); none when spent or expired.
 */
export async function spendPresentationRequest(db: Db, id: string) {
  const [row] = await db
    .update(presentationRequests)
    .set({ answeredAt: sql`now()` })
    .from(events)
    .where(
      and(
        eq(presentationRequests.id, id),
        eq(events.id, presentationRequests.eventId),
        isNull(presentationRequests.answeredAt),
        gt(presentationRequests.expiresAt, sql`now()`),
      ),
    )
    .returning({
      nonce: presentationRequests.nonce,
      deviceId: presentationRequests.deviceId,
      eventId: presentationRequests.eventId,
      organisationId: events.organisationId,
    });
  return row;
}

export async function recordPresentationResult(db: Db, id: string, result: Record<string, unknown>) {
  await db.update(presentationRequests).set({ result }).where(eq(presentationRequests.id, id));
}

/** The device's own request and what became of it. */
export async function findPresentationResult(db: Db, id: string, deviceId: string) {
  const [row] = await db
    .select({
      expired: sql<boolean>`${presentationRequests.expiresAt} <= now()`,
      answeredAt: presentationRequests.answeredAt,
      result: presentationRequests.result,
    })
    .from(presentationRequests)
    .where(and(eq(presentationRequests.id, id), eq(presentationRequests.deviceId, deviceId)));
  return row;
}
