import { useQuery } from '@tanstack/react-query';
import {
  PRESENTATION_POLL_SECONDS,
  type PresentationRequest,
  type PresentationResult,
} from '@tickets/domain';
import { apiCall } from '../../shared/api/client';
import { useApiMutation, type MutationReactions } from '../../shared/api/mutation';
import { asDevice, gateKeys, tellingUnpaired } from './api';

/**
 * A device's calls for an EU wallet's ticket (docs/design.md §12): the request it shows as a QR, and
 * what the wallet's answer decided. The server's side is apps/server/src/eu-wallet/verifier/presentation.routes.ts.
 */

/** A request's result, under the device's other reads. */
export const presentationKeys = {
  result: (token: string, requestId: string) => [...gateKeys.all, 'presentation', token, requestId] as const,
};

/** An OpenID4VP request for an EU wallet's ticket at this match: its `openid4vp://` link for the QR. */
const createPresentationRequest = (token: string, eventId: number): Promise<PresentationRequest> =>
  apiCall('post', '/api/gate/presentation-requests', { ...asDevice(token), body: { eventId } });

/** Each request is new (a fresh nonce): nothing cached changes. */
export const usePresentationRequestMutation = (
  token: string,
  reactions?: MutationReactions<PresentationRequest, number>,
) => useApiMutation((eventId: number) => createPresentationRequest(token, eventId), {}, reactions);

const readPresentationResult = (token: string, id: string): Promise<PresentationResult> =>
  apiCall('get', '/api/gate/presentation-requests/{id}', { ...asDevice(token), params: { path: { id } } });

/**
 * What the wallet's answer to the request decided (docs/design.md §12), asked every
 * PRESENTATION_POLL_SECONDS while it is PENDING (or not read yet), then no more: EXPIRED, REFUSED and
 * DECIDED are final. Held while the browser is offline, asked again as it comes back; not kept once
 * the screen leaves it (the disclosed claims are personal data).
 */
export const usePresentationResult = (
  token: string,
  requestId: string,
  onUnpaired: (message: string) => void,
) =>
  useQuery({
    queryKey: presentationKeys.result(token, requestId),
    queryFn: () => readPresentationResult(token, requestId).catch(tellingUnpaired(onUnpaired)),
    refetchInterval: (query) =>
      query.state.data && query.state.data.status !== 'PENDING' ? false : PRESENTATION_POLL_SECONDS * 1000,
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: false,
    networkMode: 'online',
    gcTime: 0,
  });
