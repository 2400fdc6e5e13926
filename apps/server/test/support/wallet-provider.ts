import { generateKeyPairSync, randomUUID, X509Certificate, type KeyObject } from 'node:crypto';
import { importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';
import type { JwtSigner } from '@openid4vc/oauth2';
import { Openid4vciWalletProvider } from '@openid4vc/openid4vci';
import { developmentCertificateChain } from '../../src/config/development-pki';
import type { WalletKey } from './eu-wallet-client';
import { WALLET_PROVIDER_ROOT, walletProviderRootKeys } from './production-environment';
import { certify, keyPairOf } from './test-pki';

/**
 * A wallet provider as an EU wallet has one (docs/design.md §12): a key, and its certificate chain
 * in the `x5c` of what it signs, the wallet attestations (`oauth-client-attestation+jwt`) and key
 * attestations (`key-attestation+jwt`) the issuer checks to WALLET_PROVIDER_TRUST_ANCHORS. The
 * development one's certificate is issued by the development CA, the development profile's anchor.
 * Signed with `jose` here so that a test may make one wrong; the tests also have the wallet library
 * make them (`libraryWalletProvider`).
 */

export interface WalletProvider {
  key: KeyObject;
  /** Leaf first, base64 DER, without the anchor. */
  x5c: string[];
}

const PROVIDER_URI = 'https://wallet-provider.example.eu';
export const DEVELOPMENT_WALLET_PROVIDER_NAME = 'Development wallet provider';

const newKey = () => generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;

let development: Promise<WalletProvider> | undefined;

/** The development wallet provider: its certificate issued by the development CA (made once per process). */
export function developmentWalletProvider(): Promise<WalletProvider> {
  development ??= (async () => {
    const key = newKey();
    return {
      key,
      x5c: await developmentCertificateChain(key, PROVIDER_URI, DEVELOPMENT_WALLET_PROVIDER_NAME),
    };
  })();
  return development;
}

/** A provider whose chain is the given PEM certificates (leaf first) for `key`. */
export const walletProviderOf = (key: KeyObject, ...pems: string[]): WalletProvider => ({
  key,
  x5c: pems.map((pem) => new X509Certificate(pem).raw.toString('base64')),
});

/** The pair of a provider's key, as the test PKI certifies it. */
export const keyPairOfProvider = (key: KeyObject) =>
  keyPairOf(key.export({ format: 'der', type: 'pkcs8' }).toString('base64url'));

/**
 * A provider under another root (production-environment.ts's wallet provider root): a genuine chain,
 * to an anchor the development profile does not hold.
 */
export async function untrustedWalletProvider(): Promise<WalletProvider> {
  const key = newKey();
  const leaf = await certify(
    'CN=Unlisted wallet provider',
    await keyPairOfProvider(key),
    { name: WALLET_PROVIDER_ROOT, keys: walletProviderRootKeys },
    { ca: false },
  );
  return walletProviderOf(key, leaf);
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const HOUR = 3_600_000;

/** A JWT the provider signs, its chain in `x5c`; `signedBy` makes one another key signed. */
export async function signAsProvider(
  provider: WalletProvider,
  typ: string,
  payload: JWTPayload,
  { signedBy = provider.key }: { signedBy?: KeyObject } = {},
) {
  return new SignJWT(payload).setProtectedHeader({ alg: 'ES256', typ, x5c: provider.x5c }).sign(signedBy);
}

interface Overrides {
  typ?: string;
  /** Claims added or replaced (`undefined` removes one). */
  claims?: JWTPayload;
  signedBy?: KeyObject;
}

const withOverrides = (payload: JWTPayload, claims: JWTPayload = {}) =>
  Object.fromEntries(
    Object.entries({ ...payload, ...claims }).filter(([, value]) => value !== undefined),
  ) as JWTPayload;

/** A wallet attestation (OpenID4VCI 1.0 Appendix E) for the wallet instance's key, good for an hour. */
export function walletAttestation(
  provider: WalletProvider,
  {
    clientId,
    instanceJwk,
    typ = 'oauth-client-attestation+jwt',
    claims,
    signedBy,
  }: Overrides & {
    clientId: string;
    instanceJwk: JWK;
  },
) {
  const now = new Date();
  const payload = {
    iss: PROVIDER_URI,
    sub: clientId,
    iat: seconds(now),
    exp: seconds(new Date(now.getTime() + HOUR)),
    cnf: { jwk: instanceJwk },
  };
  return signAsProvider(provider, typ, withOverrides(payload, claims), { signedBy });
}

/** The wallet instance's proof of possession of its attestation's key, for `audience`. */
export async function walletAttestationPop(
  instance: WalletKey,
  {
    clientId,
    audience,
    typ = 'oauth-client-attestation-pop+jwt',
    claims,
  }: Omit<Overrides, 'signedBy'> & {
    clientId: string;
    audience: string;
  },
) {
  const payload = { iss: clientId, aud: audience, jti: randomUUID(), iat: seconds(new Date()) };
  return new SignJWT(withOverrides(payload, claims))
    .setProtectedHeader({ alg: 'ES256', typ })
    .sign(await importJWK(instance.privateJwk, 'ES256'));
}

/** A key attestation (OpenID4VCI 1.0 Appendix D.1) of `attestedKeys`, good for an hour. */
export function keyAttestation(
  provider: WalletProvider,
  {
    attestedKeys,
    nonce,
    typ = 'key-attestation+jwt',
    claims,
    signedBy,
  }: Overrides & {
    attestedKeys: JWK[];
    nonce?: string;
  },
) {
  const now = new Date();
  const payload = {
    iss: PROVIDER_URI,
    iat: seconds(now),
    exp: seconds(new Date(now.getTime() + HOUR)),
    attested_keys: attestedKeys,
    key_storage: ['iso_18045_moderate'],
    user_authentication: ['iso_18045_moderate'],
    nonce,
  };
  return signAsProvider(provider, typ, withOverrides(payload, claims), { signedBy });
}

/**
 * The provider as the wallet library has one (`Openid4vciWalletProvider`, the Credo wallets'): its
 * wallet and key attestations as that library writes them, signed with the provider's key, and the
 * signer that puts its chain in `x5c`.
 */
export function libraryWalletProvider(provider: WalletProvider) {
  const signer: JwtSigner = { method: 'x5c', alg: 'ES256', x5c: provider.x5c };
  const library = new Openid4vciWalletProvider({
    callbacks: {
      signJwt: async (_signer, { header, payload }) => ({
        jwt: await new SignJWT(payload).setProtectedHeader(header).sign(provider.key),
        signerJwk: provider.key.export({ format: 'jwk' }) as never,
      }),
    },
  });
  return { signer, library };
}

export { newKey as newProviderKey };
