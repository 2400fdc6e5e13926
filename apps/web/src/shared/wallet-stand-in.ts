import { useEffect, useState } from 'react';
import { apiGet } from './api/client';

/**
 * Whether the development-only wallet stand-in may be used (issue #14 item 6): the server answers 204
 * in the development profile and 404 in production. Shared because the citizen's home links to the
 * page and the page refuses itself by the same answer. `undefined` while asking.
 */
export const fetchWalletStandInAvailable = () =>
  apiGet<undefined>('/api/standin/wallet').then(
    () => true,
    () => false,
  );

export function useWalletStandInAvailable(): boolean | undefined {
  const [available, setAvailable] = useState<boolean>();
  useEffect(() => {
    let current = true;
    void fetchWalletStandInAvailable().then((answer) => current && setAvailable(answer));
    return () => {
      current = false;
    };
  }, []);
  return available;
}
