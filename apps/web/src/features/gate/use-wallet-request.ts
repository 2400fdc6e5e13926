import { useState } from 'react';
import { gateScreenMessages, type PresentationRequest } from '@tickets/domain';
import { failureMessage } from '../../shared/api/client';
import { isUnpaired } from './api';
import { usePresentationRequestMutation } from './presentation-api';

/**
 * The steward's request for an EU wallet's ticket at this match (docs/design.md §12): the one open
 * request, shown as a QR until the wallet answers or the steward leaves it, and why a new one failed.
 * A new request replaces the old one only once it is made: an expired QR stays until then.
 */
export function useWalletRequest(token: string, eventId: number, onUnpaired: (message: string) => void) {
  const [request, setRequest] = useState<PresentationRequest>();
  const [failure, setFailure] = useState<string>();
  const asking = usePresentationRequestMutation(token, {
    onMutate: () => setFailure(undefined),
    onSuccess: setRequest,
    onError: (error) => {
      if (isUnpaired(error)) onUnpaired(error.message);
      else setFailure(failureMessage(error, gateScreenMessages.walletRequestFailed));
    },
  });
  return {
    request,
    failure,
    busy: asking.isPending,
    ask: () => asking.mutate(eventId),
    close: () => {
      setRequest(undefined);
      setFailure(undefined);
    },
  };
}
