import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { canonicalIdentifier } from '@tickets/domain';
import type { Db } from '../db/client';
import { suspensionKeys, suspensions, tickets } from '../db/schema';
import { athensToday } from '../shared/athens-time';
import { resolveIdentity } from './identity-keys';

/** Stores a suspension's keys; keys it has already are kept (resolution only ever learns more). */
export async function storeSuspensionKeys(db: Pick<Db, 'insert'>, suspensionId: number, keys: string[]) {
  if (keys.length === 0) return;
  await db
    .insert(suspensionKeys)
    .values(keys.map((key) => ({ suspensionId, key })))
    .onConflictDoNothing();
}

/**
 * Resolves the suspensions still in force again, for what the registry (or a ticket binding) has
 * learnt since they were added: a suspension by identity details of someone the registry did not
 * yet know then reaches their ΑΦΜ and ΑΜΚΑ now. Safe to run from several processes.
 */
export async function refreshSuspensionKeys(db: Db): Promise<void> {
  const inForce = await db
    .select()
    .from(suspensions)
    .where(and(eq(suspensions.active, true), sql`${suspensions.endDate} >= ${athensToday}`));
  for (const suspension of inForce) {
    const { keys } = await resolveIdentity(db, suspension);
    await storeSuspensionKeys(db, suspension.id, keys);
  }
}

const BACKFILL_CHUNK = 1000;

/**
 * Brings rows written before identity keys existed to them (the data half of migration 0005, in
 * code because the canonical form is made here, once): tickets bound by document get their
 * document key, and suspensions their resolved keys. Idempotent; runs at every start.
 */
export async function backfillIdentityKeys(db: Db): Promise<void> {
  for (;;) {
    const unkeyed = await db
      .select({ id: tickets.id, documentId: tickets.documentId })
      .from(tickets)
      .where(and(isNotNull(tickets.documentId), sql`${tickets.documentKey} is null`))
      .limit(BACKFILL_CHUNK);
    if (unkeyed.length === 0) break;
    const ids = unkeyed.map((row) => row.id);
    const documentKeys = unkeyed.map((row) => canonicalIdentifier(row.documentId as string));
    await db.execute(sql`update ${tickets} set ${sql.identifier(tickets.documentKey.name)} = given.key
      from unnest(${sql.param(ids)}::bigint[], ${sql.param(documentKeys)}::text[]) as given(id, key)
      where ${tickets.id} = given.id`);
  }
  const unresolved = await db
    .select()
    .from(suspensions)
    .where(
      sql`not exists (select 1 from ${suspensionKeys} where ${suspensionKeys.suspensionId} = ${suspensions.id})`,
    );
  for (const suspension of unresolved) {
    const { keys } = await resolveIdentity(db, suspension);
    await storeSuspensionKeys(db, suspension.id, keys);
  }
}
