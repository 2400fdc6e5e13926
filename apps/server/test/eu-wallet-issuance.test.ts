import { beforeAll, describe, expect, it } from 'vitest';
import { exportJWK, importJWK, SignJWT, type JWK } from 'jose';
import { Openid4vciVersion } from '@openid4vc/openid4vci';
import { digest } from '@sd-jwt/crypto-nodejs';
import { getListFromStatusListJWT } from '@sd-jwt/jwt-status-list';
import { SDJwtVcInstance } from '@sd-jwt/sd-jwt-vc';
import { eq } from 'drizzle-orm';
import {
  CREDENTIAL_OFFER_TX_CODE_ATTEMPTS,
  generateGateKeyPair,
  PRE_AUTHORIZED_CODE_GRANT,
  STATUS_LIST_SIZE,
} from '@tickets/domain';
import { developmentCaCertificate } from '../src/config';
import { citizens, tickets } from '../src/db/schema';
import { DEMO_TICKETS } from '../src/demo/events';
import { jsonFrom, loginAs } from './support/login';
import { testPki } from './support/production-environment';
import { noPerson } from './support/suspensions-api';
import {
  euWallet,
  offerFor as offerTicket,
  takeTicket as takeTicketAs,
  walletKey,
} from './support/eu-wallet';
import { engines, useTestServer } from './support/test-server';
import { leafKeyOf, protectedHeaderOf, x5cVerifier } from './support/x5c';

/**
 * Issue #43's interoperability test: a wallet the project did not write (`@openid4vc/openid4vci`, the
 * OpenID4VCI client of the Credo wallets) takes a ticket from the platform through the pre-authorized
 * code flow, and a verifier the project did not write either (`@sd-jwt/sd-jwt-vc` with
 * `@sd-jwt/jwt-status-list`) checks it and its status list token through their `x5c` chains to the
 * trust anchor (the development CA: issue #53 item 2), OpenSSL walking the chain (support/x5c.ts).
 * The platform issues with `jose` and its own encodings (eu-wallet/issuer/sd-jwt-vc.ts): no code is shared.
 */
const HOLDER = '100000039';
const SEASON_TICKET = '303000000001';
const CLUB_OFFICER = '100000015';
const GUARDIAN = '100000027';
/** A demo person who does not hold the holder's season ticket. */
const RECIPIENT = '100000040';

