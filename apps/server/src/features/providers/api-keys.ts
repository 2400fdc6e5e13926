import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { providers } from '../../db/schema';

/** Provider API keys: shown once when made, stored only as a SHA-256 hash. */
export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

export const newApiKey = (providerId: string) => `${providerId}.${randomBytes(24).toString('base64url')}`;

export async function findProviderByKey(db: Db, key: string) {
  const [provider] = await db
    .select({ id: providers.id, organisationId: providers.organisationId })
    .from(providers)
    .where(and(eq(providers.apiKeyHash, hashApiKey(key)), eq(providers.active, true)))
    .limit(1);
  return provider;
}
