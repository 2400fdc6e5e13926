import { useQuery } from '@tanstack/react-query';
import { MATCH_DAY_REFRESH_SECONDS, type GateEvent, type MatchDay } from '@tickets/domain';
import { apiCall, apiUrl } from '../../shared/api/client';
import { useApiMutation, type MutationReactions } from '../../shared/api/mutation';

/** The club's match-day view (issue #42 item 3): its matches, and one match as its gates saw it. */
export const matchDayKeys = {
  all: ['match-day'] as const,
  events: (over: boolean) => [...matchDayKeys.all, 'events', over ? 'over' : 'current'] as const,
  ofEvent: (eventId: number) => [...matchDayKeys.all, 'event', eventId] as const,
};

const listEvents = (over: boolean): Promise<GateEvent[]> =>
  apiCall('get', '/api/ticket-office/gate-events', { params: { query: { over: over ? 'true' : 'false' } } });

/** The club's matches not yet over (soonest first), or those over (latest first). */
export const useMatchDayEvents = (over: boolean) =>
  useQuery({ queryKey: matchDayKeys.events(over), queryFn: () => listEvents(over) });

const getMatchDay = (eventId: number): Promise<MatchDay> =>
  apiCall('get', '/api/ticket-office/gate-match-day', { params: { query: { eventId } } });

export const MATCH_DAY_REFRESH_MS = MATCH_DAY_REFRESH_SECONDS * 1000;

/**
 * One match's figures, asked again every MATCH_DAY_REFRESH_SECONDS while shown: after the match too,
 * since a device that was offline uploads what it decided when its network comes back.
 */
export const useMatchDay = (eventId: number) =>
  useQuery({
    queryKey: matchDayKeys.ofEvent(eventId),
    queryFn: () => getMatchDay(eventId),
    refetchInterval: MATCH_DAY_REFRESH_MS,
  });

/** The finished match's CSV report: a link the browser downloads (the session cookie goes with it). */
export const matchReportUrl = (eventId: number) =>
  apiUrl('get', '/api/ticket-office/gate-report', { query: { eventId } });

const cancelEvent = ({ eventId, reason }: { eventId: number; reason: string }): Promise<GateEvent> =>
  apiCall('post', '/api/ticket-office/events/{eventId}/cancellation', {
    params: { path: { eventId } },
    body: { reason },
  });

/** The office cancels a match of its club (irreversible): the lists and the match's figures are read again. */
export const useCancelEvent = (
  reactions?: MutationReactions<GateEvent, { eventId: number; reason: string }>,
) => useApiMutation(cancelEvent, { invalidates: () => [matchDayKeys.all] }, reactions);
