import { createHash, generateKeyPairSync, randomBytes, X509Certificate, type JsonWebKey } from 'node:crypto';
import { CompactEncrypt, importJWK, jwtVerify, SignJWT, type JWK } from 'jose';
import {
  clientAuthenticationAnonymous,
  clientAuthenticationClientAttestationJwt,
  type EncryptJweCallback,
  type HashAlgorithm,
  type RequestDpopOptions,
  type SignJwtCallback,
} from '@openid4vc/oauth2';
import { AuthorizationFlow, Openid4vciClient } from '@openid4vc/openid4vci';
import { TICKET_CREDENTIAL_CONFIGURATION_ID } from '@tickets/domain';
import { Openid4vpClient } from '@openid4vc/openid4vp';
import { digest, ES256 } from '@sd-jwt/crypto-nodejs';
import { SDJwtVcInstance } from '@sd-jwt/sd-jwt-vc';
import { setGlobalConfig } from '@openid4vc/utils';
import { developmentCaCertificate } from '../../src/config/development-pki';
import { chainLeafOf } from './x5c';

/**
 * An EU wallet the project did not write (`@openid4vc/openid4vci` and `@openid4vc/openid4vp`, the
 * OpenID4VCI and OpenID4VP clients of the Credo wallets, with `@sd-jwt/sd-jwt-vc`'s holder side), as
 * the server's tests and the browser tests drive it (docs/design.md §12). No test runner in it: the
 * browser tests' runner imports it too.
 */

// The test server listens on plain HTTP on loopback; in production PUBLIC_URL must be https
// (config/profiles.ts).
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

/** A ticket the wallet holds: the SD-JWT VC, bound to the wallet's key. */
export interface HeldCredential {
  credential: string;
  key: WalletKey;
}

const hash = (data: Uint8Array, alg: HashAlgorithm) =>
  createHash(alg.replace('-', '').toLowerCase()).update(data).digest();

/** The wallet's signatures: by the first of its keys, or the one the library names (a DPoP key, its instance key). */
function signingWith(key: WalletKey, ...otherKeys: WalletKey[]): SignJwtCallback {
  const keyOf = (publicJwk: unknown) =>
    otherKeys.find((other) => other.publicJwk.x === (publicJwk as JWK | undefined)?.x) ?? key;
  return async (signer, { header, payload }) => {
    const signing = keyOf('publicJwk' in signer ? signer.publicJwk : undefined);
    return {
      jwt: await new SignJWT(payload)
        .setProtectedHeader(header as { alg: string })
        .sign(await importJWK(signing.privateJwk, signer.alg)),
      signerJwk: signing.publicJwk as never,
    };
  };
}

const generateRandom = (bytes: number) => randomBytes(bytes);

/**
 * The EU wallet: the library's client, with this test's crypto for its callbacks. It signs with the
 * first of its keys, or the one the library names (a DPoP key beside the credential's).
 */
export function euWallet(key: WalletKey, ...otherKeys: WalletKey[]) {
  return new Openid4vciClient({
    callbacks: {
      fetch,
      hash,
      generateRandom,
      clientAuthentication: clientAuthenticationAnonymous(),
      signJwt: signingWith(key, ...otherKeys),
    },
  });
}

const jwkSigner = (key: WalletKey) =>
  ({ method: 'jwk', alg: 'ES256', publicJwk: key.publicJwk as never }) as const;

