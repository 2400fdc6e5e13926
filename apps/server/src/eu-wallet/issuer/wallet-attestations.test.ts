import { randomBytes, X509Certificate } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { importJWK, SignJWT, type JWK } from 'jose';
import { clientAuthenticationClientAttestationJwt } from '@openid4vc/oauth2';
import { developmentCaCertificate } from '../../config';
import { walletKey, type WalletKey } from '../../../test/support/eu-wallet-client';
import {
  WALLET_PROVIDER_ROOT,
  walletProviderRootKeys,
  testPki,
} from '../../../test/support/production-environment';
import { certify, DAY } from '../../../test/support/test-pki';
import {
  DEVELOPMENT_WALLET_PROVIDER_NAME,
  developmentWalletProvider,
  keyAttestation,
  keyPairOfProvider,
  libraryWalletProvider,
  newProviderKey,
  untrustedWalletProvider,
  walletAttestation,
  walletAttestationPop,
  walletProviderOf,
  type WalletProvider,
} from '../../../test/support/wallet-provider';
import { verifyClientAttestation, verifyKeyAttestation } from './wallet-attestations';

/**
 * What a wallet provider vouches for (docs/design.md §12): a wallet attestation with its proof of
 * possession, and a key attestation, each checked through the provider's `x5c` chain to the anchors
 * the platform trusts (here the development CA, which issued the development wallet provider's
 * certificate). The accepted ones are made by the wallet library (`@openid4vc/oauth2`,
 * `@openid4vc/openid4vci`), as a Credo wallet sends them; the refused ones are made wrong on purpose.
 */

const AUTHORIZATION_SERVER = 'https://tickets.example.gov.gr';
const CLIENT_ID = 'https://wallet.example.eu/wallet-solution';

let anchors: X509Certificate[];
let provider: WalletProvider;
let instance: WalletKey;
beforeAll(async () => {
  anchors = [new X509Certificate(await developmentCaCertificate())];
  provider = await developmentWalletProvider();
  instance = walletKey();
});

/** A provider whose certificate is issued by an intermediate CA of the other root; or is that CA itself. */
async function providersUnderIntermediate() {
  const intermediateKey = newProviderKey();
  const intermediateKeys = await keyPairOfProvider(intermediateKey);
  const intermediate = await certify(
    'CN=Wallet Provider Issuing CA',
    intermediateKeys,
    { name: WALLET_PROVIDER_ROOT, keys: walletProviderRootKeys },
    { ca: true },
  );
  const key = newProviderKey();
  const leaf = await certify(
    'CN=Wallet provider under an intermediate',
    await keyPairOfProvider(key),
    { name: 'CN=Wallet Provider Issuing CA', keys: intermediateKeys },
    { ca: false },
  );
  return {
    throughIntermediate: walletProviderOf(key, leaf, intermediate),
    theCaItself: walletProviderOf(intermediateKey, intermediate),
  };
}

const hourAgo = () => Math.floor(Date.now() / 1000) - 3600;

