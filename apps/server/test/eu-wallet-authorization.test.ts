import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { JWK } from 'jose';
import { digest } from '@sd-jwt/crypto-nodejs';
import { SDJwtVcInstance } from '@sd-jwt/sd-jwt-vc';
import { errorCatalogue, TICKET_CREDENTIAL_CONFIGURATION_ID, WALLET_AUTHORIZE_PATH } from '@tickets/domain';
import { developmentCaCertificate } from '../src/config';
import { DEMO_TICKETS } from '../src/demo/events';
import { offerFor } from './support/eu-wallet';
import { startAuthorization, walletKey, type AttestedInstance } from './support/eu-wallet-client';
import { jsonFrom, loginAs } from './support/login';
import { engines, useTestServer } from './support/test-server';
import {
  developmentWalletProvider,
  libraryWalletProvider,
  untrustedWalletProvider,
  walletAttestation,
  walletAttestationPop,
  type WalletProvider,
} from './support/wallet-provider';
import { x5cVerifier } from './support/x5c';

/**
 * Issue #53 item 4: HAIP's authorization code flow, beside the offer (docs/design.md §12). A wallet
 * the platform did not write (`@openid4vc/openid4vci`, the Credo wallets') starts from the issuer
 * alone: it pushes its request (PAR) with PKCE S256, authenticated by the wallet attestation its
 * provider signed (the development wallet provider, whose certificate the development CA issued) and
 * its proof of possession; the person, signed in with TaxisNet on the page the wallet opens, chooses
 * a ticket; the wallet redeems the code with a DPoP proof and takes the credential, which a verifier
 * the platform did not write checks through its `x5c` chain.
 */
const HOLDER = '100000039';
const SEASON_TICKET = '303000000001';
const GUARDIAN = '100000027';
const OTHER = '100000015';
const CLIENT_ID = 'https://wallet.example.eu/client';
const REDIRECT_URI = 'https://wallet.example.eu/callback';
const WALLET_NAME = 'EU Test Wallet';

