import { beforeAll, describe, expect, it } from 'vitest';
import { exportJWK, importJWK, SignJWT, type JWK } from 'jose';
import { TICKET_CREDENTIAL_CONFIGURATION_ID } from '@tickets/domain';
import { loginAs } from './support/login';
import { euWallet, offerFor, walletKey, type WalletKey } from './support/eu-wallet';
import { engines, useTestServer } from './support/test-server';
import {
  developmentWalletProvider,
  keyAttestation,
  libraryWalletProvider,
  newProviderKey,
  untrustedWalletProvider,
  type WalletProvider,
} from './support/wallet-provider';

/**
 * Key attestations at the credential endpoint (issue #53 item 4; docs/design.md §12): a wallet
 * whose provider attests its keys, as HAIP 1.0 has an EU wallet do, sends the attestation in its
 * `jwt` proof's header or as the `attestation` proof, and the platform checks it through the
 * provider's chain to WALLET_PROVIDER_TRUST_ANCHORS (in the test server, the development CA, which
 * issued the development wallet provider's certificate). The wallet and the provider are the wallet
 * library's (`@openid4vc/openid4vci`, the Credo wallets'); a wallet without attestations is served
 * as before (eu-wallet-issuance.test.ts).
 */
const HOLDER = '100000039';
const SEASON_TICKET = '303000000001';
const DAY = 86_400_000;

