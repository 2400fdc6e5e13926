import { and, eq, gt, isNotNull, isNull, not, sql } from 'drizzle-orm';
import { GATE_CONTACT_WRITE_SECONDS, GATES_OPEN_MINUTES_BEFORE } from '@tickets/domain';
import type { Db } from '../../../db/client';
import { preparedQuery } from '../../../db/prepared';
import { events, gateDevices } from '../../../db/schema';
import { isOver } from '../../../rules/events';

const gatesOpenAt = sql`${events.startsAt} - make_interval(mins => ${GATES_OPEN_MINUTES_BEFORE})`;

/**
 * The paired, live devices of every club whose gates are open now (a match from GATES_OPEN_MINUTES_BEFORE
 * its kick-off until it is over), with the seconds of silence of each: since its last contact, or since
 * the window opened (since the gates opened, or since the device was paired, whichever came later) when
 * that is later or it never called.
 */
export const listDevicesAtOpenGates = (db: Db) =>
  db
    .select({
      id: gateDevices.id,
      organisationId: gateDevices.organisationId,
      silentSeconds: sql<string>`extract(epoch from now() - greatest(${gateDevices.pairedAt}, min(${gatesOpenAt}),
        ${gateDevices.lastContactAt}))`,
    })
    .from(gateDevices)
    .innerJoin(events, eq(events.organisationId, gateDevices.organisationId))
    .where(
      and(
        isNotNull(gateDevices.pairedAt),
        isNull(gateDevices.revokedAt),
        eq(events.seasonal, false),
        sql`${gatesOpenAt} <= now()`,
        not(isOver(events)),
      ),
    )
    .groupBy(gateDevices.id);

/**
 * The device called now: its last contact written, unless another call (on any process) wrote it within
 * GATE_CONTACT_WRITE_SECONDS. Sent only when its authentication found it due, so a scan pays no write.
 */
const contactQuery = preparedQuery<{ deviceId: string }>()((db, p) =>
  db
    .update(gateDevices)
    .set({ lastContactAt: sql`now()` })
    .where(
      and(
        eq(gateDevices.id, sql`${p.deviceId}::uuid`),
        sql`(${gateDevices.lastContactAt} is null
          or ${gateDevices.lastContactAt} <= now() - make_interval(secs => ${GATE_CONTACT_WRITE_SECONDS}))`,
      ),
    )
    .prepare('gate_device_contact'),
);

export const recordContact = (db: Db, deviceId: string) => contactQuery(db).execute({ deviceId });

/** What the device says it holds unsent (its manifest poll): written only when it changed. */
export const recordUnsent = (db: Db, deviceId: string, unsent: number) =>
  db
    .update(gateDevices)
    .set({ pendingUploads: unsent, lastContactAt: sql`now()` })
    .where(
      and(eq(gateDevices.id, deviceId), sql`${gateDevices.pendingUploads} is distinct from ${unsent}::int`),
    );

/**
 * An upload acknowledged `sent` records: the device no longer holds them (its next poll says exactly
 * what it holds). So a device that uploaded everything and then went quiet is not shown with records
 * pending.
 */
export const lowerUnsent = (db: Db, deviceId: string, sent: number) =>
  db
    .update(gateDevices)
    .set({ pendingUploads: sql`greatest(${gateDevices.pendingUploads} - ${sent}::int, 0)` })
    .where(and(eq(gateDevices.id, deviceId), gt(gateDevices.pendingUploads, 0)));
