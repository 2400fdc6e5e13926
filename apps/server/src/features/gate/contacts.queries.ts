import { and, eq, isNotNull, isNull, not, sql } from 'drizzle-orm';
import { GATES_OPEN_MINUTES_BEFORE } from '@tickets/domain';
import type { Db } from '../../db/client';
import { events, gateDevices } from '../../db/schema';
import { isOver } from '../../rules/events';

const gatesOpenAt = sql`${events.startsAt} - make_interval(mins => ${GATES_OPEN_MINUTES_BEFORE})`;

/**
 * The paired, live devices of every club whose gates are open now (a match from GATES_OPEN_MINUTES_BEFORE
 * its kick-off until it is over), with the seconds since that window opened for each: since the gates
 * opened, or since the device was paired, whichever came later.
 */
export const listDevicesAtOpenGates = (db: Db) =>
  db
    .select({
      id: gateDevices.id,
      organisationId: gateDevices.organisationId,
      openSeconds: sql<string>`extract(epoch from now() - greatest(${gateDevices.pairedAt}, min(${gatesOpenAt})))`,
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
