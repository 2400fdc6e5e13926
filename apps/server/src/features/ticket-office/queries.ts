import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { tickets } from '../../db/schema';
import { auditedWith } from '../../shared/audit';

export type TicketRow = typeof tickets.$inferSelect;

/**
 * Binds an unbound ticket and writes its audit row in one statement (one round trip, one commit,
 * both or neither): of two officers racing, exactly one UPDATE matches. Answers the bound row, or
 * none when the ticket was bound meanwhile.
 */
export const bindUnboundTicket = preparedPerDatabase((db) => {
  const value = (name: string) => sql`${sql.placeholder(name)}`;
  const bound = db.$with('bound').as(
    db
      .update(tickets)
      .set({
        fullName: value('fullName'),
        documentType: value('documentType'),
        documentId: value('documentId'),
        documentKey: value('documentKey'),
        privateCode: value('privateCode'),
        codeSerial: sql`1`,
        binding: value('binding'),
        personalizedBy: value('actor'),
        personalizedAt: sql`now()`,
        modifiedAt: sql`now()`,
      })
      .where(
        and(
          eq(tickets.id, sql.placeholder('ticketId')),
          isNull(tickets.documentId),
          isNull(tickets.holderAfm),
          isNull(tickets.holderAmka),
        ),
      )
      .returning(),
  );
  const audited = auditedWith(db, bound);
  return db.with(bound, audited).select().from(bound).prepare('bind_unbound_ticket');
});

/** The next print's code, unless another print of the same serial won the race (then undefined). */
export async function replacePrintedCode(
  tx: Pick<Db, 'update'>,
  ticket: TicketRow,
  serial: number,
  privateCode: string,
): Promise<TicketRow | undefined> {
  const [reprinted] = await tx
    .update(tickets)
    .set({ codeSerial: serial, privateCode, modifiedAt: new Date() })
    .where(and(eq(tickets.id, ticket.id), eq(tickets.codeSerial, ticket.codeSerial)))
    .returning();
  return reprinted;
}

export async function findTicket(db: Pick<Db, 'select'>, id: number): Promise<TicketRow | undefined> {
  const [ticket] = await db.select().from(tickets).where(eq(tickets.id, id));
  return ticket;
}
