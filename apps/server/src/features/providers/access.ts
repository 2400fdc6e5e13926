import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../shared/app-error';
import { bearerOf } from '../../shared/guards';
import { findProviderByKey } from './service';

/**
 * Wrong or missing keys an address, or a key prefix (the provider id a key starts with), may send in
 * a minute; then the wrong ones are answered 429 until the minute ends. A key that verifies is never
 * refused: wrong keys from a shared address or behind a proxy cannot lock a provider out.
 */
const FAILED_KEYS_PER_MINUTE = 20;

/**
 * The `provider` access level's check (plugins/access.ts): the API key (`Authorization: Bearer <key>`),
 * settled before the body is even read, so a stranger can neither make the server buffer and parse
 * megabytes nor learn anything from it.
 */
export function providerAccess(app: FastifyInstance) {
  // Only wrong keys count: a provider pushing its batches must not use up this allowance.
  const failuresBy = (what: string, of: (request: FastifyRequest) => string) =>
    app.createRateLimit({
      max: FAILED_KEYS_PER_MINUTE,
      timeWindow: 60_000,
      keyGenerator: (request) => `provider-key-${what}:${of(request)}`,
    });
  const failureCounters = [
    failuresBy('address', (request) => request.ip),
    failuresBy('prefix', (request) => bearerOf(request)?.split('.')[0]?.slice(0, 64) ?? '-'),
  ];
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const key = bearerOf(request);
    const provider = key ? await findProviderByKey(app.db, key) : undefined;
    if (!provider) {
      const counted = await Promise.all(failureCounters.map((count) => count(request)));
      const waits = counted.map((failures) =>
        !failures.isAllowed && failures.isExceeded ? failures.ttlInSeconds : 0,
      );
      if (waits.some((seconds) => seconds > 0)) {
        reply.header('retry-after', String(Math.max(...waits)));
        throw new AppError('RATE_LIMITED');
      }
      throw new AppError('PROVIDER_UNAUTHENTICATED');
    }
    request.importer = {
      organisationId: provider.organisationId,
      actor: `provider:${provider.id}`,
      requestId: request.id,
    };
  };
}
