import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUTHORIZATION_CODE_GRANT,
  credentialRequestSchema,
  credentialResponseSchema,
  issuanceNonceResponseSchema,
  issuanceTokenRequestSchema,
  issuanceTokenResponseSchema,
  pushedAuthorizationRequestSchema,
  pushedAuthorizationResponseSchema,
  type IssuanceTokenRequest,
  oauthErrorAnswer,
  STATUS_LIST_TTL_SECONDS,
  ticketTypeMetadataSchema,
} from '@tickets/domain';
import { issuerCertificateChain, walletProviderTrustAnchors } from '../../config';
import { AppError } from '../../shared/app-error';
import { matchesAny } from '../../shared/entity-tags';
import { toAnsweredError } from '../../shared/http-errors';
import type { EuWalletPorts } from '../ports';
import { digestOf } from './credential-offers.service';
import { DPOP_NONCE_HEADER, dpopNonces, verifyDpopProof } from './dpop';
import type { IssuerSigner } from './sd-jwt-vc';
import {
  grantAccessToken,
  issueNonce,
  issueTicketCredential,
  redeemPreAuthorizedCode,
} from './issuance.service';
import { checkAuthorizationCode, pushAuthorizationRequest } from './authorization.service';
import { verifyClientAttestation } from './wallet-attestations';
import {
  authorizationServerMetadata,
  credentialIssuerMetadata,
  ISSUANCE_PATHS,
  jwtVcIssuerMetadata,
  ticketTypeMetadata,
} from './issuer-metadata';
import { statusListToken } from '../status/status-lists.service';

/**
 * A wallet's steps, a minute (the database counts them), keyed by what the wallet holds: the offer's
 * code at the token endpoint, the offer its access token was given for at the credential endpoint.
 * Counted once the request is read and its token checked (`preHandler`), and never by address: at a
 * stadium thousands of phones share a mobile operator's address.
 */
const perHeld = (key: (request: FastifyRequest) => string) =>
  ({ max: 30, timeWindow: '1 minute', hook: 'preHandler', keyGenerator: key }) as const;
const PER_OFFER_CODE = perHeld((request) => {
  const body = request.body as IssuanceTokenRequest;
  return `offer-code:${digestOf(body['pre-authorized_code'] ?? body.code ?? '')}`;
});
const PER_GRANT = perHeld((request) => `offer:${request.issuanceGrant?.offerId ?? ''}`);
/**
 * Per address, where the caller holds nothing yet (a nonce) or reads what anyone may (the type
 * metadata, the status list: wallets check their credentials' status too): only at a rate a
 * stadium's shared address does not reach.
 */
const PER_ADDRESS = { max: 6_000, timeWindow: '1 minute' } as const;

/**
 * The platform as an OpenID4VCI 1.0 credential issuer of SD-JWT VC tickets (docs/design.md §12): the
 * metadata an EU wallet and a verifier read (`/.well-known/…`, outside the JSON API), and the token,
 * nonce, credential, type metadata and status list endpoints. These answer OAuth's errors
 * (`{"error", "error_description"}`), the description in ASCII English as RFC 6749 asks, instead of
 * the envelope.
 */
