import { useState } from 'react';
import { messages, type TransferEvent } from '@tickets/domain';
import { toastFailure, toastSuccess } from '../../shared/api/toast-failure';
import { useSaveTransferEventMutation } from './api';

/** Confirm, then save an event's rules; the outcome goes to a toast. */
export function useSaveEvent() {
  const [confirming, setConfirming] = useState(false);
  const saving = useSaveTransferEventMutation({
    onSuccess: () => toastSuccess(messages.transferRules.saved),
    onError: (error) => toastFailure(error),
    onSettled: () => setConfirming(false),
  });
  const save = (event: TransferEvent) => saving.mutate(event);
  return { confirming, setConfirming, busy: saving.isPending, save };
}