describe.each(engines)('HAIP’s authorization code flow (%s)', (engine) => {
  const server = useTestServer(engine);
  let holderCookie = '';
  let provider: WalletProvider;
  beforeAll(async () => {
    holderCookie = (await loginAs(server.baseUrl, HOLDER)).cookie;
    provider = await developmentWalletProvider();
  });

  /** A wallet instance its provider attested, as the library writes the attestation. */
  async function attestedInstance(
    by: WalletProvider = provider,
    clientId = CLIENT_ID,
  ): Promise<AttestedInstance> {
    const instanceKey = walletKey();
    const { library, signer } = libraryWalletProvider(by);
    const walletAttestationJwt = await library.createWalletAttestationJwt({
      clientId,
      issuer: 'https://wallet-provider.example.eu',
      walletName: WALLET_NAME,
      confirmation: { jwk: instanceKey.publicJwk as never },
      expiresAt: new Date(Date.now() + 3_600_000),
      signer,
    });
    return { clientId, instanceKey, walletAttestation: walletAttestationJwt };
  }

  /** The page's two calls, as the person's browser makes them: what the wallet asks, and the answer. */
  const page = {
    lookup: (cookie: string, link: string) =>
      fetch(`${server.baseUrl}/api/wallet/authorizations/lookup`, {
        method: 'POST',
        headers: jsonFrom(server.baseUrl, cookie),
        body: JSON.stringify(refOf(link)),
      }),
    decide: (cookie: string, link: string, publicCode?: string) =>
      fetch(`${server.baseUrl}/api/wallet/authorizations/decision`, {
        method: 'POST',
        headers: jsonFrom(server.baseUrl, cookie),
        body: JSON.stringify({ ...refOf(link), ...(publicCode ? { publicCode } : {}) }),
      }),
  };
  const refOf = (link: string) => {
    const url = new URL(link);
    return {
      requestUri: url.searchParams.get('request_uri') ?? '',
      clientId: url.searchParams.get('client_id') ?? '',
    };
  };

  /** The person chooses `publicCode` on the page: where the browser is sent back to. */
  async function choose(link: string, publicCode: string, cookie = holderCookie) {
    const answer = await page.decide(cookie, link, publicCode);
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { redirectTo: string }).redirectTo;
  }

  /** A PAR request made by hand: the form, and the attestation headers (any of them left out or wrong). */
  async function par(
    form: Record<string, string>,
    headers: Record<string, string> | undefined,
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    const answer = await fetch(`${server.baseUrl}/api/wallet/oid4vci/par`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(form),
    });
    return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
  }
  const goodForm = {
    response_type: 'code',
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    scope: TICKET_CREDENTIAL_CONFIGURATION_ID,
    state: 'state-1',
  };
  async function attestationHeaders(
    by: WalletProvider = provider,
    { audience = server.baseUrl, clientId = CLIENT_ID } = {},
  ) {
    const instanceKey = walletKey();
    return {
      'oauth-client-attestation': await walletAttestation(by, {
        clientId,
        instanceJwk: instanceKey.publicJwk,
      }),
      'oauth-client-attestation-pop': await walletAttestationPop(instanceKey, { clientId, audience }),
    };
  }

  it('publishes the flow in its metadata: PAR required, PKCE S256, wallet attestation, DPoP, the scope', async () => {
    const metadata = (await (
      await fetch(`${server.baseUrl}/.well-known/oauth-authorization-server`)
    ).json()) as Record<string, unknown>;
    expect(metadata).toMatchObject({
      issuer: server.baseUrl,
      authorization_endpoint: `${server.baseUrl}${WALLET_AUTHORIZE_PATH}`,
      pushed_authorization_request_endpoint: `${server.baseUrl}/api/wallet/oid4vci/par`,
      require_pushed_authorization_requests: true,
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['attest_jwt_client_auth'],
      dpop_signing_alg_values_supported: ['ES256'],
      authorization_response_iss_parameter_supported: true,
    });
    expect(metadata.grant_types_supported).toContain('authorization_code');
    const issuer = (await (await fetch(`${server.baseUrl}/.well-known/openid-credential-issuer`)).json()) as {
      credential_configurations_supported: Record<string, { scope: string }>;
    };
    expect(issuer.credential_configurations_supported[TICKET_CREDENTIAL_CONFIGURATION_ID]?.scope).toBe(
      TICKET_CREDENTIAL_CONFIGURATION_ID,
    );
  });

  it('takes the ticket the person chose with PAR, PKCE, wallet attestation and DPoP; the credential verifies through its x5c chain', async () => {
    const flow = await startAuthorization(server.baseUrl, await attestedInstance());
    const link = new URL(flow.authorizationRequestUrl);
    expect(`${link.origin}${link.pathname}`).toBe(`${server.baseUrl}${WALLET_AUTHORIZE_PATH}`);
    expect(link.searchParams.get('request_uri')).toMatch(/^urn:ietf:params:oauth:request_uri:/);
    // Pushed: the page's link carries nothing but the reference and the client.
    expect([...link.searchParams.keys()].sort()).toEqual(['client_id', 'request_uri']);

    const lookup = await page.lookup(holderCookie, flow.authorizationRequestUrl);
    expect(lookup.status).toBe(200);
    const shown = (await lookup.json()) as { walletName: string; tickets: { publicCode: string }[] };
    // The wallet as its provider names it in the attestation; without a name, its provider's organisation.
    expect(shown.walletName).toBe(WALLET_NAME);
    const unnamed = await par(goodForm, await attestationHeaders());
    const unnamedShown = await page.lookup(
      holderCookie,
      `${server.baseUrl}${WALLET_AUTHORIZE_PATH}?${new URLSearchParams({
        client_id: CLIENT_ID,
        request_uri: String(unnamed.body.request_uri),
      })}`,
    );
    expect(((await unnamedShown.json()) as { walletName: string }).walletName).toBe(
      'Athletic Tickets development profile',
    );
    expect(shown.tickets.map((ticket) => ticket.publicCode)).toContain(SEASON_TICKET);

    const redirectTo = await choose(flow.authorizationRequestUrl, SEASON_TICKET);
    const back = new URL(redirectTo);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get('iss')).toBe(server.baseUrl);
    const { credential, key, tokenType } = await flow.finish(redirectTo);
    expect(tokenType).toBe('DPoP');
    const verifier = new SDJwtVcInstance({
      hasher: digest,
      verifier: x5cVerifier(await developmentCaCertificate()),
    });
    const claims = (await verifier.verify(credential)).payload as Record<string, unknown>;
    expect(claims.ticket_code).toBe(SEASON_TICKET);
    expect((claims.cnf as { jwk: JWK }).jwk).toMatchObject({ x: key.publicJwk.x });
  });

  it('takes an offer made on the site by the code flow too: its haip:// link, its issuer_state, the offered ticket shown chosen', async () => {
    const offered = await offerFor(server.baseUrl, SEASON_TICKET, holderCookie);
    const { offerUri, haipOfferUri } = (await offered.json()) as { offerUri: string; haipOfferUri: string };
    // The same offer by HAIP's scheme, which EU wallets must open.
    expect(haipOfferUri).toBe(offerUri.replace(/^openid-credential-offer:/, 'haip:'));
    const offer = JSON.parse(new URL(offerUri).searchParams.get('credential_offer') ?? '{}') as {
      grants: Record<string, { issuer_state?: string }>;
    };
    expect(offer.grants.authorization_code?.issuer_state).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const flow = await startAuthorization(server.baseUrl, await attestedInstance(), {
      offerUri: haipOfferUri,
    });
    const shown = (await (await page.lookup(holderCookie, flow.authorizationRequestUrl)).json()) as {
      offered: string | null;
    };
    expect(shown.offered).toBe(SEASON_TICKET);
    // Another person opening the wallet's page is shown nothing chosen: the offer was not theirs.
    const otherCookie = (await loginAs(server.baseUrl, GUARDIAN)).cookie;
    expect(
      (
        (await (await page.lookup(otherCookie, flow.authorizationRequestUrl)).json()) as {
          offered: string | null;
        }
      ).offered,
    ).toBeNull();
    const { credential } = await flow.finish(await choose(flow.authorizationRequestUrl, SEASON_TICKET));
    expect(credential.split('~').length).toBeGreaterThan(2);
  });

  it('gives a guardian’s wallet the minor’s ticket they chose, naming the minor', async () => {
    const guardianCookie = (await loginAs(server.baseUrl, GUARDIAN)).cookie;
    const flow = await startAuthorization(server.baseUrl, await attestedInstance());
    const redirectTo = await choose(
      flow.authorizationRequestUrl,
      DEMO_TICKETS.youngerMinorAccepted,
      guardianCookie,
    );
    const { credential } = await flow.finish(redirectTo);
    const verifier = new SDJwtVcInstance({
      hasher: digest,
      verifier: x5cVerifier(await developmentCaCertificate()),
    });
    const claims = (await verifier.verify(credential)).payload as Record<string, unknown>;
    expect(claims).toMatchObject({ ticket_code: DEMO_TICKETS.youngerMinorAccepted, under_15: true });
  });

  it('refuses a pushed request without a wallet attestation, from a provider it does not trust, for another client or server: invalid_client', async () => {
    expect(await par(goodForm, undefined)).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
    expect(await par(goodForm, await attestationHeaders(await untrustedWalletProvider()))).toMatchObject({
      status: 401,
      body: { error: 'invalid_client' },
    });
    expect(
      await par(goodForm, await attestationHeaders(provider, { clientId: 'another-client' })),
    ).toMatchObject({
      status: 401,
      body: { error: 'invalid_client' },
    });
    expect(
      await par(goodForm, await attestationHeaders(provider, { audience: 'https://another.example' })),
    ).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
    // The same form, attested: accepted (the refusals were about the attestation).
    expect(await par(goodForm, await attestationHeaders())).toMatchObject({
      status: 201,
      body: { request_uri: expect.stringMatching(/^urn:ietf:params:oauth:request_uri:/), expires_in: 600 },
    });
  });

  it('refuses a pushed request without PKCE S256, for no ticket, or with a redirect URI that is not one: invalid_request', async () => {
    const { code_challenge_method: _method, ...noMethod } = goodForm;
    const { scope: _scope, ...noScope } = goodForm;
    for (const form of [
      noMethod,
      { ...goodForm, code_challenge_method: 'plain' },
      { ...goodForm, code_challenge: 'short' },
      noScope,
      { ...goodForm, scope: 'openid' },
      { ...goodForm, response_type: 'token' },
      { ...goodForm, redirect_uri: 'not a uri' },
      { ...goodForm, redirect_uri: `${REDIRECT_URI}#fragment` },
    ]) {
      const answer = await par(form, await attestationHeaders());
      expect({ form, ...answer }).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
      expect(String(answer.body.error_description)).toMatch(/^[\x20-\x7e]+$/);
    }
    // The ticket asked for by authorization_details instead of the scope: accepted.
    const details = JSON.stringify([
      { type: 'openid_credential', credential_configuration_id: TICKET_CREDENTIAL_CONFIGURATION_ID },
    ]);
    expect(
      (await par({ ...noScope, authorization_details: details }, await attestationHeaders())).status,
    ).toBe(201);
  });

  it('answers the page for the signed-in person only, with their own tickets, once; a refusal goes back as access_denied', async () => {
    const pushed = await par(goodForm, await attestationHeaders());
    expect(pushed.status).toBe(201);
    const link = `${server.baseUrl}${WALLET_AUTHORIZE_PATH}?${new URLSearchParams({
      client_id: CLIENT_ID,
      request_uri: String(pushed.body.request_uri),
    })}`;
    // Signed out: no answer about the request.
    const anonymous = await fetch(`${server.baseUrl}/api/wallet/authorizations/lookup`, {
      method: 'POST',
      headers: jsonFrom(server.baseUrl, ''),
      body: JSON.stringify(refOf(link)),
    });
    expect(anonymous.status).toBe(401);
    // Another person's ticket cannot be given.
    const otherCookie = (await loginAs(server.baseUrl, OTHER)).cookie;
    const notTheirs = await page.decide(otherCookie, link, SEASON_TICKET);
    expect(notTheirs.status).toBe(404);
    // The wrong client for the reference: gone, as an expired one is.
    const wrongClient = await fetch(`${server.baseUrl}/api/wallet/authorizations/lookup`, {
      method: 'POST',
      headers: jsonFrom(server.baseUrl, holderCookie),
      body: JSON.stringify({ ...refOf(link), clientId: 'another-client' }),
    });
    expect(wrongClient.status).toBe(404);
    expect(
      ((await wrongClient.json()) as { exceptions: { errors: { description: string }[] } }).exceptions
        .errors[0],
    ).toMatchObject({ description: errorCatalogue.WALLET_AUTHORIZATION_NOT_FOUND.description });

    const refused = await page.decide(holderCookie, link);
    expect(refused.status).toBe(200);
    const back = new URL(((await refused.json()) as { redirectTo: string }).redirectTo);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('code')).toBeNull();
    expect(back.searchParams.get('state')).toBe(goodForm.state);
    expect(back.searchParams.get('iss')).toBe(server.baseUrl);
    // Decided: a second answer, or another look, finds it gone.
    expect((await page.decide(holderCookie, link, SEASON_TICKET)).status).toBe(404);
    expect((await page.lookup(holderCookie, link)).status).toBe(404);
  });

  /** A code the person gave, and the token request made by hand around it. */
  async function codeFor(instance: AttestedInstance) {
    const flow = await startAuthorization(server.baseUrl, instance);
    const redirectTo = await choose(flow.authorizationRequestUrl, SEASON_TICKET);
    return { flow, redirectTo, code: new URL(redirectTo).searchParams.get('code') ?? '' };
  }

  /** The wallet library's redemption of `code` with the flow's DPoP key, something in it changed. */
  const redeem = (
    flow: Awaited<ReturnType<typeof startAuthorization>>,
    code: string,
    change: { pkceCodeVerifier?: string; redirectUri?: string } = {},
  ) =>
    flow.wallet.retrieveAuthorizationCodeAccessTokenFromOffer({
      issuerMetadata: flow.issuerMetadata,
      credentialOffer: flow.credentialOffer,
      authorizationCode: code,
      pkceCodeVerifier: flow.pkce.codeVerifier,
      redirectUri: REDIRECT_URI,
      dpop: { signer: flow.dpopSigner },
      ...change,
    });
  const invalidGrant = { errorResponse: { error: 'invalid_grant' } };

  it('redeems a code only with its verifier, its redirect URI, its attestation and DPoP, once', async () => {
    const { flow, redirectTo, code } = await codeFor(await attestedInstance());
    const tokenRequest = (headers: Record<string, string>) =>
      fetch(`${server.baseUrl}/api/wallet/oid4vci/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: REDIRECT_URI,
          code_verifier: flow.pkce.codeVerifier,
        }),
      }).then(async (answer) => ({
        status: answer.status,
        body: (await answer.json()) as Record<string, unknown>,
      }));
    // No attestation: invalid_client; attested but no DPoP proof: the code flow's token is always bound.
    expect(await tokenRequest({})).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
    expect(await tokenRequest(await attestationHeaders())).toMatchObject({
      status: 400,
      body: { error: 'invalid_dpop_proof' },
    });
    // The library's requests, attested and with DPoP: another verifier, another redirect URI.
    await expect(
      redeem(flow, code, { pkceCodeVerifier: `${randomUUID()}${randomUUID()}` }),
    ).rejects.toMatchObject(invalidGrant);
    await expect(
      redeem(flow, code, { redirectUri: 'https://wallet.example.eu/other' }),
    ).rejects.toMatchObject(invalidGrant);
    // The code is still good after every refusal: the rightful redemption takes the credential, once.
    const { credential } = await flow.finish(redirectTo);
    expect(credential.split('~').length).toBeGreaterThan(2);
    await expect(redeem(flow, code)).rejects.toMatchObject(invalidGrant);
  });

  it('refuses a code to a wallet of another client, with the code’s own verifier: invalid_grant', async () => {
    const { flow, redirectTo, code } = await codeFor(await attestedInstance());
    const thief = await startAuthorization(
      server.baseUrl,
      await attestedInstance(provider, 'https://thief.example'),
    );
    await expect(redeem(thief, code, { pkceCodeVerifier: flow.pkce.codeVerifier })).rejects.toMatchObject(
      invalidGrant,
    );
    // The rightful wallet still redeems it.
    expect((await flow.finish(redirectTo)).tokenType).toBe('DPoP');
  });
});
