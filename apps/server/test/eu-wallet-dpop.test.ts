import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { calculateJwkThumbprint, decodeJwt, exportJWK, importJWK, SignJWT, type JWK } from 'jose';
import { eq } from 'drizzle-orm';
import { DPOP_NONCE_WINDOW_SECONDS, PRE_AUTHORIZED_CODE_GRANT } from '@tickets/domain';
import { loadConfig } from '../src/config';
import { credentialOffers } from '../src/db/schema';
import { dpopNonces } from '../src/eu-wallet/issuer/dpop';
import { loginAs } from './support/login';
import { euWallet, offerFor, takeTicket, walletKey, type WalletKey } from './support/eu-wallet';
import { engines, useTestServer } from './support/test-server';

/**
 * DPoP-bound access tokens at the EU wallet's issuer (RFC 9449, as HAIP 1.0 asks; docs/design.md §12):
 * the wallet library (`@openid4vc/openid4vci`, which retries on `use_dpop_nonce` by itself) takes a
 * ticket with DPoP, and hand-made proofs (jose) show what the token and credential endpoints refuse.
 */
const HOLDER = '100000039';
const SEASON_TICKET = '303000000001';

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

interface ProofClaims {
  htm?: string;
  htu?: string;
  iat?: number;
  jti?: string;
  nonce?: string;
  ath?: string;
}

/** A DPoP proof (RFC 9449 §4.2) by `key`, the claims as given (a missing `nonce` stays missing). */
async function dpopProof(
  key: WalletKey,
  claims: ProofClaims,
  { signer = key, typ = 'dpop+jwt', jwk }: { signer?: WalletKey; typ?: string; jwk?: JWK } = {},
) {
  return new SignJWT({
    jti: randomBytes(16).toString('base64url'),
    iat: Math.floor(Date.now() / 1000),
    ...claims,
  } as Record<string, unknown>)
    .setProtectedHeader({
      alg: 'ES256',
      typ,
      jwk: jwk ?? (await exportJWK(await importJWK(key.publicJwk, 'ES256'))),
    })
    .sign(await importJWK(signer.privateJwk, 'ES256'));
}