/** The `cnf.jwk` of an issued SD-JWT VC: the key it is bound to. */
const boundKeyOf = (credential: string) =>
  (
    JSON.parse(Buffer.from(credential.split('~')[0]?.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      cnf: { jwk: JWK };
    }
  ).cnf.jwk;

describe.each(engines)('an EU wallet proves its key with a key attestation (%s)', (engine) => {
  const server = useTestServer(engine);
  let cookie = '';
  let provider: WalletProvider;
  beforeAll(async () => {
    cookie = (await loginAs(server.baseUrl, HOLDER)).cookie;
    provider = await developmentWalletProvider();
  });

  /** A fresh offer of the holder's ticket, redeemed by the wallet library: its access token. */
  async function redeemedOffer(key: WalletKey = walletKey()) {
    const answer = await offerFor(server.baseUrl, SEASON_TICKET, cookie);
    expect(answer.status).toBe(200);
    const { offerUri, txCode } = (await answer.json()) as { offerUri: string; txCode: string };
    const wallet = euWallet(key);
    const credentialOffer = await wallet.resolveCredentialOffer(offerUri);
    const issuerMetadata = await wallet.resolveIssuerMetadata(credentialOffer.credential_issuer);
    const { accessTokenResponse } = await wallet.retrievePreAuthorizedCodeAccessTokenFromOffer({
      credentialOffer,
      issuerMetadata,
      txCode,
    });
    const nonce = async () => (await wallet.requestNonce({ issuerMetadata })).c_nonce;
    const request = (proofs: Record<string, string[]>) =>
      fetch(`${server.baseUrl}/api/wallet/oid4vci/credential`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${accessTokenResponse.access_token}`,
        },
        body: JSON.stringify({ credential_configuration_id: TICKET_CREDENTIAL_CONFIGURATION_ID, proofs }),
      });
    return { wallet, issuerMetadata, accessToken: accessTokenResponse.access_token, key, nonce, request };
  }

  /** A `jwt` proof of `key` as a wallet signs it, with `keyAttestationJwt` in its header. */
  async function jwtProof(key: WalletKey, nonce: string, keyAttestationJwt: string) {
    return new SignJWT({ aud: server.baseUrl, nonce })
      .setProtectedHeader({
        alg: 'ES256',
        typ: 'openid4vci-proof+jwt',
        jwk: await exportJWK(await importJWK(key.publicJwk, 'ES256')),
        key_attestation: keyAttestationJwt,
      })
      .setIssuedAt()
      .sign(await importJWK(key.privateJwk, 'ES256'));
  }

  const refusedWith = async (answer: Response, error: string) => {
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ error });
  };

  it('advertises both proof types, a key attestation required by neither', async () => {
    const { issuerMetadata } = await redeemedOffer();
    const configuration =
      issuerMetadata.credentialIssuer.credential_configurations_supported[TICKET_CREDENTIAL_CONFIGURATION_ID];
    expect(configuration?.proof_types_supported).toEqual({
      jwt: { proof_signing_alg_values_supported: ['ES256', 'EdDSA'] },
      attestation: { proof_signing_alg_values_supported: ['ES256'] },
    });
  });

  it('issues for a jwt proof whose key the wallet provider attests in its header, as the library sends it', async () => {
    const { wallet, issuerMetadata, accessToken, key, nonce } = await redeemedOffer();
    const { signer, library } = libraryWalletProvider(provider);
    const c_nonce = await nonce();
    const keyAttestationJwt = await library.createKeyAttestationJwt({
      signer,
      attestedKeys: [key.publicJwk as never],
      nonce: c_nonce,
      expiresAt: new Date(Date.now() + DAY),
      keyStorage: ['iso_18045_moderate'],
      use: 'proof_type.jwt',
    });
    const { jwt } = await wallet.createCredentialRequestJwtProof({
      issuerMetadata,
      credentialConfigurationId: TICKET_CREDENTIAL_CONFIGURATION_ID,
      nonce: c_nonce,
      signer: { method: 'jwk', alg: 'ES256', publicJwk: key.publicJwk as never },
      keyAttestationJwt,
    });
    const { credentialResponse } = await wallet.retrieveCredentials({
      issuerMetadata,
      accessToken,
      credentialConfigurationId: TICKET_CREDENTIAL_CONFIGURATION_ID,
      proofs: { jwt: [jwt] },
    });
    const [issued] = (credentialResponse.credentials ?? []) as { credential: string }[];
    expect(boundKeyOf(issued?.credential ?? '')).toMatchObject({ x: key.publicJwk.x, y: key.publicJwk.y });
  });

  it('issues for a jwt proof that names its attested key by position (kid), without a jwk', async () => {
    const { key, nonce, request } = await redeemedOffer();
    const other = walletKey();
    const attestation = await keyAttestation(provider, { attestedKeys: [other.publicJwk, key.publicJwk] });
    const byKid = async (kid: string) =>
      new SignJWT({ aud: server.baseUrl, nonce: await nonce() })
        .setProtectedHeader({ alg: 'ES256', typ: 'openid4vci-proof+jwt', kid, key_attestation: attestation })
        .setIssuedAt()
        .sign(await importJWK(key.privateJwk, 'ES256'));
    // The first attested key is not the one that signed; a position past the list names none.
    await refusedWith(await request({ jwt: [await byKid('0')] }), 'invalid_proof');
    await refusedWith(await request({ jwt: [await byKid('2')] }), 'invalid_proof');
    await refusedWith(await request({ jwt: [await byKid('key-1')] }), 'invalid_proof');
    const answer = await request({ jwt: [await byKid('1')] });
    expect(answer.status).toBe(200);
    const { credentials } = (await answer.json()) as { credentials: { credential: string }[] };
    expect(boundKeyOf(credentials[0]?.credential ?? '')).toMatchObject({ x: key.publicJwk.x });
  });

  it('issues for an attestation proof, bound to the first attested key, its nonce spent once', async () => {
    const { wallet, issuerMetadata, accessToken, nonce } = await redeemedOffer();
    const { signer, library } = libraryWalletProvider(provider);
    const [first, second] = [walletKey(), walletKey()];
    const c_nonce = await nonce();
    const attestation = await library.createKeyAttestationJwt({
      signer,
      attestedKeys: [first.publicJwk, second.publicJwk] as never,
      nonce: c_nonce,
      use: 'proof_type.attestation',
    });
    const { credentialResponse } = await wallet.retrieveCredentials({
      issuerMetadata,
      accessToken,
      credentialConfigurationId: TICKET_CREDENTIAL_CONFIGURATION_ID,
      proofs: { attestation: [attestation] },
    });
    const [issued] = (credentialResponse.credentials ?? []) as { credential: string }[];
    expect(boundKeyOf(issued?.credential ?? '')).toMatchObject({
      x: first.publicJwk.x,
      y: first.publicJwk.y,
    });
    // The same attestation on another offer: its nonce is spent.
    await refusedWith(await (await redeemedOffer()).request({ attestation: [attestation] }), 'invalid_nonce');
  });

  it('refuses a jwt proof whose key is not attested, or whose attestation is not from a trusted provider, expired or forged', async () => {
    const { key, nonce, request } = await redeemedOffer();
    const attestedOnly = (attestedKeys: JWK[], from = provider, claims = {}) =>
      keyAttestation(from, { attestedKeys, claims });
    // The provider attests another key than the proof's.
    await refusedWith(
      await request({
        jwt: [await jwtProof(key, await nonce(), await attestedOnly([walletKey().publicJwk]))],
      }),
      'invalid_proof',
    );
    const untrusted = await untrustedWalletProvider();
    await refusedWith(
      await request({
        jwt: [await jwtProof(key, await nonce(), await attestedOnly([key.publicJwk], untrusted))],
      }),
      'invalid_proof',
    );
    const expired = await attestedOnly([key.publicJwk], provider, {
      exp: Math.floor(Date.now() / 1000) - 60,
    });
    await refusedWith(await request({ jwt: [await jwtProof(key, await nonce(), expired)] }), 'invalid_proof');
    const forged = await keyAttestation(provider, {
      attestedKeys: [key.publicJwk],
      signedBy: newProviderKey(),
    });
    await refusedWith(await request({ jwt: [await jwtProof(key, await nonce(), forged)] }), 'invalid_proof');
    const mistyped = await keyAttestation(provider, { attestedKeys: [key.publicJwk], typ: 'jwt' });
    await refusedWith(
      await request({ jwt: [await jwtProof(key, await nonce(), mistyped)] }),
      'invalid_proof',
    );
    // Made for another nonce than the proof's.
    const otherNonce = await keyAttestation(provider, {
      attestedKeys: [key.publicJwk],
      nonce: await nonce(),
    });
    await refusedWith(
      await request({ jwt: [await jwtProof(key, await nonce(), otherNonce)] }),
      'invalid_nonce',
    );
    // None of these spent the access token: a good proof still takes the ticket.
    const good = await attestedOnly([key.publicJwk]);
    expect((await request({ jwt: [await jwtProof(key, await nonce(), good)] })).status).toBe(200);
  });

  it('refuses an attestation proof without a nonce of the nonce endpoint, or from an untrusted provider, and both proof types at once', async () => {
    const { key, nonce, request } = await redeemedOffer();
    const attestationWith = (nonceValue: string | undefined, from = provider) =>
      keyAttestation(from, { attestedKeys: [key.publicJwk], nonce: nonceValue });
    await refusedWith(await request({ attestation: [await attestationWith('made-up')] }), 'invalid_nonce');
    await refusedWith(await request({ attestation: [await attestationWith(undefined)] }), 'invalid_nonce');
    await refusedWith(
      await request({ attestation: [await attestationWith(await nonce(), await untrustedWalletProvider())] }),
      'invalid_proof',
    );
    const c_nonce = await nonce();
    const attestation = await attestationWith(c_nonce);
    await refusedWith(
      await request({ attestation: [attestation], jwt: [await jwtProof(key, c_nonce, attestation)] }),
      'invalid_proof',
    );
    expect((await request({ attestation: [attestation] })).status).toBe(200);
  });
});
