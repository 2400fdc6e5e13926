import { and, desc, eq, inArray } from 'drizzle-orm';
import { walletMessages, type WalletLookup } from '@tickets/domain';
import type { Db } from '../../db/client';
import { auditLog, officers, organisations, tickets } from '../../db/schema';

/** The audit actions of a ticket office reading or binding a ticket (stats lookup, issue, reprint). */
const LOOKUPS = ['TICKET_LOOKUP'];
const BINDINGS = [
  'TICKET_PERSONALIZE',
  'TICKET_IDENTIFY',
  'TICKET_PERSONALIZE_REPRINT',
  'TICKET_IDENTIFY_REPRINT',
];
const SHOWN = 200;

/**
 * Transparency for the citizen: when a ticket office looked up or bound one of the person's tickets,
 * by which club (the officer's organisation), newest first. Never the officer's ΑΦΜ.
 */
export async function listLookups(db: Db, afm: string): Promise<WalletLookup[]> {
  const rows = await db
    .select({
      ticketCode: auditLog.subject,
      action: auditLog.action,
      organisation: organisations.name,
      at: auditLog.at,
    })
    .from(auditLog)
    .innerJoin(tickets, eq(tickets.publicCode, auditLog.subject))
    .leftJoin(officers, eq(officers.afm, auditLog.actor))
    .leftJoin(organisations, eq(organisations.id, officers.organisationId))
    .where(and(eq(tickets.holderAfm, afm), inArray(auditLog.action, [...LOOKUPS, ...BINDINGS])))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(SHOWN);
  return rows.map((row) => ({
    ticketCode: row.ticketCode ?? '',
    kind: LOOKUPS.includes(row.action) ? 'LOOKUP' : 'BINDING',
    organisation: row.organisation ?? walletMessages.platformStaff,
    at: row.at.toISOString(),
  }));
}
