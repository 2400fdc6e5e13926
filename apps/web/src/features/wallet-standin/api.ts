import { queryOptions } from '@tanstack/react-query';
import type { AddWalletTicket, Dependent, WalletCredentialResponse, WalletTicket } from '@tickets/domain';
import { apiCall, apiGet } from '../../shared/api/client';

/** The Gov.gr Wallet's own calls (README "The wallet's API"): the stand-in uses nothing else. */
export const fetchWalletTickets = () => apiGet<WalletTicket[]>('/api/wallet/tickets');

export const registerDeviceKey = (publicCode: string, publicKey: string) =>
  apiCall<WalletCredentialResponse>(
    'POST',
    `/api/wallet/tickets/${encodeURIComponent(publicCode)}/device-key`,
    { publicKey },
  );

/** Adds a bought ticket for the person, or with `dependentAmka` for one of their minors. */
export const addWalletTicket = (request: AddWalletTicket) =>
  apiCall<WalletTicket>('POST', '/api/wallet/tickets', request);

/** The person's minors, for whom they may add a ticket (the companions feature's call). */
export const fetchDependents = () => apiGet<Dependent[]>('/api/tickets/dependents/');

export const walletTicketsQuery = queryOptions({
  queryKey: ['wallet', 'tickets'],
  queryFn: fetchWalletTickets,
});
export const dependentsQuery = queryOptions({ queryKey: ['wallet', 'dependents'], queryFn: fetchDependents });