/** The credential endpoint's step, as the library drives it: a nonce, a `jwt` proof by `key`, the credential. */
async function retrieveCredential(
  wallet: Openid4vciClient,
  issuerMetadata: Awaited<ReturnType<Openid4vciClient['resolveIssuerMetadata']>>,
  token: { accessTokenResponse: { access_token: string }; dpop?: RequestDpopOptions },
  key: WalletKey,
) {
  const { c_nonce } = await wallet.requestNonce({ issuerMetadata });
  const credentialConfigurationId = TICKET_CREDENTIAL_CONFIGURATION_ID;
  const { jwt } = await wallet.createCredentialRequestJwtProof({
    issuerMetadata,
    credentialConfigurationId,
    nonce: c_nonce,
    signer: jwkSigner(key),
  });
  const { credentialResponse } = await wallet.retrieveCredentials({
    issuerMetadata,
    accessToken: token.accessTokenResponse.access_token,
    credentialConfigurationId,
    proofs: { jwt: [jwt] },
    ...(token.dpop && { dpop: token.dpop }),
  });
  const [issued] = credentialResponse.credentials ?? [];
  const credential = (issued as { credential: string } | undefined)?.credential;
  if (typeof credential !== 'string') throw new Error('no credential in the response');
  return credential;
}

/**
 * The pre-authorized code flow of an offer the person scanned, with the transaction code they typed,
 * as the wallet library drives it: the credential, its key and the issuer's metadata. With `dpop`, the
 * access token is asked for with a DPoP proof by a key of its own (RFC 9449, as HAIP has it) and used
 * with that key's proofs; the library retries with the server's nonce when told to.
 */
export async function takeCredential(offerUri: string, txCode: string, { dpop = false } = {}) {
  const key = walletKey();
  const dpopKey = dpop ? walletKey() : undefined;
  const wallet = dpopKey ? euWallet(key, dpopKey) : euWallet(key);
  const credentialOffer = await wallet.resolveCredentialOffer(offerUri);
  const issuerMetadata = await wallet.resolveIssuerMetadata(credentialOffer.credential_issuer);
  const token = await wallet.retrievePreAuthorizedCodeAccessTokenFromOffer({
    credentialOffer,
    issuerMetadata,
    txCode,
    ...(dpopKey && { dpop: { signer: jwkSigner(dpopKey) } }),
  });
  const credential = await retrieveCredential(wallet, issuerMetadata, token, key);
  return {
    credential,
    key,
    issuerMetadata,
    tokenType: token.accessTokenResponse.token_type,
    dpopKey,
  };
}

/** What a wallet instance has from its provider: its client id, its instance key and the attestation of it. */
export interface AttestedInstance {
  clientId: string;
  instanceKey: WalletKey;
  /** The wallet attestation (`oauth-client-attestation+jwt`), whose `cnf.jwk` is the instance key. */
  walletAttestation: string;
}

/**
 * HAIP's authorization code flow, as the wallet library drives it from the issuer alone (its catalogue
 * entry, no offer): the pushed authorization request with PKCE S256, authenticated by the wallet
 * attestation and its proof of possession, and a DPoP key. Answers the page to open in the person's
 * browser (`authorizationRequestUrl`) and, given where the page sent the browser back
 * (`redirectTo`), the rest: the code for a DPoP-bound token, then the credential.
 */
