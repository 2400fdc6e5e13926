import { createHash, X509Certificate, type JsonWebKey } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt, type JWK } from 'jose';
import { DcqlQuery } from 'dcql';
import { digest, ES256 } from '@sd-jwt/crypto-nodejs';
import { SDJwtVcInstance } from '@sd-jwt/sd-jwt-vc';
import {
  PRESENTATION_ANSWERS,
  PRESENTATION_SENT_PATH,
  type PresentationRefusal,
  presentationRefusalDescriptions,
  presentationRefusalMessages,
} from '@tickets/domain';
import { developmentCaCertificate } from '../src/config';
import { HOLDER, OTHER, useGateFixture } from './support/gate';
import { jsonFrom, loginAs } from './support/login';
import { noPerson } from './support/suspensions-api';
import {
  euPresentationWallet,
  submitAnswer,
  takeTicket,
  walletKey,
  type WalletKey,
} from './support/eu-wallet';
import { testPki } from './support/production-environment';
import { engines, useTestServer } from './support/test-server';

/**
 * Issue #43 item 3: the gate as an OpenID4VP verifier. A steward's device asks for a request; the
 * wallet (a credential taken with `@openid4vc/openid4vci`, presented with `@sd-jwt/sd-jwt-vc`'s
 * holder side and its key-binding JWT, none of it the platform's code) reads the signed request
 * object and posts its presentation; the device reads the decision, made as for every other code.
 */
const SEASON_TICKET = '303000000001'; // HOLDER's
const OTHERS_SEASON_TICKET = '303000000002';
/** A club officer of the demo data, who keeps the list of suspended fans. */
const CLUB_OFFICER = '100000015';
/** The DCQL credential query's id: `vp_token` is keyed by it (OpenID4VP 1.0 §8.1). */
const TICKET_QUERY_ID = 'ticket';
/** What the gate's query asks for, every claim of it: a wallet discloses these and nothing else. */
const ASKED = { ticket_code: true, event: true, seat: true, holder_name: true, under_15: true };