describe('a wallet attestation and its proof of possession', () => {
  const verify = (attestation: string, pop: string) =>
    verifyClientAttestation({ attestation, pop }, { authorizationServer: AUTHORIZATION_SERVER, anchors });
  const refused = async (attestation: string, pop: string) =>
    expect(verify(attestation, pop)).rejects.toMatchObject({ code: 'ISSUANCE_INVALID_CLIENT' });
  const attestationFor = (options: Partial<Parameters<typeof walletAttestation>[1]> = {}) =>
    walletAttestation(provider, { clientId: CLIENT_ID, instanceJwk: instance.publicJwk, ...options });
  const popFor = (options: Partial<Parameters<typeof walletAttestationPop>[1]> = {}, key = instance) =>
    walletAttestationPop(key, { clientId: CLIENT_ID, audience: AUTHORIZATION_SERVER, ...options });

  it('accepts the headers the wallet library sends, naming the client, the instance key and the provider', async () => {
    const { signer, library } = libraryWalletProvider(provider);
    const attestation = await library.createWalletAttestationJwt({
      signer,
      issuer: 'https://wallet-provider.example.eu',
      clientId: CLIENT_ID,
      expiresAt: new Date(Date.now() + DAY),
      confirmation: { jwk: instance.publicJwk as never },
      walletName: 'Test wallet',
    });
    const headers = new Headers();
    await clientAuthenticationClientAttestationJwt({
      clientAttestationJwt: attestation,
      callbacks: {
        generateRandom: (bytes) => randomBytes(bytes),
        signJwt: async (_signer, { header, payload }) => ({
          jwt: await walletAttestationPopAs(instance, header, payload),
          signerJwk: instance.publicJwk as never,
        }),
      },
    })({
      headers,
      authorizationServerMetadata: { issuer: AUTHORIZATION_SERVER } as never,
      url: `${AUTHORIZATION_SERVER}/token`,
      method: 'POST',
      contentType: 'application/x-www-form-urlencoded' as never,
      body: {},
    });
    const client = await verify(
      headers.get('OAuth-Client-Attestation') ?? '',
      headers.get('OAuth-Client-Attestation-PoP') ?? '',
    );
    expect(client.clientId).toBe(CLIENT_ID);
    expect(client.instanceJwk).toEqual({
      kty: 'EC',
      crv: 'P-256',
      x: instance.publicJwk.x,
      y: instance.publicJwk.y,
    });
    expect(client.provider).toContain(DEVELOPMENT_WALLET_PROVIDER_NAME);
    expect(client.jti).toMatch(/./);
    expect(client.challenge).toBeUndefined();
    // The draft's `challenge`, for the endpoint that gave it.
    const challenged = await verify(await attestationFor(), await popFor({ claims: { challenge: 'c-1' } }));
    expect(challenged.challenge).toBe('c-1');
  });

  it('refuses a provider whose chain does not lead to an anchor, or an attestation another key signed', async () => {
    const other = await untrustedWalletProvider();
    await refused(
      await walletAttestation(other, { clientId: CLIENT_ID, instanceJwk: instance.publicJwk }),
      await popFor(),
    );
    // Trusted when its root is an anchor: the refusal above is the anchor's, nothing else.
    const trusting = [...anchors, new X509Certificate(testPki.walletProviderRoot)];
    await expect(
      verifyClientAttestation(
        {
          attestation: await walletAttestation(other, {
            clientId: CLIENT_ID,
            instanceJwk: instance.publicJwk,
          }),
          pop: await popFor(),
        },
        { authorizationServer: AUTHORIZATION_SERVER, anchors: trusting },
      ),
    ).resolves.toMatchObject({ clientId: CLIENT_ID });
    // A chain through an intermediate CA to that root; a CA certificate is no provider's leaf.
    const { throughIntermediate, theCaItself } = await providersUnderIntermediate();
    const under = async (chained: WalletProvider) =>
      verifyClientAttestation(
        {
          attestation: await walletAttestation(chained, {
            clientId: CLIENT_ID,
            instanceJwk: instance.publicJwk,
          }),
          pop: await popFor(),
        },
        { authorizationServer: AUTHORIZATION_SERVER, anchors: trusting },
      );
    await expect(under(throughIntermediate)).resolves.toMatchObject({
      provider: 'CN=Wallet provider under an intermediate',
      // No `wallet_name`, no organisation: the person is shown the certificate's common name.
      walletName: 'Wallet provider under an intermediate',
    });
    await expect(under(theCaItself)).rejects.toMatchObject({ code: 'ISSUANCE_INVALID_CLIENT' });
    // The chain out of order: the intermediate first.
    await expect(
      under({ ...throughIntermediate, x5c: [...throughIntermediate.x5c].reverse() }),
    ).rejects.toMatchObject({ code: 'ISSUANCE_INVALID_CLIENT' });
    // The trusted provider's chain in x5c, signed by a key that is not its leaf's.
    await refused(await attestationFor({ signedBy: newProviderKey() }), await popFor());
    // No chain at all.
    await refused(await attestationFor({ claims: {} }).then(withoutX5c), await popFor());
  });

  it('refuses an expired attestation, or one from a provider whose certificate is no longer valid', async () => {
    await refused(await attestationFor({ claims: { exp: hourAgo() } }), await popFor());
    await refused(await attestationFor({ claims: { exp: undefined } }), await popFor());
    const late = new Date(Date.now() + 3 * 365 * DAY);
    const attestation = await attestationFor({ claims: { exp: Math.floor(late.getTime() / 1000) + 60 } });
    await expect(
      verifyClientAttestation(
        { attestation, pop: await popFor({ claims: { iat: Math.floor(late.getTime() / 1000) } }) },
        { authorizationServer: AUTHORIZATION_SERVER, anchors, now: late },
      ),
    ).rejects.toMatchObject({ code: 'ISSUANCE_INVALID_CLIENT' });
  });

  it('refuses a wrong type, a private key in cnf, or no subject', async () => {
    await refused(await attestationFor({ typ: 'jwt' }), await popFor());
    await refused(await attestationFor({ typ: 'key-attestation+jwt' }), await popFor());
    await refused(await attestationFor({ claims: { cnf: { jwk: instance.privateJwk } } }), await popFor());
    await refused(await attestationFor({ claims: { sub: undefined } }), await popFor());
    await refused(await attestationFor(), await popFor({ typ: 'oauth-client-attestation+jwt' }));
  });

  it('refuses a proof of possession for another server, signed by a key other than cnf.jwk, stale, or of another client', async () => {
    const attestation = await attestationFor();
    await expect(verify(attestation, await popFor())).resolves.toMatchObject({ clientId: CLIENT_ID });
    await refused(attestation, await popFor({ audience: 'https://other-issuer.example.eu' }));
    await refused(
      attestation,
      await popFor({ claims: { aud: [AUTHORIZATION_SERVER, 'https://other.example'] } }),
    );
    await refused(attestation, await popFor({}, walletKey()));
    await refused(attestation, await popFor({ claims: { iat: hourAgo() } }));
    await refused(attestation, await popFor({ claims: { jti: undefined } }));
    await refused(attestation, await popFor({ claims: { iss: 'https://another-wallet.example' } }));
    await refused(attestation, 'not.a.jwt');
  });
});

