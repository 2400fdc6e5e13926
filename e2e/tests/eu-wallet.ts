import { createHash, generateKeyPairSync, randomBytes, type JsonWebKey } from 'node:crypto';
import { createLocalJWKSet, importJWK, jwtVerify, SignJWT, type JWK } from 'jose';
import { clientAuthenticationAnonymous } from '@openid4vc/oauth2';
import { Openid4vciClient } from '@openid4vc/openid4vci';
import { setGlobalConfig } from '@openid4vc/utils';
import { digest, ES256 } from '@sd-jwt/crypto-nodejs';
import { SDJwtVcInstance } from '@sd-jwt/sd-jwt-vc';

/**
 * An EU wallet the project did not write, running in the test's process (docs/design.md §12): it takes
 * the ticket with `@openid4vc/openid4vci` (the OpenID4VCI client of the Credo wallets), as the server's
 * tests do (apps/server/test/support/eu-wallet.ts), and answers a gate's OpenID4VP request with
 * `@sd-jwt/sd-jwt-vc`'s holder side and its key-binding JWT. None of it is the platform's code.
 */

// The test server listens on plain HTTP on loopback; in production PUBLIC_URL must be https.
setGlobalConfig({ allowInsecureUrls: true });

interface WalletKey {
  privateJwk: JWK;
  publicJwk: JWK;
}

/** A ticket the wallet holds: the SD-JWT VC, bound to the wallet's key. */
export interface HeldCredential {
  credential: string;
  key: WalletKey;
}

function walletKey(): WalletKey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    privateJwk: privateKey.export({ format: 'jwk' }) as JWK,
    publicJwk: publicKey.export({ format: 'jwk' }) as JWK,
  };
}

function issuanceClient(key: WalletKey) {
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

/** The pre-authorized code flow of an offer the person scanned, with the transaction code they typed. */
export async function takeCredential(offerUri: string, txCode: string): Promise<HeldCredential> {
  const key = walletKey();
  const wallet = issuanceClient(key);
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
  return { credential, key };
}

interface RequestObject {
  client_id: string;
  response_uri: string;
  nonce: string;
  state?: string;
  dcql_query: { credentials: { id: string; claims: { path: string[] }[] }[] };
}

/**
 * Answers the `openid4vp://` link of a gate's QR as a wallet does: reads the request object at
 * `request_uri`, checks its signature under the keys the verifier's host publishes, discloses what
 * the DCQL query asks (the holder consents to all of it), binds the presentation to the request's
 * nonce and `client_id`, and posts it (`direct_post`). Returns the response endpoint's status.
 */
export async function answerRequest(link: string, held: HeldCredential): Promise<number> {
  const scanned = new URL(link);
  if (scanned.protocol !== 'openid4vp:') throw new Error(`not an OpenID4VP request: ${link}`);
  const clientId = scanned.searchParams.get('client_id') ?? '';
  const requestUri = scanned.searchParams.get('request_uri') ?? '';
  const fetched = await fetch(requestUri);
  if (!fetched.ok) throw new Error(`request object: ${fetched.status}`);
  const published = (await (await fetch(new URL('/.well-known/jwt-vc-issuer', requestUri))).json()) as {
    jwks: { keys: JWK[] };
  };
  const { payload } = await jwtVerify<RequestObject>(
    await fetched.text(),
    createLocalJWKSet(published.jwks),
    {
      typ: 'oauth-authz-req+jwt',
    },
  );
  if (payload.client_id !== clientId) throw new Error('the request object names another verifier');
  const [query] = payload.dcql_query.credentials;
  if (!query) throw new Error('the request asks for no credential');
  const holder = new SDJwtVcInstance({
    hasher: digest,
    kbSigner: await ES256.getSigner(held.key.privateJwk as JsonWebKey),
    kbSignAlg: 'ES256',
  });
  const disclosed = Object.fromEntries(query.claims.map(({ path }) => [path[0] as string, true]));
  const presentation = await holder.present(held.credential, disclosed, {
    kb: { payload: { nonce: payload.nonce, aud: clientId, iat: Math.floor(Date.now() / 1000) } },
  });
  const posted = await fetch(payload.response_uri, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      vp_token: JSON.stringify({ [query.id]: [presentation] }),
      ...(payload.state ? { state: payload.state } : {}),
    }).toString(),
  });
  return posted.status;
}