describe.each(engines)('DPoP-bound access tokens at the EU wallet issuer (%s)', (engine) => {
  const server = useTestServer(engine);
  let cookie = '';
  beforeAll(async () => {
    cookie = (await loginAs(server.baseUrl, HOLDER)).cookie;
  });
  const tokenUrl = () => `${server.baseUrl}/api/wallet/oid4vci/token`;
  const credentialUrl = () => `${server.baseUrl}/api/wallet/oid4vci/credential`;

  /** A fresh offer of the holder's ticket: its pre-authorized code and transaction code. */
  async function newOffer() {
    const { offerUri, txCode } = (await (await offerFor(server.baseUrl, SEASON_TICKET, cookie)).json()) as {
      offerUri: string;
      txCode: string;
    };
    const offer = JSON.parse(new URL(offerUri).searchParams.get('credential_offer') ?? '{}') as {
      grants: Record<string, { 'pre-authorized_code': string }>;
    };
    return { code: offer.grants[PRE_AUTHORIZED_CODE_GRANT]?.['pre-authorized_code'] ?? '', txCode };
  }

  const askToken = (offer: { code: string; txCode: string }, dpop?: string) =>
    fetch(tokenUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(dpop && { dpop }) },
      body: new URLSearchParams({
        grant_type: PRE_AUTHORIZED_CODE_GRANT,
        'pre-authorized_code': offer.code,
        tx_code: offer.txCode,
      }),
    });

  /** A token request naming another host in its Host header. */
  const postNamingHost = (offer: { code: string; txCode: string }, dpop: string) =>
    new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const form = new URLSearchParams({
        grant_type: PRE_AUTHORIZED_CODE_GRANT,
        'pre-authorized_code': offer.code,
        tx_code: offer.txCode,
      }).toString();
      const request = httpRequest(
        tokenUrl(),
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'tickets.example', dpop },
        },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(body) }));
        },
      );
      request.on('error', reject);
      request.end(form);
    });

  /** The server's current DPoP nonce, as the nonce endpoint's answer carries it. */
  const currentNonce = async () => {
    const answer = await fetch(`${server.baseUrl}/api/wallet/oid4vci/nonce`, { method: 'POST' });
    expect(answer.status).toBe(200);
    const nonce = answer.headers.get('dpop-nonce');
    expect(nonce).toMatch(/^[\w-]{20,}$/);
    return { nonce: nonce ?? '', cNonce: ((await answer.json()) as { c_nonce: string }).c_nonce };
  };

  /** A key proof (OpenID4VCI's `jwt` proof) for a credential request, by the credential's key. */
  async function credentialRequestBody(key: WalletKey) {
    const { cNonce } = await currentNonce();
    const proof = await new SignJWT({ aud: server.baseUrl, nonce: cNonce })
      .setProtectedHeader({
        alg: 'ES256',
        typ: 'openid4vci-proof+jwt',
        jwk: await exportJWK(await importJWK(key.publicJwk, 'ES256')),
      })
      .setIssuedAt()
      .sign(await importJWK(key.privateJwk, 'ES256'));
    return JSON.stringify({ credential_configuration_id: 'ticket_dc_sd_jwt', proofs: { jwt: [proof] } });
  }

  const askCredential = (authorization: string, body: string, dpop?: string) =>
    fetch(credentialUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization, ...(dpop && { dpop }) },
      body,
    });

  /** A DPoP token of a fresh offer, bound to `key`. */
  async function dpopToken(key: WalletKey) {
    const { nonce } = await currentNonce();
    const answer = await askToken(
      await newOffer(),
      await dpopProof(key, { htm: 'POST', htu: tokenUrl(), nonce }),
    );
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { access_token: string; token_type: string };
    expect(body.token_type).toBe('DPoP');
    return body.access_token;
  }

  it('advertises ES256 proofs, and the wallet library takes a ticket with a DPoP token bound to its DPoP key', async () => {
    const metadata = (await (
      await fetch(`${server.baseUrl}/.well-known/oauth-authorization-server`)
    ).json()) as {
      dpop_signing_alg_values_supported: string[];
    };
    expect(metadata.dpop_signing_alg_values_supported).toEqual(['ES256']);

    const { credential, key, dpopKey, tokenType } = await takeTicket(server.baseUrl, SEASON_TICKET, cookie, {
      dpop: true,
    });
    expect(tokenType).toBe('DPoP');
    // The credential is bound to the key of its key proof, not to the DPoP key.
    const { cnf } = decodeJwt(credential.split('~')[0] ?? '') as { cnf: { jwk: JWK } };
    expect(cnf.jwk).toMatchObject({ x: key.publicJwk.x, y: key.publicJwk.y });
    expect(cnf.jwk.x).not.toBe(dpopKey?.publicJwk.x);
    // The offer's token was bound to the DPoP key's thumbprint.
    const bound = await server.database.db
      .select({ dpopJkt: credentialOffers.dpopJkt })
      .from(credentialOffers)
      .where(eq(credentialOffers.dpopJkt, await calculateJwkThumbprint(dpopKey?.publicJwk ?? {}, 'sha256')));
    expect(bound).toHaveLength(1);
  });

  it('still issues a Bearer token to a wallet that sends no DPoP proof', async () => {
    const { tokenType } = await takeTicket(server.baseUrl, SEASON_TICKET, cookie);
    expect(tokenType).toBe('Bearer');
  });

  it('asks a proof without a nonce to use the server nonce, without spending the code, and answers a fresh nonce with the token', async () => {
    const key = walletKey();
    const offer = await newOffer();
    const first = await askToken(offer, await dpopProof(key, { htm: 'POST', htu: tokenUrl() }));
    expect(first.status).toBe(400);
    expect(await first.json()).toEqual({
      error: 'use_dpop_nonce',
      error_description: 'The DPoP proof must carry the nonce of the DPoP-Nonce header.',
    });
    const nonce = first.headers.get('dpop-nonce') ?? '';
    expect(nonce).toMatch(/^[\w-]{20,}$/);
    // Stateless: another process, with the same issuer key, accepts it.
    const anotherProcess = loadConfig({ PROFILE: 'development', DATA_DIR: 'memory' });
    expect(anotherProcess.issuerKeys.signer.privateKey).not.toBe(server.config.issuerKeys.signer.privateKey);
    expect(dpopNonces(anotherProcess.issuerKeys.signer.privateKey).accepts(nonce)).toBe(true);
    // A nonce the server never gave, and one of two windows ago: the same answer.
    const made = dpopNonces(server.config.issuerKeys.signer.privateKey);
    const old = made.current(Date.now() - 2 * DPOP_NONCE_WINDOW_SECONDS * 1000);
    for (const wrong of ['made-up', old]) {
      const refused = await askToken(
        offer,
        await dpopProof(key, { htm: 'POST', htu: tokenUrl(), nonce: wrong }),
      );
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { error: string }).error).toBe('use_dpop_nonce');
    }
    // The previous window's nonce is still good: a wallet told one just before the window turned.
    const previous = made.current(Date.now() - DPOP_NONCE_WINDOW_SECONDS * 1000);
    const issued = await askToken(
      offer,
      await dpopProof(key, { htm: 'POST', htu: tokenUrl(), nonce: previous }),
    );
    expect(issued.status).toBe(200);
    expect(((await issued.json()) as { token_type: string }).token_type).toBe('DPoP');
    expect(issued.headers.get('dpop-nonce')).toBe(nonce);
  });

  it('refuses a token request whose proof is not for this request, stale, badly signed or carries a private key', async () => {
    const key = walletKey();
    const other = walletKey();
    const offer = await newOffer();
    const { nonce } = await currentNonce();
    const good = { htm: 'POST', htu: tokenUrl(), nonce };
    const elsewhere = `https://tickets.example${new URL(tokenUrl()).pathname}`;
    const now = Math.floor(Date.now() / 1000);
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const privateJwk = privateKey.export({ format: 'jwk' }) as JWK;
    const refusedProofs = {
      'another endpoint': await dpopProof(key, { ...good, htu: credentialUrl() }),
      'another origin': await dpopProof(key, { ...good, htu: elsewhere }),
      'another method': await dpopProof(key, { ...good, htm: 'GET' }),
      'too old': await dpopProof(key, { ...good, iat: now - 120 }),
      'from the future': await dpopProof(key, { ...good, iat: now + 120 }),
      'no jti': await dpopProof(key, { ...good, jti: '' }),
      'signed by another key': await dpopProof(key, good, { signer: other }),
      'a private key in the header': await dpopProof({ privateJwk, publicJwk: privateJwk }, good, {
        jwk: privateJwk,
      }),
      'another type': await dpopProof(key, good, { typ: 'jwt' }),
      'not a JWT': 'not-a-proof',
    };
    for (const [why, proof] of Object.entries(refusedProofs)) {
      const refused = await askToken(offer, proof);
      expect(refused.status, why).toBe(400);
      expect(await refused.json(), why).toEqual({
        error: 'invalid_dpop_proof',
        error_description:
          'The DPoP proof is missing (the authorization code grant requires one), malformed or does not verify for this request.',
      });
    }
    // The URL is the service's public origin's, never the Host header's: a proof for the Host a
    // request names is refused, and one for the public URL taken whatever the Host (which fetch
    // cannot set, so node:http sends these).
    const hostedAt = `http://tickets.example${new URL(tokenUrl()).pathname}`;
    const hosted = await postNamingHost(offer, await dpopProof(key, { ...good, htu: hostedAt }));
    expect(hosted).toMatchObject({ status: 400, body: { error: 'invalid_dpop_proof' } });
    // None of them spent the code.
    expect(await postNamingHost(offer, await dpopProof(key, good))).toMatchObject({
      status: 200,
      body: { token_type: 'DPoP' },
    });
  });

  it('takes a DPoP token only with its key’s proof of this request and token, never as a Bearer one', async () => {
    const key = walletKey();
    const stranger = walletKey();
    const token = await dpopToken(key);
    // One key proof for every try: a refused request is refused before its body, and spends no c_nonce.
    const body = await credentialRequestBody(walletKey());
    const { nonce } = await currentNonce();
    const good = { htm: 'POST', htu: credentialUrl(), nonce, ath: sha256(token) };

    const asBearer = await askCredential(`Bearer ${token}`, body, await dpopProof(key, good));
    expect(asBearer.status).toBe(401);
    expect(asBearer.headers.get('www-authenticate')).toBe('DPoP error="invalid_token", algs="ES256"');
    expect(((await asBearer.json()) as { error: string }).error).toBe('invalid_token');

    const refusedProofs = {
      'no proof': undefined,
      'another key': await dpopProof(stranger, good),
      'no ath': await dpopProof(key, { ...good, ath: undefined }),
      'another token’s ath': await dpopProof(key, { ...good, ath: sha256(`${token}x`) }),
      'the token endpoint': await dpopProof(key, { ...good, htu: tokenUrl() }),
    };
    for (const [why, proof] of Object.entries(refusedProofs)) {
      const refused = await askCredential(`DPoP ${token}`, body, proof);
      expect(refused.status, why).toBe(401);
      expect(refused.headers.get('www-authenticate'), why).toBe(
        'DPoP error="invalid_dpop_proof", algs="ES256"',
      );
      expect(((await refused.json()) as { error: string }).error, why).toBe('invalid_dpop_proof');
    }

    const withoutNonce = await askCredential(
      `DPoP ${token}`,
      body,
      await dpopProof(key, { ...good, nonce: undefined }),
    );
    expect(withoutNonce.status).toBe(401);
    expect(withoutNonce.headers.get('www-authenticate')).toBe('DPoP error="use_dpop_nonce", algs="ES256"');
    expect(withoutNonce.headers.get('dpop-nonce')).toBe(nonce);
    expect(((await withoutNonce.json()) as { error: string }).error).toBe('use_dpop_nonce');

    const issued = await askCredential(`DPoP ${token}`, body, await dpopProof(key, good));
    expect(issued.status).toBe(200);
    expect(issued.headers.get('dpop-nonce')).toBe(nonce);
    expect((await issued.json()) as unknown).toMatchObject({
      credentials: [{ credential: expect.any(String) }],
    });
  });

  it('keeps a Bearer token Bearer: taken as `Bearer`, refused as `DPoP`', async () => {
    const offer = await newOffer();
    const answer = await askToken(offer);
    expect(answer.status).toBe(200);
    const { access_token: token, token_type } = (await answer.json()) as {
      access_token: string;
      token_type: string;
    };
    expect(token_type).toBe('Bearer');
    const key = walletKey();
    const body = await credentialRequestBody(key);
    const { nonce } = await currentNonce();
    const asDpop = await askCredential(
      `DPoP ${token}`,
      body,
      await dpopProof(key, { htm: 'POST', htu: credentialUrl(), nonce, ath: sha256(token) }),
    );
    expect(asDpop.status).toBe(401);
    expect(asDpop.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
    expect((await askCredential(`Bearer ${token}`, body)).status).toBe(200);
  });

  it('lets the wallet library find the nonce at the credential endpoint by itself', async () => {
    // The library's own resource request, told `use_dpop_nonce` first, retries with the header's nonce.
    const key = walletKey();
    const dpopKey = walletKey();
    const token = await dpopToken(dpopKey);
    const wallet = euWallet(key, dpopKey);
    const issuerMetadata = await wallet.resolveIssuerMetadata(server.baseUrl);
    const { c_nonce } = await wallet.requestNonce({ issuerMetadata });
    const { jwt } = await wallet.createCredentialRequestJwtProof({
      issuerMetadata,
      credentialConfigurationId: 'ticket_dc_sd_jwt',
      nonce: c_nonce,
      signer: { method: 'jwk', alg: 'ES256', publicJwk: key.publicJwk as never },
    });
    const { credentialResponse } = await wallet.retrieveCredentials({
      issuerMetadata,
      accessToken: token,
      credentialConfigurationId: 'ticket_dc_sd_jwt',
      proofs: { jwt: [jwt] },
      dpop: { signer: { method: 'jwk', alg: 'ES256', publicJwk: dpopKey.publicJwk as never } },
    });
    expect(credentialResponse.credentials).toHaveLength(1);
  });
});
