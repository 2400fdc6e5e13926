import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { organisations, providers } from '../db/schema';
import { hashApiKey, newApiKey } from '../features/providers/service';
import { audit } from '../shared/audit';
import { AdminInputError } from './officers';

/** Registers a club's ticketing provider (or gives it a new key); answers the key, shown once. */
export async function addProvider(
  db: Db,
  actor: string,
  provider: { id: string; organisationId: string; name: string },
  key = newApiKey(provider.id),
): Promise<string> {
  if (!/^[a-z0-9][a-z0-9-]{1,62}$/.test(provider.id)) {
    throw new AdminInputError('A provider id is 2–63 lower-case letters, digits or hyphens.');
  }
  await db.transaction(async (tx) => {
    const [organisation] = await tx
      .select()
      .from(organisations)
      .where(eq(organisations.id, provider.organisationId));
    if (!organisation)
      throw new AdminInputError(`No organisation "${provider.organisationId}": add it first.`);
    await tx
      .insert(providers)
      .values({ ...provider, apiKeyHash: hashApiKey(key) })
      .onConflictDoUpdate({
        target: providers.id,
        set: {
          organisationId: provider.organisationId,
          name: provider.name,
          apiKeyHash: hashApiKey(key),
          active: true,
        },
      });
    await audit(tx, {
      actor,
      action: 'PROVIDER_KEY_ISSUED',
      subject: provider.id,
      details: { organisationId: provider.organisationId },
    });
  });
  return key;
}
