import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { limitNamingPerPerson } from '../shared/naming-limit';
import { rateLimitStoreOn } from '../shared/rate-limit-store';

/** Per-route limits (`config.rateLimit`), counted in the database so every process shares them. */
export async function setUpRateLimits(app: FastifyInstance, config: Config, db: Db): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    allowList: () => !config.rateLimits,
    store: rateLimitStoreOn(db),
  });
  limitNamingPerPerson(app);
}