export async function startAuthorization(
  issuer: string,
  instance: AttestedInstance,
  {
    redirectUri = 'https://wallet.example.eu/callback',
    offerUri,
  }: { redirectUri?: string; offerUri?: string } = {},
) {
  const key = walletKey();
  const dpopKey = walletKey();
  const signJwt = signingWith(key, dpopKey, instance.instanceKey);
  const wallet = new Openid4vciClient({
    callbacks: {
      fetch,
      hash,
      generateRandom,
      clientAuthentication: clientAuthenticationClientAttestationJwt({
        clientAttestationJwt: instance.walletAttestation,
        callbacks: { signJwt, generateRandom },
      }),
      signJwt,
    },
  });
  const issuerMetadata = await wallet.resolveIssuerMetadata(issuer);
  // From an offer the person made on the site (its `authorization_code` grant), or from the issuer alone.
  const credentialOffer = offerUri
    ? await wallet.resolveCredentialOffer(offerUri)
    : {
        credential_issuer: issuer,
        credential_configuration_ids: [TICKET_CREDENTIAL_CONFIGURATION_ID],
        grants: { authorization_code: {} },
      };
  const started = await wallet.initiateAuthorization({
    credentialOffer,
    issuerMetadata,
    clientId: instance.clientId,
    redirectUri,
    scope: TICKET_CREDENTIAL_CONFIGURATION_ID,
    dpop: { signer: jwkSigner(dpopKey) },
  });
  if (started.authorizationFlow !== AuthorizationFlow.Oauth2Redirect || !started.pkce)
    throw new Error(`the issuer asked for another flow: ${started.authorizationFlow}`);
  const { pkce } = started;
  return {
    authorizationRequestUrl: started.authorizationRequestUrl,
    pkce,
    wallet,
    issuerMetadata,
    credentialOffer,
    /** The DPoP signer its token requests use (a test's own redemption signs with it too). */
    dpopSigner: jwkSigner(dpopKey),
    /** The code the page sent back for a DPoP token, and the credential; the token's type too. */
    async finish(redirectTo: string) {
      const answer = wallet.parseAndVerifyAuthorizationResponseRedirectUrl({
        url: redirectTo,
        authorizationServerMetadata: issuerMetadata.authorizationServers[0] as never,
      });
      // No `state` to compare: the library's flow sends none, and PKCE ties the code to this wallet.
      if (!answer.code) throw new Error(`the page refused: ${answer.error}`);
      const token = await wallet.retrieveAuthorizationCodeAccessTokenFromOffer({
        issuerMetadata,
        credentialOffer,
        authorizationCode: answer.code,
        pkceCodeVerifier: pkce.codeVerifier,
        redirectUri,
        dpop: { signer: jwkSigner(dpopKey) },
      });
      const credential = await retrieveCredential(wallet, issuerMetadata, token, key);
      return { credential, key, tokenType: token.accessTokenResponse.token_type };
    },
  };
}

const certificateOf = (base64Der: string) => new X509Certificate(Buffer.from(base64Der, 'base64'));

/** The names of a certificate's subjectAltName of one kind (`DNS`, `URI`), as Node prints them. */
const altNames = (certificate: X509Certificate, kind: string) =>
  (certificate.subjectAltName ?? '')
    .split(', ')
    .filter((name) => name.startsWith(`${kind}:`))
    .map((name) => name.slice(kind.length + 1));

const signsNothing = () => {
  throw new Error('this wallet signs no response and decrypts nothing: it encrypts its answer only');
};

/** What this wallet encrypts with (OpenID4VP 1.0 §8.3): the verifier picks among them. */
const ENCRYPTION = {
  // It signs no response (JARM's signing is not asked for in OpenID4VP 1.0).
  authorization_signing_alg_values_supported: [],
  authorization_encryption_alg_values_supported: ['ECDH-ES'],
  authorization_encryption_enc_values_supported: ['A128GCM', 'A256GCM'],
};

/** The wallet's answer to the verifier's key from the request's `client_metadata.jwks` (`direct_post.jwt`). */
const encryptJwe: EncryptJweCallback = async (encryptor, data) => {
  if (encryptor.method !== 'jwk') throw new Error('this wallet encrypts to a JWK only');
  const jwe = await new CompactEncrypt(new TextEncoder().encode(data))
    .setProtectedHeader({
      alg: encryptor.alg,
      enc: encryptor.enc,
      ...(encryptor.publicJwk.kid && { kid: encryptor.publicJwk.kid }),
      ...(encryptor.apu && { apu: encryptor.apu }),
      ...(encryptor.apv && { apv: encryptor.apv }),
    })
    .encrypt(await importJWK(encryptor.publicJwk as JWK, encryptor.alg));
  return { encryptionJwk: encryptor.publicJwk, jwe };
};

/**
 * The wallet's answer of `vpToken` to a resolved request, as the library builds and posts it: encrypted
 * to the request's key when the request asks `direct_post.jwt`, else a plain `direct_post` form (what
 * a wallet that ignores the response mode sends). Answers the response endpoint's answer.
 */
