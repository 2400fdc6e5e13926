import { sql } from 'drizzle-orm';
import { TIME_ZONE } from '@tickets/domain';

/** Today's date where the service's people live: suspensions and ages turn over at Athens midnight. */
export const athensToday = sql`(now() at time zone ${sql.raw(`'${TIME_ZONE}'`)})::date`;
