import { sql, type SQLWrapper } from 'drizzle-orm';
import { EVENT_DURATION_MINUTES, GATES_OPEN_MINUTES_BEFORE } from '@tickets/domain';
/** The columns that say when an event is on: of `events` or of an alias of it (a season, a fixture). */
type EventTiming = Record<'seasonal' | 'startsAt' | 'endsAt', SQLWrapper>;

/**
 * Still ahead for its ticket holders: a match until kick-off, a season until its end
 * (docs/design.md §8: a season ticket admits to each fixture of its season not yet played).
 */
export const isUpcoming = (event: EventTiming) =>
  sql<boolean>`(case when ${event.seasonal} then coalesce(${event.endsAt}, ${event.startsAt}) > now()
    else ${event.startsAt} > now() end)`;

/** When it is over: a match once played (kick-off plus its duration), a season once ended. */
export const eventEnd = (event: EventTiming) =>
  sql<Date>`(case when ${event.seasonal} then coalesce(${event.endsAt}, ${event.startsAt})
    else ${event.startsAt} + make_interval(mins => ${EVENT_DURATION_MINUTES}) end)`;

/** Over: a match once played, a season once ended (`eventEnd`). */
export const isOver = (event: EventTiming) => sql<boolean>`(${eventEnd(event)} <= now())`;

/** When a match's gates open: GATES_OPEN_MINUTES_BEFORE its kick-off (a scan earlier is refused). */
export const gatesOpenAt = (event: Pick<EventTiming, 'startsAt'>) =>
  sql<Date>`(${event.startsAt} - make_interval(mins => ${GATES_OPEN_MINUTES_BEFORE}))`;