export async function submitAnswer(
  wallet: Openid4vpClient,
  request: { authorizationRequestPayload: Record<string, unknown> },
  vpToken: Record<string, string[]>,
  { encrypted = true } = {},
) {
  type RequestPayload = Parameters<
    Openid4vpClient['createOpenid4vpAuthorizationResponse']
  >[0]['authorizationRequestPayload'];
  const asked = request.authorizationRequestPayload;
  const { authorizationResponsePayload, jarm } = await wallet.createOpenid4vpAuthorizationResponse({
    authorizationRequestPayload: (encrypted
      ? asked
      : { ...asked, response_mode: 'direct_post' }) as RequestPayload,
    authorizationResponsePayload: { vp_token: vpToken },
    ...(encrypted
      ? { jarm: { encryption: { nonce: randomBytes(16).toString('base64url') }, serverMetadata: ENCRYPTION } }
      : {}),
  });
  const { response } = await wallet.submitOpenid4vpAuthorizationResponse({
    authorizationRequestPayload: { response_uri: asked.response_uri as string },
    authorizationResponsePayload,
    ...(jarm && { jarm }),
  });
  return response;
}

/**
 * The EU wallet's OpenID4VP side: the library resolves the `openid4vp://` link (fetches the request
 * object, checks the `x509_hash:` client identifier against the leaf of its `x5c`) and calls back here
 * to check the signature and whether the verifier is trusted: as a real wallet, through the chain of
 * the relying party's access certificate to a trust anchor it holds (`anchorPem`; in development the
 * development CA's, which the test reads as any process makes it).
 */
export function euPresentationWallet(anchorPem: string) {
  return new Openid4vpClient({
    callbacks: {
      fetch,
      hash,
      getX509CertificateMetadata: (base64Der) => {
        const certificate = certificateOf(base64Der);
        return { sanDnsNames: altNames(certificate, 'DNS'), sanUriNames: altNames(certificate, 'URI') };
      },
      verifyJwt: async (signer, { compact }) => {
        if (signer.method !== 'x5c') return { verified: false };
        try {
          const leaf = chainLeafOf(signer.x5c, anchorPem);
          await jwtVerify(compact, leaf.publicKey, { algorithms: [signer.alg] });
          return { verified: true, signerJwk: leaf.publicKey.export({ format: 'jwk' }) as never };
        } catch {
          return { verified: false };
        }
      },
      signJwt: signsNothing,
      encryptJwe,
      decryptJwe: signsNothing,
    },
  });
}

interface DcqlQuery {
  credentials: { id: string; claims?: { path: (string | number | null)[] }[] }[];
}

/**
 * Answers the `openid4vp://` link of a gate's QR as a wallet does: resolves it with the library (the
 * signed request object, its verifier), discloses what the request's DCQL query asks (the holder
 * consents to all of it), binds the presentation to the request's nonce and verifier, and posts it
 * (`direct_post.jwt`, encrypted to the request's key). Answers the response endpoint's answer.
 */
export async function answerPresentationRequest(link: string, { credential, key }: HeldCredential) {
  const wallet = euPresentationWallet(await developmentCaCertificate());
  const { params } = wallet.parseOpenid4vpAuthorizationRequest({ authorizationRequest: link });
  const resolved = await wallet.resolveOpenId4vpAuthorizationRequest({ authorizationRequestPayload: params });
  const request = resolved.authorizationRequestPayload as {
    nonce: string;
    response_uri: string;
    dcql_query: DcqlQuery;
  };
  const [query] = request.dcql_query.credentials;
  if (!query) throw new Error('the request asks for no credential');
  const holder = new SDJwtVcInstance({
    hasher: digest,
    kbSigner: await ES256.getSigner(key.privateJwk as JsonWebKey),
    kbSignAlg: 'ES256',
  });
  const asked = Object.fromEntries((query.claims ?? []).map(({ path }) => [String(path[0]), true]));
  const presentation = await holder.present(credential, asked, {
    kb: {
      payload: { nonce: request.nonce, aud: resolved.client.effective, iat: Math.floor(Date.now() / 1000) },
    },
  });
  return submitAnswer(wallet, resolved as never, { [query.id]: [presentation] });
}
