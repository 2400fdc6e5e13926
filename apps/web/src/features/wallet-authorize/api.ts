import { useQuery } from '@tanstack/react-query';
import type { WalletAuthorization, WalletAuthorizationDecision } from '@tickets/domain';
import { apiCall } from '../../shared/api/client';
import { useApiMutation } from '../../shared/api/mutation';

/** The wallet's request the page's link names (issue #53 item 4): what it asks, and which tickets may go. */
export interface WalletAuthorizationRef {
  requestUri: string;
  clientId: string;
}

const fetchWalletAuthorization = (ref: WalletAuthorizationRef): Promise<WalletAuthorization> =>
  apiCall('post', '/api/wallet/authorizations/lookup', { body: ref });

export const useWalletAuthorization = (ref: WalletAuthorizationRef, enabled: boolean) =>
  useQuery({
    queryKey: ['wallet-authorization', ref.requestUri, ref.clientId],
    queryFn: () => fetchWalletAuthorization(ref),
    enabled,
    // A decided request is gone: asking again would only say so.
    staleTime: Infinity,
    retry: false,
  });

const decide = (decision: WalletAuthorizationDecision): Promise<{ redirectTo: string }> =>
  apiCall('post', '/api/wallet/authorizations/decision', { body: decision });

/** The person's answer; the browser then goes back to the wallet. Nothing cached changes. */
export const useWalletAuthorizationDecision = () => useApiMutation(decide, {});
