import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  generateGateKeyPair,
  type AddWalletTicket,
  type CredentialOfferResponse,
  type WalletTicket,
} from '@tickets/domain';
import { apiCall } from '../../shared/api/client';
import { useApiMutation, type MutationReactions } from '../../shared/api/mutation';
import { saveDeviceKey, type DeviceKey } from './device-storage';

/** The Gov.gr Wallet's own calls (README "The wallet's API"): the stand-in uses nothing else. */
export const walletTicketKeys = { all: ['wallet-tickets'] as const };

const fetchWalletTickets = (): Promise<WalletTicket[]> => apiCall('get', '/api/wallet/tickets');

export const walletTicketsQuery = queryOptions({
  queryKey: walletTicketKeys.all,
  queryFn: fetchWalletTickets,
});

export const useWalletTickets = () => useQuery(walletTicketsQuery);

/** Adds a bought ticket for the person, or with `dependentAmka` for one of their minors. */
const addWalletTicket = (request: AddWalletTicket): Promise<WalletTicket> =>
  apiCall('post', '/api/wallet/tickets', { body: request });

export const useAddWalletTicketMutation = (reactions?: MutationReactions<WalletTicket, AddWalletTicket>) =>
  useApiMutation(addWalletTicket, { invalidates: () => [walletTicketKeys.all] }, reactions);

/** A key pair made here, its public half registered for the ticket, and kept on this device. */
async function registerDeviceKey(publicCode: string): Promise<DeviceKey> {
  const keys = generateGateKeyPair();
  const { credential } = await apiCall('post', '/api/wallet/tickets/{publicCode}/device-key', {
    params: { path: { publicCode } },
    body: { publicKey: keys.publicKey },
  });
  const registered = { secretKey: keys.secretKey, credential };
  saveDeviceKey(publicCode, registered);
  return registered;
}

/** The phone's key for the ticket: nothing cached changes (the ticket list does not show it). */
export const useRegisterDeviceKeyMutation = (
  publicCode: string,
  reactions?: MutationReactions<DeviceKey, void>,
) => useApiMutation(() => registerDeviceKey(publicCode), {}, reactions);

/**
 * An offer of the ticket to an EU wallet (docs/design.md §12): the `openid-credential-offer://` link
 * for the QR and the transaction code to show apart. Nothing cached changes.
 */
const createCredentialOffer = (publicCode: string): Promise<CredentialOfferResponse> =>
  apiCall('post', '/api/wallet/tickets/{publicCode}/credential-offer', { params: { path: { publicCode } } });

export const useCredentialOfferMutation = (
  publicCode: string,
  reactions?: MutationReactions<CredentialOfferResponse, void>,
) => useApiMutation(() => createCredentialOffer(publicCode), {}, reactions);
