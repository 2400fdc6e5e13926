import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DPOP_SIGNING_ALGS, type ErrorCode } from '@tickets/domain';
import { AppError } from '../../shared/app-error';
import { digestOf } from './credential-offers.service';
import { dpopNonces, verifyDpopProof } from './dpop';
import { findGrantOfAccessToken } from './issuance.queries';
import { ISSUANCE_PATHS } from './issuer-metadata';

const AUTHORIZATION = /^(Bearer|DPoP) ([A-Za-z0-9_-]{20,200})$/i;

/** The refusals of RFC 6750 §3 and RFC 9449 §7.1, with the challenge each is answered with. */
const REFUSALS = {
  invalid_token: 'ISSUANCE_INVALID_TOKEN',
  invalid_dpop_proof: 'ISSUANCE_TOKEN_INVALID_DPOP_PROOF',
  use_dpop_nonce: 'ISSUANCE_TOKEN_USE_DPOP_NONCE',
} as const satisfies Record<string, ErrorCode>;

/**
 * The `eu-wallet` access level's check of an `issuanceAccessToken` route (plugins/access.ts), before the
 * body is read: the access token the token endpoint answered, live and not used yet (docs/design.md
 * §12). A Bearer token comes as `Authorization: Bearer`; a DPoP token (bound to a key at the token
 * endpoint) as `Authorization: DPoP` with a proof by that key for this request and this token
 * (dpop.ts). Refused with 401 and the challenge of the token's scheme: `Bearer error="invalid_token"`
 * (RFC 6750), or `DPoP error="invalid_token"`, `"invalid_dpop_proof"` or `"use_dpop_nonce"` (RFC 9449,
 * the wallet retrying with the `DPoP-Nonce` header's nonce).
 */
export function issuanceAccess(app: FastifyInstance) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const [, scheme = 'Bearer', token] = AUTHORIZATION.exec(request.headers.authorization ?? '') ?? [];
    const dpop = scheme.toLowerCase() === 'dpop';
    const refuse = (error: keyof typeof REFUSALS, bound = dpop) => {
      reply.header(
        'www-authenticate',
        bound ? `DPoP error="${error}", algs="${DPOP_SIGNING_ALGS.join(' ')}"` : `Bearer error="${error}"`,
      );
      return new AppError(REFUSALS[error]);
    };
    const grant = token ? await findGrantOfAccessToken(app.db, digestOf(token)) : undefined;
    if (!token || !grant) throw refuse('invalid_token');
    // A Bearer token stays Bearer; a DPoP token is never taken as a Bearer one (RFC 9449 §7.2).
    if (grant.dpopJkt === null) {
      if (dpop) throw refuse('invalid_token', false);
    } else {
      if (!dpop) throw refuse('invalid_token', true);
      const proof = await verifyDpopProof(request.headers.dpop, {
        method: request.method,
        url: `${app.publicUrl()}${ISSUANCE_PATHS.credential}`,
        nonces: dpopNonces(app.config.issuerKeys.signer.privateKey),
        accessToken: token,
      });
      if ('refused' in proof) throw refuse(proof.refused);
      if (proof.jkt !== grant.dpopJkt) throw refuse('invalid_dpop_proof');
    }
    request.issuanceGrant = { offerId: grant.offerId };
  };
}
