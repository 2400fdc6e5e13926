import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { messages, type TransferEvent } from '@tickets/domain';
import { toastFailure, toastSuccess } from '../../shared/api/toast-failure';
import { saveTransferEvent, transferEventsQuery } from './api';

/**
 * Confirm, then save an event's rules: the server's answer replaces the event in the cached list
 * (its card remounts with it, its form reset), the outcome goes to a toast.
 */
export function useSaveEvent() {
  const [confirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();
  const saving = useMutation({
    mutationFn: saveTransferEvent,
    onSuccess: (saved) => {
      queryClient.setQueryData(transferEventsQuery.queryKey, (events) =>
        events?.map((event) => (event.eventId === saved.eventId ? saved : event)),
      );
      toastSuccess(messages.transferRules.saved);
    },
    onError: (error) => toastFailure(error),
    onSettled: () => setConfirming(false),
  });
  const save = (event: TransferEvent) => saving.mutate(event);
  return { confirming, setConfirming, busy: saving.isPending, save };
}
