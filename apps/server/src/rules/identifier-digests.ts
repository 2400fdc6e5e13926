import { createHash, createHmac } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { IDENTITY_KEY_PREFIX } from '@tickets/domain';
import { rowsOf, type Db } from '../db/client';
import { auditLog, citizens, suspensionKeys } from '../db/schema';

/**
 * How an audit row names a person's identifier (an identity key: its canonical form): its HMAC-SHA256
 * under the server's AUDIT_DIGEST_KEY, never the identifier in clear. The same identifier always gives
 * the same digest, so the person's own rows can be found again (GET /api/wallet/lookups); without the
 * key, a copy of the audit log gives nothing to try every ΑΦΜ against (issue #40: a bare SHA-256 of
 * one was reversed in seconds). Base64url, so that a keyed digest is never taken for an old bare one.
 */
export const identifierDigest = (secret: string, key: string) =>
  createHmac('sha256', secret).update(key).digest('base64url');

/** Digests written before they were keyed: the hex of a bare SHA-256. */
const BARE_DIGEST = '^[0-9a-f]{64}$';
const DIGESTED = ['SUSPENSION_PRECHECK', 'SUSPENSION_SEARCH'];

/**
 * Keys the digests of audit rows written before they were keyed (runs at every start, idempotent):
 * each bare SHA-256 of an identifier the platform knows (a registry person's ΑΦΜ or ΑΜΚΑ, a
 * suspension's keys) becomes its keyed digest; one of an identifier it does not know is dropped, since
 * only trying every identifier could name it. PostgreSQL finds which known keys the old digests are of.
 */
export async function keyBareDigests(db: Db, secret: string): Promise<void> {
  const old = await db
    .select({ id: auditLog.id, details: auditLog.details })
    .from(auditLog)
    .where(
      and(
        inArray(auditLog.action, DIGESTED),
        sql`exists (select 1 from jsonb_array_elements_text(coalesce(${auditLog.details}->'identifiers', '[]') ||
          coalesce(${auditLog.details}->'people', '[]')) as digest where digest ~ ${BARE_DIGEST})`,
      ),
    );
  if (old.length === 0) return;
  const bare = [
    ...new Set(
      old.flatMap(({ details }) => {
        const { identifiers = [], people = [] } = (details ?? {}) as {
          identifiers?: string[];
          people?: string[];
        };
        return [...identifiers, ...people];
      }),
    ),
  ];
  const known = await db.execute(sql`
    select key from (
      select ${IDENTITY_KEY_PREFIX.afm}::text || ${citizens.afm} as key from ${citizens} where ${citizens.afm} is not null
      union select ${IDENTITY_KEY_PREFIX.amka}::text || ${citizens.amka} from ${citizens}
      union select ${suspensionKeys.key} from ${suspensionKeys}
    ) as candidates
    where encode(sha256(convert_to(key, 'UTF8')), 'hex') = any(${sql.param(bare)}::text[])`);
  const keyed = new Map(
    rowsOf<{ key: string }>(known).map(({ key }) => [
      createHash('sha256').update(key).digest('hex'),
      identifierDigest(secret, key),
    ]),
  );
  const rekey = (digests: unknown) =>
    Array.isArray(digests)
      ? digests.flatMap((digest: string) =>
          new RegExp(BARE_DIGEST).test(digest) ? (keyed.has(digest) ? [keyed.get(digest)] : []) : [digest],
        )
      : digests;
  await db.transaction(async (tx) => {
    for (const { id, details } of old) {
      const { identifiers, people, ...rest } = details as { identifiers?: unknown; people?: unknown };
      await tx
        .update(auditLog)
        .set({ details: { ...rest, identifiers: rekey(identifiers), people: rekey(people) } })
        .where(eq(auditLog.id, id));
    }
  });
}