describe('a key attestation', () => {
  const attested = (key: WalletKey): JWK => key.publicJwk;
  const refusedFor = async (jwt: string, use: 'jwt' | 'attestation' = 'jwt') =>
    expect(verifyKeyAttestation(jwt, { anchors, use })).rejects.toMatchObject({
      code: 'ISSUANCE_INVALID_PROOF',
    });

  it('accepts what the wallet library writes (keyattestation+jwt) and the specification’s type, with its keys and nonce', async () => {
    const { signer, library } = libraryWalletProvider(provider);
    const first = walletKey();
    const second = walletKey();
    const forJwt = await library.createKeyAttestationJwt({
      signer,
      attestedKeys: [attested(first), attested(second)] as never,
      expiresAt: new Date(Date.now() + DAY),
      keyStorage: ['iso_18045_moderate'],
      use: 'proof_type.jwt',
    });
    const verified = await verifyKeyAttestation(forJwt, { anchors, use: 'jwt' });
    expect(verified.attestedKeys.map((jwk) => jwk.x)).toEqual([first.publicJwk.x, second.publicJwk.x]);
    expect(verified.nonce).toBeUndefined();
    const forAttestation = await library.createKeyAttestationJwt({
      signer,
      attestedKeys: [attested(first)] as never,
      nonce: 'n-1',
      use: 'proof_type.attestation',
    });
    expect(await verifyKeyAttestation(forAttestation, { anchors, use: 'attestation' })).toMatchObject({
      nonce: 'n-1',
    });
    const specified = await keyAttestation(provider, { attestedKeys: [attested(first)], nonce: 'n-2' });
    expect(await verifyKeyAttestation(specified, { anchors, use: 'jwt' })).toMatchObject({ nonce: 'n-2' });
  });

  it('refuses one whose provider’s chain does not lead to an anchor, or signed by another key', async () => {
    const other = await untrustedWalletProvider();
    await refusedFor(await keyAttestation(other, { attestedKeys: [attested(instance)] }));
    await refusedFor(
      await keyAttestation(provider, { attestedKeys: [attested(instance)], signedBy: newProviderKey() }),
    );
  });

  it('refuses one expired, and in a jwt proof one without exp', async () => {
    await refusedFor(
      await keyAttestation(provider, { attestedKeys: [attested(instance)], claims: { exp: hourAgo() } }),
    );
    const lasting = await keyAttestation(provider, {
      attestedKeys: [attested(instance)],
      nonce: 'n',
      claims: { exp: undefined },
    });
    await refusedFor(lasting, 'jwt');
    await expect(verifyKeyAttestation(lasting, { anchors, use: 'attestation' })).resolves.toMatchObject({
      nonce: 'n',
    });
    const future = Math.floor(Date.now() / 1000) + 3600;
    await refusedFor(
      await keyAttestation(provider, { attestedKeys: [attested(instance)], claims: { iat: future } }),
    );
  });

  it('refuses a wrong type, no keys, or a private key among them', async () => {
    await refusedFor(
      await keyAttestation(provider, {
        attestedKeys: [attested(instance)],
        typ: 'oauth-client-attestation+jwt',
      }),
    );
    await refusedFor(await keyAttestation(provider, { attestedKeys: [] }));
    await refusedFor(await keyAttestation(provider, { attestedKeys: [instance.privateJwk] }));
    await refusedFor(await keyAttestation(provider, { attestedKeys: [{ kty: 'EC', crv: 'P-256' }] }));
  });
});

/** The same JWT without its `x5c` header: re-signed as the provider, with nothing to check it by. */
async function withoutX5c(jwt: string): Promise<string> {
  const provider = await developmentWalletProvider();
  const [header = '', payload = ''] = jwt.split('.');
  const { x5c: _chain, ...rest } = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
  return new SignJWT(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as never)
    .setProtectedHeader(rest as { alg: string })
    .sign(provider.key);
}

/** The proof of possession as the library asks it signed: its header and payload, with the instance key. */
async function walletAttestationPopAs(key: WalletKey, header: object, payload: object): Promise<string> {
  return new SignJWT(payload as never)
    .setProtectedHeader(header as { alg: string })
    .sign(await importJWK(key.privateJwk, 'ES256'));
}
