import { useState } from 'react';
import { toast } from 'react-toastify';
import { messages, type TransferEvent } from '@tickets/domain';
import { toastFailure } from '../../shared/api/toast-failure';
import { saveTransferEvent } from './api';

/** Confirm, then save an event's rules: the server's answer goes to `onSaved`, the outcome to a toast. */
export function useSaveEvent(onSaved: (event: TransferEvent) => void) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const save = async (event: TransferEvent) => {
    setBusy(true);
    try {
      onSaved(await saveTransferEvent(event));
      toast.success(messages.transferRules.saved);
    } catch (error) {
      toastFailure(error);
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  return { confirming, setConfirming, busy, save };
}
