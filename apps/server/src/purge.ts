import type { Db } from './db/client';
import { purgeExpiredLoginAttempts } from './features/auth/service';
import { purgeOldManifests } from './features/gate/manifest/manifest-book.service';
import { purgeExpiredGrants } from './features/taxis-standin/service';
import { purgeExpiredNonces, purgeExpiredWalletAuthorizations } from './eu-wallet';
import { purgeExpiredRateLimitHits } from './shared/rate-limit-store';
import { purgeExpiredSessions, type SessionPolicy } from './shared/sessions';

/**
 * The rows a login leaves behind, removed once expired (main.ts runs this periodically): without
 * it each anonymous login start would grow login_attempts and the stand-in's grants for ever, and
 * each client address the rate limits' counters; the offline manifests of fixtures long over; and the
 * nonces and authorization requests EU wallets left unused.
 */
export async function purgeExpiredRows(db: Db, policy: SessionPolicy): Promise<void> {
  await purgeExpiredSessions(db, policy);
  await purgeExpiredLoginAttempts(db);
  await purgeExpiredGrants(db);
  await purgeExpiredRateLimitHits(db);
  await purgeOldManifests(db);
  await purgeExpiredNonces(db);
  await purgeExpiredWalletAuthorizations(db);
}
