import { queryOptions } from '@tanstack/react-query';
import type { TransferEvent } from '@tickets/domain';
import { apiCall, apiGet } from '../../shared/api/client';

export const fetchTransferEvents = () => apiGet<TransferEvent[]>('/api/ticket-office/transfer-events');

export const transferEventsQuery = queryOptions({
  queryKey: ['transfer-events'],
  queryFn: fetchTransferEvents,
});

/** docs/product-spec.md §7: the event with its edited fields; the answer replaces the list entry. */
export const saveTransferEvent = (event: TransferEvent) =>
  apiCall<TransferEvent>('PUT', '/api/ticket-office/transfer-events', event);
