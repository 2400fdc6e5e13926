import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tickets, walletCredentials } from '../../db/schema';

type Tx = Pick<Db, 'select' | 'insert' | 'update'>;

export async function findTicketId(tx: Tx, publicCode: string) {
  const [ticket] = await tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(eq(tickets.publicCode, publicCode));
  return ticket;
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