describe.each(engines)('an EU wallet presents its ticket at the gate (%s)', (engine) => {
  const server = useTestServer(engine);
  const { ids, addDevice } = useGateFixture(server, { tonightSerials: [1] });
  let token = '';
  let holderCookie = '';
  let otherCookie = '';

  beforeAll(async () => {
    ({ token } = await addDevice('Θύρα 3 - ευρωπαϊκό πορτοφόλι'));
    holderCookie = (await loginAs(server.baseUrl, HOLDER)).cookie;
    otherCookie = (await loginAs(server.baseUrl, OTHER)).cookie;
  });

  const device = (method: string, route: string, body?: unknown) =>
    fetch(`${server.baseUrl}${route}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  /** The relying parties' trust anchor a wallet holds: in development, the development CA. */
  const anchor = () => developmentCaCertificate();

  /** The steward's request, as the wallet library resolves and checks it from the QR's link. */
  async function request() {
    const created = await device('POST', '/api/gate/presentation-requests', { eventId: ids.tonight });
    expect(created.status).toBe(200);
    const answer = (await created.json()) as {
      id: string;
      uri: string;
      haipUri: string;
      clientId: string;
      requestUri: string;
    };
    expect(new URL(answer.uri).protocol).toBe('openid4vp:');
    // The wallet may fetch the request object by POST (OpenID4VP 1.0 §5.10): the library does.
    expect(new URL(answer.uri).searchParams.get('request_uri_method')).toBe('post');
    // The same request by HAIP's scheme, which EU wallets must open.
    expect(answer.haipUri).toBe(answer.uri.replace(/^openid4vp:/, 'haip:'));
    const fetched = await fetch(answer.requestUri);
    expect(fetched.headers.get('content-type')).toMatch(/^application\/oauth-authz-req\+jwt/);

    const wallet = euPresentationWallet(await anchor());
    const { params } = wallet.parseOpenid4vpAuthorizationRequest({ authorizationRequest: answer.uri });
    const resolved = await wallet.resolveOpenId4vpAuthorizationRequest({
      authorizationRequestPayload: params,
    });
    // A signed request by reference, from a verifier named by the hash of its access certificate
    // (HAIP 1.0): its own key and certificate, not the issuer's.
    expect(resolved.version).toBe(100);
    expect(resolved.jar?.signer.method).toBe('x5c');
    const [leaf] = resolved.jar?.signer.method === 'x5c' ? resolved.jar.signer.x5c : [];
    const accessCertificate = new X509Certificate(Buffer.from(leaf ?? '', 'base64'));
    expect(resolved.client).toMatchObject({
      prefix: 'x509_hash',
      identifier: createHash('sha256').update(accessCertificate.raw).digest('base64url'),
      effective: answer.clientId,
    });
    const issuerKeys = (await (await fetch(`${server.baseUrl}/.well-known/jwt-vc-issuer`)).json()) as {
      jwks: { keys: JWK[] };
    };
    const { x } = accessCertificate.publicKey.export({ format: 'jwk' });
    expect(issuerKeys.jwks.keys.map((key) => key.x)).not.toContain(x);
    const payload = resolved.authorizationRequestPayload as Record<string, unknown>;
    expect(payload).toMatchObject({ response_type: 'vp_token', response_mode: 'direct_post.jwt' });
    // The answer is encrypted to a key of this request alone (HAIP: ECDH-ES on P-256).
    const { keys } = (payload.client_metadata as { jwks: { keys: JWK[] } }).jwks;
    expect(keys).toEqual([expect.objectContaining({ kty: 'EC', crv: 'P-256', use: 'enc', alg: 'ECDH-ES' })]);
    expect(keys[0]).not.toHaveProperty('d');

    // The DCQL query, as the DCQL library reads and validates it: the ticket `vct`, five claims.
    const query = DcqlQuery.parse(resolved.dcql?.query as DcqlQuery.Input);
    DcqlQuery.validate(query);
    const [asked] = query.credentials;
    expect(asked).toMatchObject({
      id: 'ticket',
      format: 'dc+sd-jwt',
      meta: { vct_values: [`${server.baseUrl}/api/wallet/oid4vci/types/ticket`] },
    });
    expect(asked?.claims?.map((claim) => ('path' in claim ? claim.path.join('.') : '')).sort()).toEqual([
      'event',
      'holder_name',
      'seat',
      'ticket_code',
      'under_15',
    ]);
    return {
      id: answer.id,
      clientId: resolved.client.effective,
      nonce: payload.nonce as string,
      responseUri: payload.response_uri as string,
      query,
      wallet,
      authorizationRequestPayload: resolved.authorizationRequestPayload,
    };
  }
  type Request = Awaited<ReturnType<typeof request>>;

  /** The holder's presentation: the claims asked for, under a key-binding JWT signed by `kbKey`. */
  async function present(
    credential: string,
    kbKey: WalletKey,
    kb: { nonce: string; aud: string; iat?: number },
    disclose: Record<string, boolean> = ASKED,
  ) {
    const holder = new SDJwtVcInstance({
      hasher: digest,
      kbSigner: await ES256.getSigner(kbKey.privateJwk as JsonWebKey),
      kbSignAlg: 'ES256',
    });
    return holder.present(credential, disclose, {
      kb: { payload: { nonce: kb.nonce, aud: kb.aud, iat: kb.iat ?? Math.floor(Date.now() / 1000) } },
    });
  }

  /**
   * The wallet library builds its answer and posts it, encrypted to the request's key
   * (`direct_post.jwt`), or plain (`direct_post`) as a wallet that ignores the response mode would.
   */
  async function submit(r: Request, presentation: string, options?: { encrypted: boolean }) {
    return submitAnswer(r.wallet, r, { [TICKET_QUERY_ID]: [presentation] }, options);
  }

  async function answer(r: Request, presentation: string) {
    const posted = await submit(r, presentation);
    const result = await (await device('GET', `/api/gate/presentation-requests/${r.id}`)).json();
    return {
      posted,
      result: result as Record<string, unknown> & { admission: Record<string, unknown> | null },
    };
  }

  it('admits the ticket once, the steward seeing only what was disclosed; a second presentation is ALREADY_ADMITTED', async () => {
    const { credential, key } = await takeTicket(server.baseUrl, SEASON_TICKET, holderCookie);
    const first = await request();
    const pending = await (await device('GET', `/api/gate/presentation-requests/${first.id}`)).json();
    expect(pending).toMatchObject({ status: 'PENDING', admission: null, disclosed: null });

    // The wallet's credential answers the query, as the DCQL library matches it.
    const claims = await new SDJwtVcInstance({ hasher: digest }).getClaims(credential);
    const matched = DcqlQuery.query(first.query, [
      {
        credential_format: 'dc+sd-jwt',
        vct: (claims as { vct: string }).vct,
        claims: claims as Record<string, never>,
        cryptographic_holder_binding: true,
      },
    ]);
    expect(matched.can_be_satisfied).toBe(true);

    const presented = await present(credential, key, { nonce: first.nonce, aud: first.clientId });
    const { posted, result } = await answer(first, presented);
    expect(posted.status).toBe(200);
    // The wallet is sent to the platform's page that tells the fan the gate has the answer.
    expect(await posted.json()).toEqual({ redirect_uri: `${server.baseUrl}${PRESENTATION_SENT_PATH}` });
    expect(result).toMatchObject({
      status: 'DECIDED',
      admission: { decision: 'ADMIT', reason: 'ADMITTED' },
      disclosed: { ticket_code: SEASON_TICKET, event: expect.any(Object), holder_name: expect.any(String) },
    });
    // The disclosed claims, and nothing of the registry: the steward reads the name and seat off them.
    expect(Object.keys(result.disclosed as object).sort()).toEqual([
      'event',
      'holder_name',
      'seat',
      'ticket_code',
      'under_15',
    ]);
    expect(result.disclosed).toMatchObject({
      holder_name: expect.stringMatching(/\S/),
      seat: expect.any(Object),
    });
    expect(result.admission).toMatchObject({ holderName: null, documentType: null, documentHint: null });

    // The request is spent: the same answer again is refused, and the request object is gone.
    const again = await submit(first, presented);
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ error: 'invalid_request' });

    const second = await request();
    const { result: twice } = await answer(
      second,
      await present(credential, key, { nonce: second.nonce, aud: second.clientId }),
    );
    expect(twice).toMatchObject({
      status: 'DECIDED',
      admission: { decision: 'REFUSE', reason: 'ALREADY_ADMITTED' },
    });
  });

  it('is a request a wallet refuses unless the verifier’s access certificate leads to an anchor it trusts', async () => {
    const created = await device('POST', '/api/gate/presentation-requests', { eventId: ids.tonight });
    const { uri } = (await created.json()) as { uri: string };
    const stranger = euPresentationWallet(testPki.root);
    const { params } = stranger.parseOpenid4vpAuthorizationRequest({ authorizationRequest: uri });
    await expect(
      stranger.resolveOpenId4vpAuthorizationRequest({ authorizationRequestPayload: params }),
    ).rejects.toThrow();
    // The same request resolves for a wallet that trusts it: refusing was about trust, not the request.
    const trusting = euPresentationWallet(await anchor());
    await expect(
      trusting.resolveOpenId4vpAuthorizationRequest({ authorizationRequestPayload: params }),
    ).resolves.toMatchObject({ client: { prefix: 'x509_hash' } });
  });

  it('refuses a wrong nonce, another audience, a stale key binding, another holder’s key and a withheld claim, each with its reason', async () => {
    const { credential, key } = await takeTicket(server.baseUrl, OTHERS_SEASON_TICKET, otherCookie);
    const cases: [PresentationRefusal, (r: Request) => Promise<string>][] = [
      ['PRESENTATION_NONCE', (r) => present(credential, key, { nonce: 'another-nonce', aud: r.clientId })],
      [
        'PRESENTATION_AUDIENCE',
        (r) =>
          present(credential, key, { nonce: r.nonce, aud: 'x509_hash:aGFzaCBvZiBhbm90aGVyIHZlcmlmaWVy' }),
      ],
      [
        'PRESENTATION_STALE',
        (r) =>
          present(credential, key, {
            nonce: r.nonce,
            aud: r.clientId,
            iat: Math.floor(Date.now() / 1000) - 3600,
          }),
      ],
      ['PRESENTATION_KEY', (r) => present(credential, walletKey(), { nonce: r.nonce, aud: r.clientId })],
      // A genuine presentation that withholds any claim the query asks for (OpenID4VP 1.0 §8.6), or
      // shows the ticket's code alone: enough to decide, not what the gate asked for.
      ...[...Object.keys(ASKED).map((name) => ({ ...ASKED, [name]: false })), { ticket_code: true }].map(
        (disclose): [PresentationRefusal, (r: Request) => Promise<string>] => [
          'PRESENTATION_CLAIMS',
          (r) => present(credential, key, { nonce: r.nonce, aud: r.clientId }, disclose),
        ],
      ),
    ];
    for (const [reason, make] of cases) {
      const r = await request();
      const { posted, result } = await answer(r, await make(r));
      expect(posted.status, reason).toBe(400);
      expect(await posted.json()).toMatchObject({
        error: 'invalid_request',
        error_description: presentationRefusalDescriptions[reason],
      });
      // The steward reads the refusal; the request stays open for the fan's wallet to answer again.
      expect(result, reason).toMatchObject({
        status: 'PENDING',
        refusal: reason,
        message: presentationRefusalMessages[reason],
        admission: null,
        disclosed: null,
      });
    }
    // None of them admitted the ticket: its own whole presentation still does.
    const r = await request();
    const { result } = await answer(r, await present(credential, key, { nonce: r.nonce, aud: r.clientId }));
    expect(result).toMatchObject({
      admission: { reason: 'ADMITTED' },
      disclosed: { holder_name: expect.stringMatching(/\S/), seat: expect.any(Object) },
    });
  });

  it('is spent by a verified presentation, never by a stranger’s bad answer: the fan’s real one after it is decided', async () => {
    const { credential, key } = await takeTicket(server.baseUrl, OTHERS_SEASON_TICKET, otherCookie);
    const r = await request();
    // Anyone who sees the QR can post to the request: a presentation of nothing the issuer signed.
    const stranger = await submit(r, `${credential.split('.')[0]}.e30.AAAA~`);
    expect(stranger.status).toBe(400);
    const { posted, result } = await answer(
      r,
      await present(credential, key, { nonce: r.nonce, aud: r.clientId }),
    );
    expect(posted.status).toBe(200);
    // Decided as a scan (admitted, or already admitted by an earlier test's presentation of this ticket).
    expect(result).toMatchObject({
      status: 'DECIDED',
      refusal: null,
      admission: { reason: expect.stringMatching(/^(ALREADY_)?ADMITTED$/) },
    });
  });

  it(`is spent by ${PRESENTATION_ANSWERS} refused answers: the steward reads the last refusal, and a later answer finds none`, async () => {
    const { credential, key } = await takeTicket(server.baseUrl, SEASON_TICKET, holderCookie);
    const r = await request();
    const wrongNonce = await present(credential, key, { nonce: 'another-nonce', aud: r.clientId });
    for (let refused = 1; refused <= PRESENTATION_ANSWERS; refused += 1) {
      const { posted, result } = await answer(r, wrongNonce);
      expect(posted.status).toBe(400);
      expect(result).toMatchObject({
        status: refused < PRESENTATION_ANSWERS ? 'PENDING' : 'REFUSED',
        refusal: 'PRESENTATION_NONCE',
      });
    }
    const late = await submit(r, await present(credential, key, { nonce: r.nonce, aud: r.clientId }));
    expect(late.status).toBe(404);
    expect(
      (await fetch(`${server.baseUrl}/api/gate/presentation-requests/${r.id}/request-object`)).status,
    ).toBe(404);
  });

  it('refuses an answer not encrypted to the request’s key, unread, and decides the encrypted one', async () => {
    const { credential, key } = await takeTicket(server.baseUrl, OTHERS_SEASON_TICKET, otherCookie);
    const r = await request();
    const presented = await present(credential, key, { nonce: r.nonce, aud: r.clientId });
    const plain = await submit(r, presented, { encrypted: false });
    expect(plain.status).toBe(400);
    expect(await plain.json()).toEqual({
      error: 'invalid_request',
      error_description: presentationRefusalDescriptions.PRESENTATION_ENCRYPTION,
    });
    // Encrypted to another request's key: refused as well.
    const other = await request();
    const elsewhere = await submitAnswer(
      other.wallet,
      { authorizationRequestPayload: { ...other.authorizationRequestPayload, response_uri: r.responseUri } },
      { [TICKET_QUERY_ID]: [presented] },
    );
    expect(elsewhere.status).toBe(400);
    const { posted, result } = await answer(r, presented);
    expect(posted.status).toBe(200);
    expect(result).toMatchObject({ status: 'DECIDED', refusal: null });
  });

  it('refuses a credential whose status is no longer valid (a new phone) as REVOKED', async () => {
    const { credential, key } = await takeTicket(server.baseUrl, SEASON_TICKET, holderCookie);
    // A newer credential of the same ticket for the same person ends this one in the status list.
    await takeTicket(server.baseUrl, SEASON_TICKET, holderCookie);
    const r = await request();
    const { posted, result } = await answer(
      r,
      await present(credential, key, { nonce: r.nonce, aud: r.clientId }),
    );
    expect(posted.status).toBe(200);
    expect(result).toMatchObject({ status: 'DECIDED', admission: { decision: 'REFUSE', reason: 'REVOKED' } });
  });

  it('refuses a suspended holder’s credential as SUSPENDED from the platform’s own data, the public list showing nothing of it', async () => {
    const { credential, key } = await takeTicket(server.baseUrl, SEASON_TICKET, holderCookie);
    const officer = (await loginAs(server.baseUrl, CLUB_OFFICER)).cookie;
    const added = await fetch(`${server.baseUrl}/api/blackList-administration/add`, {
      method: 'POST',
      headers: jsonFrom(server.baseUrl, officer),
      body: JSON.stringify({ ...noPerson, afm: HOLDER, endDate: '2099-12-31' }),
    });
    expect(added.status).toBe(200);
    try {
      const r = await request();
      const { result } = await answer(r, await present(credential, key, { nonce: r.nonce, aud: r.clientId }));
      expect(result).toMatchObject({
        status: 'DECIDED',
        admission: { decision: 'REFUSE', reason: 'SUSPENDED' },
      });
    } finally {
      const { id } = (await added.json()) as { id: number };
      await fetch(`${server.baseUrl}/api/blackList-administration/delete/${id}`, {
        method: 'PUT',
        headers: jsonFrom(server.baseUrl, officer),
        body: JSON.stringify({ afm: HOLDER, amka: null, documentId: null }),
      });
    }
  });

  it('serves the request object by POST with the wallet’s own nonce in it, and by GET without', async () => {
    const created = await device('POST', '/api/gate/presentation-requests', { eventId: ids.tonight });
    const { requestUri } = (await created.json()) as { requestUri: string };
    const posted = await fetch(requestUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        wallet_metadata: JSON.stringify({ vp_formats_supported: { 'dc+sd-jwt': {} } }),
        wallet_nonce: 'wallet-nonce-1',
      }).toString(),
    });
    expect(posted.status).toBe(200);
    expect(posted.headers.get('content-type')).toMatch(/^application\/oauth-authz-req\+jwt/);
    expect(decodeJwt(await posted.text())).toMatchObject({ wallet_nonce: 'wallet-nonce-1' });
    const got = decodeJwt(await (await fetch(requestUri)).text());
    expect(got).not.toHaveProperty('wallet_nonce');
    expect(got).toMatchObject({ response_mode: 'direct_post.jwt' });
  });

  it('serves no request object for a request already answered or unknown, and answers only its own device', async () => {
    const unknown = await fetch(
      `${server.baseUrl}/api/gate/presentation-requests/00000000-0000-4000-8000-000000000000/request-object`,
    );
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: 'invalid_request' });
    const r = await request();
    const other = await addDevice('Θύρα 4 - άλλη συσκευή');
    const read = await fetch(`${server.baseUrl}/api/gate/presentation-requests/${r.id}`, {
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(read.status).toBe(404);
    const badEvent = await device('POST', '/api/gate/presentation-requests', { eventId: 999_999 });
    expect(badEvent.status).toBe(404);
    const garbage = await fetch(r.responseUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ vp_token: 'not json' }).toString(),
    });
    expect(garbage.status).toBe(400);
  });
});
