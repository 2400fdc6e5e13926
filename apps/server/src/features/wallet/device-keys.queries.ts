import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tickets, walletCredentials } from '../../db/schema';

type Tx = Pick<Db, 'select' | 'insert' | 'update'>;

/** The ticket's id, its row locked until the transaction ends (two registrations count one after the other). */
export async function lockTicketId(tx: Tx, publicCode: string) {
  const [ticket] = await tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(eq(tickets.publicCode, publicCode))
    .for('update');
  return ticket;
}

/** Credentials issued in the last 24 hours: for this ticket (by anyone), and to this person (any ticket). */
export async function countRecentRegistrations(tx: Tx, ticketId: number, issuedTo: string) {
  const [counts] = await tx
    .select({
      ticket: sql<number>`(count(*) filter (where ${walletCredentials.ticketId} = ${ticketId}))::int`,
      person: sql<number>`(count(*) filter (where ${walletCredentials.issuedTo} = ${issuedTo}))::int`,
    })
    .from(walletCredentials)
    .where(
      and(
        gt(walletCredentials.createdAt, sql`now() - interval '1 day'`),
        or(eq(walletCredentials.ticketId, ticketId), eq(walletCredentials.issuedTo, issuedTo)),
      ),
    );
  return { ticket: Number(counts?.ticket ?? 0), person: Number(counts?.person ?? 0) };
}

/** Revokes the person's live credentials for this ticket and event; answers their ids. */
export const revokeLiveCredentials = (
  tx: Tx,
  credential: { ticketId: number; scopeEventId: number; issuedTo: string },
  revokedAt: Date,
) =>
  tx
    .update(walletCredentials)
    .set({ revokedAt })
    .where(
      and(
        eq(walletCredentials.ticketId, credential.ticketId),
        eq(walletCredentials.scopeEventId, credential.scopeEventId),
        eq(walletCredentials.issuedTo, credential.issuedTo),
        isNull(walletCredentials.revokedAt),
      ),
    )
    .returning({ id: walletCredentials.id });

/** A credential's row, unsigned yet: its id is the serial the signature covers. */
export async function insertUnsignedCredential(
  tx: Tx,
  credential: { ticketId: number; scopeEventId: number; issuedTo: string; devicePublicKey: string },
) {
  const [row] = await tx
    .insert(walletCredentials)
    .values({ ...credential, credential: '' })
    .returning({ id: walletCredentials.id });
  return row;
}

export async function storeCredential(tx: Tx, id: number, credential: string) {
  await tx.update(walletCredentials).set({ credential }).where(eq(walletCredentials.id, id));
}