/** The status list entry an issued credential names (its JWT's `status` claim). */
const statusEntryOf = (credential: string) =>
  (
    JSON.parse(Buffer.from(credential.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      status: { status_list: { idx: number; uri: string } };
    }
  ).status;

describe.each(engines)('an EU wallet takes a ticket as an SD-JWT VC (%s)', (engine) => {
  const server = useTestServer(engine);
  let holderCookie = '';
  let officerCookie = '';
  beforeAll(async () => {
    holderCookie = (await loginAs(server.baseUrl, HOLDER)).cookie;
    officerCookie = (await loginAs(server.baseUrl, CLUB_OFFICER)).cookie;
  });

  const offerFor = async (publicCode: string, cookie = holderCookie) =>
    offerTicket(server.baseUrl, publicCode, cookie);

  /**
   * A verifier as an EU wallet is one: it trusts the anchor it was given (here the development CA),
   * and takes the key of the credential and of its status list token from their `x5c` chains.
   */
  async function verifier() {
    return new SDJwtVcInstance({
      hasher: digest,
      verifier: x5cVerifier(await developmentCaCertificate()),
      loadTypeMetadataFormat: true,
    });
  }

  /** The whole flow, as the wallet library drives it. */
  const takeTicket = (publicCode = SEASON_TICKET, cookie = holderCookie) =>
    takeTicketAs(server.baseUrl, publicCode, cookie);

  it('publishes metadata the wallet library reads as OpenID4VCI 1.0', async () => {
    const wallet = euWallet(walletKey());
    const metadata = await wallet.resolveIssuerMetadata(server.baseUrl);
    expect(metadata.credentialIssuer.credential_issuer).toBe(server.baseUrl);
    expect(metadata.originalDraftVersion).toBe(Openid4vciVersion.V1);
    expect(metadata.authorizationServers[0]?.token_endpoint).toBe(
      `${server.baseUrl}/api/wallet/oid4vci/token`,
    );
    // Anything else under /.well-known is the server's 404, never the web app's page.
    expect((await fetch(`${server.baseUrl}/.well-known/openid-configuration`)).status).toBe(404);
  });

  it('issues a ticket the independent verifier accepts, bound to the wallet key, with no ΑΦΜ, ΑΜΚΑ or document', async () => {
    const { credential, key } = await takeTicket();
    const verified = await (await verifier()).verify(credential);
    const claims = verified.payload as Record<string, unknown>;
    expect(claims.vct).toBe(`${server.baseUrl}/api/wallet/oid4vci/types/ticket`);
    expect(claims.ticket_code).toBe(SEASON_TICKET);
    expect(claims.holder_name).toEqual(expect.any(String));
    expect(claims.under_15).toBe(false);
    expect(claims.event).toMatchObject({ season: true });
    expect((claims.cnf as { jwk: JWK }).jwk).toMatchObject({ x: key.publicJwk.x, y: key.publicJwk.y });
    // The type metadata, in Greek, validated by the verifier library's own schema.
    expect(verified.typeMetadata?.mergedTypeMetadata.display?.[0]?.locale).toBe('el-GR');

    const [ticket] = await server.database.db
      .select()
      .from(tickets)
      .where(eq(tickets.publicCode, SEASON_TICKET));
    const [person] = await server.database.db.select().from(citizens).where(eq(citizens.afm, HOLDER));
    const personal = [
      HOLDER,
      ticket?.holderAmka,
      person?.amka,
      ticket?.documentId,
      person?.identityCard,
    ].filter((value): value is string => typeof value === 'string' && value.length > 0);
    // Every part of the SD-JWT, decoded: the issuer's JWT and each disclosure.
    const [jwt = '', ...disclosures] = credential.split('~');
    const decoded = [...jwt.split('.').slice(0, 2), ...disclosures.filter(Boolean)].map((part) =>
      Buffer.from(part, 'base64url').toString('utf8'),
    );
    expect(decoded.length).toBeGreaterThan(5);
    for (const value of personal) expect(decoded.join('\n')).not.toContain(value);
  });

  it('signs the credential and its status list token with the chain to the anchor in x5c, leaf first, and the kid of the published key', async () => {
    const { credential } = await takeTicket();
    const anchor = await developmentCaCertificate();
    const status = await (await fetch(statusEntryOf(credential).status_list.uri)).text();
    const metadata = (await (await fetch(`${server.baseUrl}/.well-known/jwt-vc-issuer`)).json()) as {
      jwks: { keys: (JWK & { kid: string })[] };
    };
    for (const jws of [credential.split('~')[0] ?? '', status]) {
      const header = protectedHeaderOf(jws);
      expect(header).toMatchObject({ alg: 'ES256', x5c: [expect.any(String)] });
      // The leaf's key is the published key of the header's kid (the JWT VC issuer metadata stays).
      const leafKey = leafKeyOf(header.x5c, anchor, server.baseUrl);
      const published = metadata.jwks.keys.find((key) => key.kid === header.kid);
      expect(published).toMatchObject({ x: leafKey.x, y: leafKey.y });
      // Another CA, not the one the chain leads to: refused.
      expect(() => leafKeyOf(header.x5c, testPki.root, server.baseUrl)).toThrow(/is not issued by/);
    }
    expect(protectedHeaderOf(status).typ).toBe('statuslist+jwt');
  });

  it('issues a minor’s ticket to the guardian’s wallet, naming the minor and that they enter with a companion', async () => {
    const guardianCookie = (await loginAs(server.baseUrl, GUARDIAN)).cookie;
    const { credential } = await takeTicket(DEMO_TICKETS.youngerMinorAccepted, guardianCookie);
    const claims = (await (await verifier()).verify(credential)).payload as Record<string, unknown>;
    const [minor] = await server.database.db
      .select({ fullName: tickets.fullName })
      .from(tickets)
      .where(eq(tickets.publicCode, DEMO_TICKETS.youngerMinorAccepted));
    expect(claims.holder_name).toBe(minor?.fullName);
    expect(claims.under_15).toBe(true);
  });

  it('finds it invalid in the status list once the holder registers a new phone', async () => {
    const { credential } = await takeTicket();
    const sdJwtVc = await verifier();
    await expect(sdJwtVc.verify(credential)).resolves.toBeDefined();
    const phone = await fetch(`${server.baseUrl}/api/wallet/tickets/${SEASON_TICKET}/device-key`, {
      method: 'POST',
      headers: jsonFrom(server.baseUrl, holderCookie),
      body: JSON.stringify({ publicKey: generateGateKeyPair().publicKey }),
    });
    expect(phone.status).toBe(200);
    await expect(sdJwtVc.verify(credential)).rejects.toThrow(/Status is not valid/);
    // The list itself, as the status list library reads it: INVALID (1) at the credential's index.
    const status = statusEntryOf(credential);
    // A wallet's web page reads it too (CORS); a list no credential has a place in does not exist.
    const listed = await fetch(status.status_list.uri, { headers: { origin: 'https://wallet.example' } });
    expect(listed.headers.get('content-type')).toMatch(/^application\/statuslist\+jwt/);
    expect(listed.headers.get('cache-control')).toMatch(/max-age=\d+/);
    expect(listed.headers.get('access-control-allow-origin')).toBe('*');
    expect(getListFromStatusListJWT(await listed.text()).getStatus(status.status_list.idx)).toBe(1);
    const next = Number(/(\d+)$/.exec(status.status_list.uri)?.[1]) + 1;
    const missing = await fetch(status.status_list.uri.replace(/\d+$/, String(next)), {
      headers: { origin: 'https://wallet.example' },
    });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('access-control-allow-origin')).toBe('*');
    expect(await missing.json()).toEqual({ error: 'invalid_request', error_description: 'Not found.' });
  });

  it('places each credential at random in a large list: one issued after another is not its neighbour', async () => {
    const places = [];
    for (let taken = 0; taken < 4; taken += 1) places.push(statusEntryOf((await takeTicket()).credential));
    const indices = places.map((place) => place.status_list.idx);
    expect(new Set(places.map((place) => place.status_list.uri)).size).toBe(1);
    expect(new Set(indices).size).toBe(4);
    for (const [at, idx] of indices.entries())
      if (at > 0) expect(Math.abs(idx - (indices[at - 1] ?? 0)), indices.join(', ')).toBeGreaterThan(1);
    // Over the whole list (STATUS_LIST_SIZE places), not the first few.
    const list = getListFromStatusListJWT(await (await fetch(places[0]?.status_list.uri ?? '')).text());
    expect(list.statusList.length).toBe(STATUS_LIST_SIZE);
  });

  it('answers a revalidation with 304 while the list is unchanged, and the new list once it changed', async () => {
    const { credential } = await takeTicket();
    const { uri } = statusEntryOf(credential).status_list;
    const first = await fetch(uri);
    const entityTag = first.headers.get('etag') ?? '';
    expect(entityTag).toMatch(/^"[\w-]+"$/);
    const again = await fetch(uri, { headers: { 'if-none-match': entityTag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(entityTag);
    const phone = await fetch(`${server.baseUrl}/api/wallet/tickets/${SEASON_TICKET}/device-key`, {
      method: 'POST',
      headers: jsonFrom(server.baseUrl, holderCookie),
      body: JSON.stringify({ publicKey: generateGateKeyPair().publicKey }),
    });
    expect(phone.status).toBe(200);
    const changed = await fetch(uri, { headers: { 'if-none-match': entityTag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(entityTag);
    expect(
      getListFromStatusListJWT(await changed.text()).getStatus(statusEntryOf(credential).status_list.idx),
    ).toBe(1);
  });

  it('shows nothing of a suspension in the public status list: the credential stays valid there, before and after it is lifted', async () => {
    const { credential } = await takeTicket();
    const sdJwtVc = await verifier();
    const status = statusEntryOf(credential);
    const listed = async () => {
      const list = getListFromStatusListJWT(await (await fetch(status.status_list.uri)).text());
      return { bits: list.getBitsPerStatus(), status: list.getStatus(status.status_list.idx) };
    };
    const added = await fetch(`${server.baseUrl}/api/blackList-administration/add`, {
      method: 'POST',
      headers: jsonFrom(server.baseUrl, officerCookie),
      body: JSON.stringify({ ...noPerson, afm: HOLDER, endDate: '2099-12-31' }),
    });
    expect(added.status).toBe(200);
    const { id } = (await added.json()) as { id: number };
    // As any other valid credential's: one bit, 0. The gate refuses the fan from its own data.
    expect(await listed()).toEqual({ bits: 1, status: 0 });
    await expect(sdJwtVc.verify(credential)).resolves.toBeDefined();
    const lifted = await fetch(`${server.baseUrl}/api/blackList-administration/delete/${id}`, {
      method: 'PUT',
      headers: jsonFrom(server.baseUrl, officerCookie),
      body: JSON.stringify({ afm: HOLDER, amka: null, documentId: null }),
    });
    expect(lifted.status).toBe(200);
    await expect(sdJwtVc.verify(credential)).resolves.toBeDefined();
  });

  it('refuses a wrong transaction code, and spends the offer after too many', async () => {
    const { offerUri, txCode } = (await (await offerFor(SEASON_TICKET)).json()) as {
      offerUri: string;
      txCode: string;
    };
    const offer = JSON.parse(new URL(offerUri).searchParams.get('credential_offer') ?? '{}') as {
      grants: Record<string, { 'pre-authorized_code': string }>;
    };
    const code = offer.grants[PRE_AUTHORIZED_CODE_GRANT]?.['pre-authorized_code'] ?? '';
    const redeem = (tx: string) =>
      fetch(`${server.baseUrl}/api/wallet/oid4vci/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: PRE_AUTHORIZED_CODE_GRANT,
          'pre-authorized_code': code,
          tx_code: tx,
        }),
      });
    const wrong = txCode === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < CREDENTIAL_OFFER_TX_CODE_ATTEMPTS; attempt += 1) {
      const refused = await redeem(wrong);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        error: 'invalid_grant',
        error_description: 'The code, its transaction code or its PKCE verifier is wrong, spent or expired.',
      });
    }
    // The right code too, now: the offer is spent.
    expect((await redeem(txCode)).status).toBe(400);
  });

  it('redeems a code once, and a nonce and an access token once', async () => {
    const { offerUri, txCode } = (await (await offerFor(SEASON_TICKET)).json()) as {
      offerUri: string;
      txCode: string;
    };
    const offer = JSON.parse(new URL(offerUri).searchParams.get('credential_offer') ?? '{}') as {
      grants: Record<string, { 'pre-authorized_code': string }>;
    };
    const form = new URLSearchParams({
      grant_type: PRE_AUTHORIZED_CODE_GRANT,
      'pre-authorized_code': offer.grants[PRE_AUTHORIZED_CODE_GRANT]?.['pre-authorized_code'] ?? '',
      tx_code: txCode,
    });
    const token = async () =>
      fetch(`${server.baseUrl}/api/wallet/oid4vci/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
      });
    const first = await token();
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const { access_token } = (await first.json()) as { access_token: string };
    expect((await token()).status).toBe(400);

    const key = walletKey();
    const nonce = async () =>
      (
        (await (await fetch(`${server.baseUrl}/api/wallet/oid4vci/nonce`, { method: 'POST' })).json()) as {
          c_nonce: string;
        }
      ).c_nonce;
    const proof = async (c_nonce: string) =>
      new SignJWT({ aud: server.baseUrl, nonce: c_nonce })
        .setProtectedHeader({
          alg: 'ES256',
          typ: 'openid4vci-proof+jwt',
          jwk: await exportJWK(await importJWK(key.publicJwk, 'ES256')),
        })
        .setIssuedAt()
        .sign(await importJWK(key.privateJwk, 'ES256'));
    const credential = (body: unknown) =>
      fetch(`${server.baseUrl}/api/wallet/oid4vci/credential`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${access_token}` },
        body: JSON.stringify(body),
      });
    const spent = await nonce();
    // A nonce the platform never gave: refused, the access token still good.
    const unknown = await credential({
      credential_configuration_id: 'ticket_dc_sd_jwt',
      proofs: { jwt: [await proof('made-up')] },
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ error: 'invalid_nonce' });
    const issued = await credential({
      credential_configuration_id: 'ticket_dc_sd_jwt',
      proofs: { jwt: [await proof(spent)] },
    });
    expect(issued.status).toBe(200);
    // The same access token again, with a fresh nonce: one credential per offer.
    const again = await credential({
      credential_configuration_id: 'ticket_dc_sd_jwt',
      proofs: { jwt: [await proof(await nonce())] },
    });
    expect(again.status).toBe(401);
    expect(again.headers.get('www-authenticate')).toMatch(/invalid_token/);
  });

  it('counts a wallet’s tries by the offer it holds, not by the address a stadium’s phones share', async () => {
    // More nonces from one address than a wallet's steps allow: a mobile operator's address at a match.
    for (let request = 0; request < 31; request += 1)
      expect((await fetch(`${server.baseUrl}/api/wallet/oid4vci/nonce`, { method: 'POST' })).status).toBe(
        200,
      );
    const token = (code: string) =>
      fetch(`${server.baseUrl}/api/wallet/oid4vci/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: PRE_AUTHORIZED_CODE_GRANT, 'pre-authorized_code': code }),
      });
    const guessed = 'g'.repeat(43);
    for (let request = 0; request < 30; request += 1) expect((await token(guessed)).status).toBe(400);
    const limited = await token(guessed);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      error: 'invalid_request',
      error_description: 'Too many requests; try again later.',
    });
    // Another offer's code, from the same address: its own allowance.
    expect((await token('h'.repeat(43))).status).toBe(400);
  });

  it('offers only a ticket the person carries, as the rest of the wallet API answers', async () => {
    const stranger = (await loginAs(server.baseUrl, RECIPIENT)).cookie;
    expect((await offerFor(SEASON_TICKET, stranger)).status).toBe(404);
    expect((await offerFor(SEASON_TICKET, '')).status).toBe(401);
  });
  // Last: the loan gives the recipient a fixture of the holder's season ticket for the rest of the file.
  it('ends the holder’s credential when a loan of a fixture starts; the recipient takes the lent fixture', async () => {
    const { credential } = await takeTicket();
    const sdJwtVc = await verifier();
    await expect(sdJwtVc.verify(credential)).resolves.toBeDefined();
    const recipientCookie = (await loginAs(server.baseUrl, RECIPIENT)).cookie;
    const listed = (await (
      await fetch(`${server.baseUrl}/api/wallet/tickets`, { headers: jsonFrom(server.baseUrl, holderCookie) })
    ).json()) as {
      publicCode: string;
      fixtures: { eventId: number; eventDateTime: string; lentTo: string | null }[];
    }[];
    // The last fixture: far from its kick-off, so no cut-off stands in the way.
    const fixture = listed
      .find((ticket) => ticket.publicCode === SEASON_TICKET)
      ?.fixtures.filter((candidate) => candidate.lentTo === null)
      .sort((a, b) => a.eventDateTime.localeCompare(b.eventDateTime))
      .at(-1);
    if (!fixture) throw new Error('the demo season ticket has no fixture to lend');
    const lent = await fetch(`${server.baseUrl}/api/wallet/tickets/${SEASON_TICKET}/transfers`, {
      method: 'POST',
      headers: jsonFrom(server.baseUrl, holderCookie),
      body: JSON.stringify({ recipientAfm: RECIPIENT, eventId: fixture.eventId }),
    });
    expect(lent.status).toBe(200);
    const { transferId } = (await lent.json()) as { transferId: string };
    // Offered, not yet accepted: the binding has not changed.
    await expect(sdJwtVc.verify(credential)).resolves.toBeDefined();
    const accepted = await fetch(`${server.baseUrl}/api/wallet/transfers/${transferId}/accept`, {
      method: 'POST',
      headers: jsonFrom(server.baseUrl, recipientCookie),
    });
    expect(accepted.status).toBe(200);
    await expect(sdJwtVc.verify(credential)).rejects.toThrow(/Status is not valid/);

    const borrowed = await takeTicket(SEASON_TICKET, recipientCookie);
    const claims = (await sdJwtVc.verify(borrowed.credential)).payload as Record<string, unknown>;
    expect(claims.event).toMatchObject({ season: false });
    const [recipient] = await server.database.db.select().from(citizens).where(eq(citizens.afm, RECIPIENT));
    expect(claims.holder_name).toBe(`${recipient?.firstName} ${recipient?.lastName}`);
  });
});
