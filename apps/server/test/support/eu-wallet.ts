import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { importJWK, SignJWT, type JWK } from 'jose';
import { clientAuthenticationAnonymous } from '@openid4vc/oauth2';
import { Openid4vciClient } from '@openid4vc/openid4vci';
import { setGlobalConfig } from '@openid4vc/utils';
import { jsonFrom } from './login';

/**
 * An EU wallet the project did not write (`@openid4vc/openid4vci`, the OpenID4VCI client of the Credo
 * wallets), as the issuance and the gate's presentation tests drive it (docs/design.md §12).
 */

// The test server listens on plain HTTP on loopback; in production PUBLIC_URL must be https (config.ts).
setGlobalConfig({ allowInsecureUrls: true });

/** A wallet's key pair: the credential is bound to its public half. */
export function walletKey() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    privateJwk: privateKey.export({ format: 'jwk' }) as JWK,
    publicJwk: publicKey.export({ format: 'jwk' }) as JWK,
  };
}
export type WalletKey = ReturnType<typeof walletKey>;

/** The EU wallet: the library's client, with this test's crypto for its callbacks. */
export function euWallet(key: WalletKey) {
  return new Openid4vciClient({
    callbacks: {
      fetch,
      hash: (data, alg) => createHash(alg.replace('-', '').toLowerCase()).update(data).digest(),
      generateRandom: (bytes) => randomBytes(bytes),
      clientAuthentication: clientAuthenticationAnonymous(),
      signJwt: async (signer, { header, payload }) => ({
        jwt: await new SignJWT(payload)
          .setProtectedHeader(header as { alg: string })
          .sign(await importJWK(key.privateJwk, signer.alg)),
        signerJwk: key.publicJwk as never,
      }),
    },
  });
}

/** The signed-in person's offer for their ticket (POST /api/wallet/tickets/{publicCode}/credential-offer). */
export const offerFor = (baseUrl: string, publicCode: string, cookie: string) =>
  fetch(`${baseUrl}/api/wallet/tickets/${publicCode}/credential-offer`, {
    method: 'POST',
    headers: jsonFrom(baseUrl, cookie),
  });

/** The whole pre-authorized code flow, as the wallet library drives it: the credential and its key. */
export async function takeTicket(baseUrl: string, publicCode: string, cookie: string) {
  const answer = await offerFor(baseUrl, publicCode, cookie);
  expect(answer.status).toBe(200);
  const { offerUri, txCode } = (await answer.json()) as { offerUri: string; txCode: string };
  const key = walletKey();
  const wallet = euWallet(key);
  const credentialOffer = await wallet.resolveCredentialOffer(offerUri);
  const issuerMetadata = await wallet.resolveIssuerMetadata(credentialOffer.credential_issuer);
  const { accessTokenResponse } = await wallet.retrievePreAuthorizedCodeAccessTokenFromOffer({
    credentialOffer,
    issuerMetadata,
    txCode,
  });
  const { c_nonce } = await wallet.requestNonce({ issuerMetadata });
  const credentialConfigurationId = credentialOffer.credential_configuration_ids[0] as string;
  const { jwt } = await wallet.createCredentialRequestJwtProof({
    issuerMetadata,
    credentialConfigurationId,
    nonce: c_nonce,
    signer: { method: 'jwk', alg: 'ES256', publicJwk: key.publicJwk as never },
  });
  const { credentialResponse } = await wallet.retrieveCredentials({
    issuerMetadata,
    accessToken: accessTokenResponse.access_token,
    credentialConfigurationId,
    proofs: { jwt: [jwt] },
  });
  const [issued] = credentialResponse.credentials ?? [];
  const credential = (issued as { credential: string } | undefined)?.credential;
  if (typeof credential !== 'string') throw new Error('no credential in the response');
  return { credential, key, issuerMetadata };
}
