import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TransferEvent } from '@tickets/domain';
import { apiCall } from '../../shared/api/client';
import { useApiMutation, type MutationReactions } from '../../shared/api/mutation';

export const transferEventKeys = { all: ['transfer-events'] as const };

const fetchTransferEvents = (): Promise<TransferEvent[]> =>
  apiCall('get', '/api/ticket-office/transfer-events');

const transferEventsQuery = queryOptions({ queryKey: transferEventKeys.all, queryFn: fetchTransferEvents });

export const useTransferEvents = () => useQuery(transferEventsQuery);

/** docs/product-spec.md §7: the event with its edited fields. */
const saveTransferEvent = (event: TransferEvent): Promise<TransferEvent> =>
  apiCall('put', '/api/ticket-office/transfer-events', { body: event });

/** The answer replaces the event in the cached list (its card remounts with it, its form reset). */
export const useSaveTransferEventMutation = (reactions?: MutationReactions<TransferEvent, TransferEvent>) =>
  useApiMutation(
    saveTransferEvent,
    {
      updates: (client, saved) =>
        client.setQueryData(transferEventsQuery.queryKey, (events) =>
          events?.map((event) => (event.eventId === saved.eventId ? saved : event)),
        ),
    },
    reactions,
  );
