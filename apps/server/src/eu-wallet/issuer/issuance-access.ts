import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../shared/app-error';
import { digestOf } from './credential-offers.service';
import { findGrantOfAccessToken } from './issuance.queries';

/**
 * The `eu-wallet` access level's check of an `issuanceAccessToken` route (plugins/access.ts), before the
 * body is read: the access token the token endpoint answered, live and not used yet (docs/design.md
 * §12). Refused as RFC 6750 says: 401 with `WWW-Authenticate: Bearer error="invalid_token"`.
 */
export function issuanceAccess(app: FastifyInstance) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const bearer = /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(request.headers.authorization ?? '')?.[1];
    const grant = bearer ? await findGrantOfAccessToken(app.db, digestOf(bearer)) : undefined;
    if (!grant) {
      reply.header('www-authenticate', 'Bearer error="invalid_token"');
      throw new AppError('ISSUANCE_INVALID_TOKEN');
    }
    request.issuanceGrant = grant;
  };
}
