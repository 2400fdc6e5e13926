import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from './client';

/**
 * Whether the development-only wallet stand-in may be used (issue #14 item 6): the server answers 204
 * in the development profile and 404 in production. Shared because the citizen's home links to the
 * page and the page refuses itself by the same answer.
 */
const fetchWalletStandInAvailable = () =>
  apiCall('get', '/api/standin/wallet').then(
    () => true,
    () => false,
  );

export const walletStandInKeys = {
  all: ['wallet-stand-in'] as const,
  available: () => [...walletStandInKeys.all, 'available'] as const,
};

const walletStandInAvailableQuery = queryOptions({
  queryKey: walletStandInKeys.available(),
  queryFn: fetchWalletStandInAvailable,
});

/** `undefined` while asking. */
export const useWalletStandInAvailable = (): boolean | undefined =>
  useQuery(walletStandInAvailableQuery).data;
