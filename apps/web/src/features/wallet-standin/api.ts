import type { WalletCredentialResponse, WalletTicket } from '@tickets/domain';
import { apiCall, apiGet } from '../../shared/api/client';

/** The Gov.gr Wallet's own calls (README "The wallet's API"): the stand-in uses nothing else. */
export const fetchWalletTickets = () => apiGet<WalletTicket[]>('/api/wallet/tickets');

export const registerDeviceKey = (publicCode: string, publicKey: string) =>
  apiCall<WalletCredentialResponse>(
    'POST',
    `/api/wallet/tickets/${encodeURIComponent(publicCode)}/device-key`,
    { publicKey },
  );
