import type { Db } from '../db/client';
import { auditLog } from '../db/schema';

export interface AuditEntry {
  /** Who acted: an AFM, or a name such as `admin-cli` or `system`. */
  actor: string;
  action: string;
  subject?: string | null;
  requestId?: string | null;
  details?: Record<string, unknown>;
}

/** Writes one audit row; call it inside the transaction of the write it records. */
export async function writeAudit(db: Pick<Db, 'insert'>, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actor: entry.actor,
    action: entry.action,
    subject: entry.subject ?? null,
    requestId: entry.requestId ?? null,
    details: entry.details ?? null,
  });
}
