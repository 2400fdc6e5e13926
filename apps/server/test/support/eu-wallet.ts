import { expect } from 'vitest';
import { answerPresentationRequest, takeCredential, type HeldCredential } from './eu-wallet-client';
import { jsonFrom } from './login';

/**
 * The EU wallet of eu-wallet-client.ts (the libraries of the Credo wallets), as the issuance and the
 * gate's presentation tests drive it against a signed-in person's ticket (docs/design.md §12).
 */
export { euPresentationWallet, euWallet, submitAnswer, walletKey, type WalletKey } from './eu-wallet-client';

/** The signed-in person's offer for their ticket (POST /api/wallet/tickets/{publicCode}/credential-offer). */
export const offerFor = (baseUrl: string, publicCode: string, cookie: string) =>
  fetch(`${baseUrl}/api/wallet/tickets/${publicCode}/credential-offer`, {
    method: 'POST',
    headers: jsonFrom(baseUrl, cookie),
  });

/**
 * The whole pre-authorized code flow, as the wallet library drives it (with DPoP if asked): the
 * credential and its key.
 */
export async function takeTicket(
  baseUrl: string,
  publicCode: string,
  cookie: string,
  options: { dpop?: boolean } = {},
) {
  const answer = await offerFor(baseUrl, publicCode, cookie);
  expect(answer.status).toBe(200);
  const { offerUri, txCode } = (await answer.json()) as { offerUri: string; txCode: string };
  return takeCredential(offerUri, txCode, options);
}

/**
 * A whole presentation at the gate as the wallet libraries make it: the device's request for
 * `eventId`, and the wallet's answer to its link. Answers the response to that answer.
 */
export async function presentAtGate(
  baseUrl: string,
  deviceToken: string,
  eventId: number,
  held: HeldCredential,
) {
  const created = await fetch(`${baseUrl}/api/gate/presentation-requests`, {
    method: 'POST',
    headers: { authorization: `Bearer ${deviceToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ eventId }),
  });
  expect(created.status).toBe(200);
  const { uri } = (await created.json()) as { uri: string };
  return answerPresentationRequest(uri, held);
}
