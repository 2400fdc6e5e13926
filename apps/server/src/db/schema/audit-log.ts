import { and, sql } from 'drizzle-orm';
import { type AnyPgColumn, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { serialId } from './columns';

/** The event of a gate decision's audit row (GATE_ADMIT, GATE_REFUSE), as text. */
const gateEventOf = (row: { details: AnyPgColumn }) => sql`(${row.details} ->> 'eventId')`;
const gateDecisionRows = sql`action in ('GATE_ADMIT', 'GATE_REFUSE')`;

/** One row per write, by anyone (docs/design.md §2). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serialId(),
    at: timestamp('at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    subject: text('subject'),
    requestId: text('request_id'),
    details: jsonb('details').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    // By subject: a citizen asks who looked up their tickets (the wallet's lookups).
    index('audit_log_subject_idx').on(t.subject),
    // A match's gate decisions, counted live for the ticket office.
    index('audit_log_gate_event_idx').on(gateEventOf(t)).where(gateDecisionRows),
  ],
);

/**
 * One event's gate decisions, in the expression and the condition of the index
 * `audit_log_gate_event_idx`, so that a query reads them through it.
 */
export const gateDecisionsOf = (eventId: number) =>
  and(gateDecisionRows, sql`${gateEventOf(auditLog)} = ${String(eventId)}`);