export async function issuanceRoutes(instance: FastifyInstance, ports: EuWalletPorts): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const tags = ['eu wallet'];
  const issuer = () => app.publicUrl();
  /**
   * The signing key and its chain, for the `x5c` of what it signs (made once per process in
   * development): one object per issuer origin, as the status lists' tokens are kept by signer.
   */
  const signers = new Map<string, Promise<IssuerSigner>>();
  const signer = () => {
    const origin = issuer();
    const known = signers.get(origin);
    if (known) return known;
    const made = issuerCertificateChain(app.config, origin).then((x5c) => ({
      ...app.config.issuerKeys.signer,
      x5c,
    }));
    signers.set(origin, made);
    return made;
  };
  const nonces = () => dpopNonces(app.config.issuerKeys.signer.privateKey);
  /**
   * A current server DPoP nonce (RFC 9449 §8) on every answer of the token, nonce and credential
   * endpoints, set first so that a refusal carries it too: the wallet's next proof names it.
   */
  const withDpopNonce = async (_request: FastifyRequest, reply: FastifyReply) => {
    reply.header(DPOP_NONCE_HEADER, nonces().current());
  };
  /**
   * The key of the token request's DPoP proof (RFC 9449 §5), checked before the code is spent: a
   * wallet told to use the nonce retries with the same code. None without a `DPoP` header: a Bearer
   * token, for a wallet that does not do DPoP.
   */
  const dpopKeyOfTokenRequest = async (request: FastifyRequest) => {
    if (request.headers.dpop === undefined) return undefined;
    const proof = await verifyDpopProof(request.headers.dpop, {
      method: request.method,
      url: `${issuer()}${ISSUANCE_PATHS.token}`,
      nonces: nonces(),
    });
    if ('jkt' in proof) return proof.jkt;
    throw new AppError(
      proof.refused === 'use_dpop_nonce' ? 'ISSUANCE_USE_DPOP_NONCE' : 'ISSUANCE_INVALID_DPOP_PROOF',
    );
  };

  /**
   * The wallet, as its attestation says (wallet-attestations.ts): the client of the authorization
   * code flow, and the provider that vouches for it, named to the person on the authorization page.
   */
  const attestedClient = async (request: FastifyRequest) => {
    const attestation = request.headers['oauth-client-attestation'];
    const pop = request.headers['oauth-client-attestation-pop'];
    if (typeof attestation !== 'string' || typeof pop !== 'string')
      throw new AppError('ISSUANCE_INVALID_CLIENT');
    const client = await verifyClientAttestation(
      { attestation, pop },
      { authorizationServer: issuer(), anchors: await walletProviderTrustAnchors(app.config) },
    );
    return { clientId: client.clientId, walletName: client.walletName };
  };

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAnsweredError(error, request, reply);
    const credentialEndpoint = request.routeOptions.url === ISSUANCE_PATHS.credential;
    // RFC 6749 §5.1 and §5.2: no answer of these endpoints is cached. Every /api answer is `no-store`
    // (plugins/security-headers.ts); an error is said so here too, whichever step refused it.
    return reply
      .status(appError.status)
      .header('cache-control', 'no-store')
      .send(oauthErrorAnswer(appError.code, appError.status, credentialEndpoint));
  });

  // The token request is a form (RFC 6749 §4.1.3), the one form the API reads.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  const wellKnown = { schema: { hide: true } } as const;
  app.get('/.well-known/openid-credential-issuer', wellKnown, async () => credentialIssuerMetadata(issuer()));
  app.get('/.well-known/oauth-authorization-server', wellKnown, async () =>
    authorizationServerMetadata(issuer()),
  );
  app.get('/.well-known/jwt-vc-issuer', wellKnown, async () =>
    jwtVcIssuerMetadata(issuer(), app.config.issuerKeys),
  );

  app.get(
    ISSUANCE_PATHS.ticketType,
    {
      config: { access: 'public', rateLimit: PER_ADDRESS },
      schema: {
        tags,
        operationId: 'ticketTypeMetadata',
        summary: "The ticket `vct`'s SD-JWT VC type metadata, with the claims' names in Greek",
        response: { 200: ticketTypeMetadataSchema },
      },
    },
    async () => ticketTypeMetadata(issuer()),
  );

  app.post(
    ISSUANCE_PATHS.token,
    {
      config: { access: 'eu-wallet', rateLimit: PER_OFFER_CODE },
      onRequest: withDpopNonce,
      schema: {
        tags,
        operationId: 'issuanceToken',
        summary:
          'OpenID4VCI token endpoint (a form): a credential offer’s pre-authorized code and transaction code, or an authorization code with its PKCE verifier and redirect URI (the wallet authenticated by its attestation, DPoP required), for an access token, once',
        description:
          'With a `DPoP` proof header (RFC 9449, ES256, the nonce of the `DPoP-Nonce` answer header) the token is a `DPoP` token bound to its key; without, a `Bearer` token.',
        body: issuanceTokenRequestSchema,
        response: { 200: issuanceTokenResponseSchema },
      },
    },
    async (request) => {
      const dpopJkt = await dpopKeyOfTokenRequest(request);
      if (request.body.grant_type !== AUTHORIZATION_CODE_GRANT)
        return redeemPreAuthorizedCode(db, request.body, { requestId: request.id, dpopJkt });
      // HAIP's flow: the wallet authenticated by its attestation, its token bound by DPoP.
      const client = await attestedClient(request);
      if (dpopJkt === undefined) throw new AppError('ISSUANCE_INVALID_DPOP_PROOF');
      const code = await checkAuthorizationCode(db, request.body, client);
      return grantAccessToken(db, code, { requestId: request.id, dpopJkt });
    },
  );

  app.post(
    ISSUANCE_PATHS.par,
    {
      config: { access: 'eu-wallet', rateLimit: PER_ADDRESS },
      schema: {
        tags,
        operationId: 'pushedAuthorizationRequest',
        summary:
          'Pushed authorization request (RFC 9126, a form): the authorization code flow with PKCE S256 for the ticket (`scope` or `authorization_details`), the wallet authenticated by its wallet attestation (`OAuth-Client-Attestation` and `-PoP` headers); answered with the `request_uri` the wallet opens the authorization page with',
        body: pushedAuthorizationRequestSchema,
        response: { 201: pushedAuthorizationResponseSchema },
      },
    },
    async (request, reply) => {
      const client = await attestedClient(request);
      const pushed = await pushAuthorizationRequest(db, request.body, client, request.id);
      return reply.code(201).header('cache-control', 'no-store').send(pushed);
    },
  );

  app.post(
    ISSUANCE_PATHS.nonce,
    {
      config: { access: 'eu-wallet', rateLimit: PER_ADDRESS },
      onRequest: withDpopNonce,
      schema: {
        tags,
        operationId: 'issuanceNonce',
        summary: 'OpenID4VCI nonce endpoint: a fresh c_nonce for one key proof',
        response: { 200: issuanceNonceResponseSchema },
      },
    },
    async () => issueNonce(db),
  );

  app.post(
    ISSUANCE_PATHS.credential,
    {
      config: { access: 'eu-wallet', issuanceAccessToken: true, rateLimit: PER_GRANT },
      onRequest: withDpopNonce,
      schema: {
        tags,
        operationId: 'issuanceCredential',
        summary:
          'OpenID4VCI credential endpoint: the ticket as an SD-JWT VC bound to the key of the `jwt` proof (with or without a key attestation) or of the `attestation` proof, with its status list entry',
        body: credentialRequestSchema,
        response: { 200: credentialResponseSchema },
      },
    },
    async (request) => {
      const grant = request.issuanceGrant;
      if (!grant) throw new AppError('ISSUANCE_INVALID_TOKEN');
      return issueTicketCredential(db, grant, request.body, {
        issuer: issuer(),
        signer: await signer(),
        requestId: request.id,
        ports,
        walletProviderAnchors: await walletProviderTrustAnchors(app.config),
      });
    },
  );

  app.get(
    '/api/wallet/oid4vci/status-lists/:listId',
    {
      config: { access: 'public', rateLimit: PER_ADDRESS },
      schema: {
        tags,
        operationId: 'statusList',
        summary: `A Token Status List of the issued tickets (\`application/statuslist+jwt\`, 1 bit each: 0 valid, 1 invalid; a suspension never shows in it), cacheable for its ttl (${STATUS_LIST_TTL_SECONDS} s) and revalidated by its ETag; 404 for a list that does not exist`,
        params: z.object({ listId: z.coerce.number().int().min(1).max(1_000_000) }),
        response: {
          200: z.string().describe('The status list token, a signed JWT, with its ETag'),
          304: z.null().describe('Unchanged: the ETag in If-None-Match is the current token'),
        },
      },
    },
    async (request, reply) => {
      // Anyone may read it, a wallet's web page too (Token Status List §8: CORS for browser clients),
      // and may be told that a list does not exist.
      reply.header('access-control-allow-origin', '*').header('cross-origin-resource-policy', 'cross-origin');
      const list = await statusListToken(db, request.params.listId, {
        issuer: issuer(),
        signer: await signer(),
      });
      if (list === undefined) throw new AppError('NOT_FOUND');
      reply
        .header('cache-control', `public, max-age=${STATUS_LIST_TTL_SECONDS}`)
        .header('etag', list.entityTag);
      if (matchesAny(request.headers['if-none-match'], list.entityTag)) return reply.code(304).send(null);
      return reply.header('content-type', 'application/statuslist+jwt').send(list.token);
    },
  );
}
