import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { JWK } from 'jose';
import type { Db } from '../../db/client';
import { events, presentationRequests } from '../../db/schema';

/**
 * A new OpenID4VP request for the device, if the event is of its club: answers its id and expiry;
 * none for another club's (or no) event.
 */
export async function insertPresentationRequest(
  db: Db,
  request: {
    nonce: string;
    deviceId: string;
    organisationId: string;
    eventId: number;
    minutes: number;
    responseKey: JWK;
  },
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
          refusedAnswers: sql`0`.as('refused_answers'),
          responseKey: sql`${JSON.stringify(request.responseKey)}::jsonb`.as('response_key'),
        })
        .from(events)
        .where(and(eq(events.id, request.eventId), eq(events.organisationId, request.organisationId))),
    )
    .returning({ id: presentationRequests.id, expiresAt: presentationRequests.expiresAt });
  return row;
}

/** The request, while a wallet may still answer it: not spent, not expired. */
const isOpen = (id: string) =>
  and(
    eq(presentationRequests.id, id),
    isNull(presentationRequests.answeredAt),
    gt(presentationRequests.expiresAt, sql`now()`),
  );

/**
 * A request the wallet may still answer: its nonce, expiry and response key (for the request object
 * and to open the answer), the device and event that asked, and the event's club (the device's: the
 * request was made only for its club's events); none when spent or expired. Reading it spends nothing: a verified presentation
 * spends it (`spendPresentationRequest`), a refused one counts (`refuseAnswer`).
 */
export async function findOpenPresentationRequest(db: Db, id: string) {
  const [row] = await db
    .select({
      nonce: presentationRequests.nonce,
      expiresAt: presentationRequests.expiresAt,
      responseKey: presentationRequests.responseKey,
      deviceId: presentationRequests.deviceId,
      eventId: presentationRequests.eventId,
      organisationId: events.organisationId,
    })
    .from(presentationRequests)
    .innerJoin(events, eq(events.id, presentationRequests.eventId))
    .where(isOpen(id));
  return row;
}

/**
 * Spends the request for the verified presentation it takes, in one conditional statement: of two
 * (two processes) one wins. A refusal recorded before goes: the device reads PENDING until the
 * decision is recorded. None when spent or expired meanwhile.
 */
export async function spendPresentationRequest(db: Db, id: string) {
  const [row] = await db
    .update(presentationRequests)
    .set({ answeredAt: sql`now()`, result: null })
    .where(isOpen(id))
    .returning({ id: presentationRequests.id });
  return row;
}

/**
 * A refused answer, counted in one conditional statement: recorded as the request's last refusal
 * (what the device reads while it waits), and the request spent with it once `answers` are refused.
 * Answers whether it was spent; none when it was already spent or expired.
 */
export async function refuseAnswer(db: Db, id: string, result: Record<string, unknown>, answers: number) {
  const [row] = await db
    .update(presentationRequests)
    .set({
      result,
      refusedAnswers: sql`${presentationRequests.refusedAnswers} + 1`,
      answeredAt: sql`case when ${presentationRequests.refusedAnswers} + 1 >= ${answers}::int then now() end`,
    })
    .where(isOpen(id))
    .returning({ spent: sql<boolean>`${presentationRequests.answeredAt} is not null` });
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
