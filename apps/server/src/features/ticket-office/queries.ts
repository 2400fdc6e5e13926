import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { onTransaction, preparedQuery } from '../../db/prepared';
import { citizens, tickets } from '../../db/schema';
import { auditedWith, type AuditedParams } from '../../shared/audit';
import { mayBindTicket } from '../../rules/fixtures';

export type TicketRow = typeof tickets.$inferSelect;

type BindParams = Pick<
  TicketRow,
  'id' | 'fullName' | 'documentType' | 'documentId' | 'documentKey' | 'privateCode' | 'binding'
> &
  AuditedParams;

/**
 * Binds an unbound ticket and writes its audit row in one statement (one round trip, one commit,
 * both or neither): of two officers racing, exactly one UPDATE matches, and it matches only when the
 * document's person holds no other ticket of its fixture (`mayBindTicket`, which takes the person's
 * turn). Answers the bound row, or none when the ticket was bound meanwhile or the person holds its
 * fixture.
 */
export const bindUnboundTicket = preparedQuery<BindParams>()((db, p) => {
  const value = (placeholder: (typeof p)[keyof BindParams]) => sql`${placeholder}`;
  const bound = db.$with('bound').as(
    db
      .update(tickets)
      .set({
        fullName: value(p.fullName),
        documentType: value(p.documentType),
        documentId: value(p.documentId),
        documentKey: value(p.documentKey),
        privateCode: value(p.privateCode),
        codeSerial: sql`1`,
        binding: value(p.binding),
        personalizedBy: value(p.actor),
        personalizedAt: sql`now()`,
        modifiedAt: sql`now()`,
      })
      .where(
        and(
          eq(tickets.id, p.id),
          isNull(tickets.documentId),
          isNull(tickets.holderAfm),
          isNull(tickets.holderAmka),
          mayBindTicket(p.id, { afm: sql`null`, amka: sql`null`, documentKey: p.documentKey }),
        ),
      )
      .returning(),
  );
  const audited = auditedWith(db, bound);
  return db.with(bound, audited).select().from(bound).prepare('bind_unbound_ticket');
});

/**
 * The same statement within transaction `tx` (of `db`), for a binding that also writes its person's
 * notification (issue #30).
 */
export const bindUnboundTicketIn = (db: Db, tx: Db, params: BindParams) =>
  onTransaction(bindUnboundTicket(db), tx).execute(params);

/**
 * The registry person (with an ΑΦΜ) whose identity card has canonical number `documentKey`, if any:
 * the person a ticket bound to that card is told of.
 */
export async function findIdentityCardHolder(
  db: Pick<Db, 'select'>,
  documentKey: string,
): Promise<string | undefined> {
  const [holder] = await db
    .select({ afm: citizens.afm })
    .from(citizens)
    .where(eq(citizens.identityCardKey, documentKey));
  return holder?.afm ?? undefined;
}

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
