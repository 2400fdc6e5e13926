import { z } from 'zod';
import { DISPLAY_MODES } from '../constants';
import { providerMessages as text } from '../form-messages';
import { ticketClaimSchema } from './claims';
import { textField, ticketCodeField } from './fields';

/**
 * What a club's ticketing provider sends (PUT /api/providers/events and /tickets, and the
 * import command). Rows are checked one by one: a bad row is reported, never fatal.
 */
const label = (max: number) =>
  textField(text.textRequired)
    .trim()
    .min(1, { error: text.textRequired })
    .max(max, { error: text.textTooLong });
const optionalLabel = textField(text.textRequired).trim().max(20, { error: text.textTooLong }).nullish();
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'yes', 'no', ''])], { error: text.flag })
  .transform((value) => value === true || value === 'true' || value === '1' || value === 'yes');

export const providerEventSchema = z
  .object({
    externalId: label(64),
    description: label(200),
    /** A match's kick-off; a season's first day. */
    startsAt: z.iso.datetime({ offset: true, error: text.startsAt }),
    /** A season's end: its tickets admit to its fixtures until then. */
    endsAt: z.iso.datetime({ offset: true, error: text.endsAt }).nullish(),
    venue: label(200),
    seasonal: flag.default(false),
    /** A fixture's season (the season's externalId): the season's tickets admit to it. */
    seasonExternalId: label(64).nullish(),
    displayMode: z.enum(DISPLAY_MODES, { error: text.displayMode }).default('QR'),
  })
  .superRefine((event, context) => {
    if (event.seasonal && !event.endsAt)
      context.addIssue({ code: 'custom', path: ['endsAt'], message: text.seasonNeedsEnd });
    else if (!event.seasonal && event.endsAt)
      context.addIssue({ code: 'custom', path: ['endsAt'], message: text.matchHasNoEnd });
    else if (event.endsAt && Date.parse(event.endsAt) <= Date.parse(event.startsAt))
      context.addIssue({ code: 'custom', path: ['endsAt'], message: text.endsAt });
    if (event.seasonal && event.seasonExternalId)
      context.addIssue({ code: 'custom', path: ['seasonExternalId'], message: text.seasonInSeason });
  });
export type ProviderEvent = z.infer<typeof providerEventSchema>;

export const providerTicketSchema = z.object({
  publicCode: ticketCodeField,
  eventExternalId: label(64),
  sector: optionalLabel,
  gate: optionalLabel,
  row: optionalLabel,
  seat: optionalLabel,
  seasonal: flag.default(false),
});
export type ProviderTicket = z.infer<typeof providerTicketSchema>;

export const PROVIDER_BATCH_MAX = 5000;

/**
 * A batch's rows: any JSON to the route (the import checks each row with `row` and reports a bad one
 * with its Greek reason, never failing the batch), documented with `row`'s schema in the OpenAPI
 * document, so a generated client types them (zod copies an item's metadata into its JSON Schema).
 */
const rowsOf = (row: z.ZodType) => {
  const { $schema: _dialect, ...documented } = z.toJSONSchema(row, { io: 'input', unrepresentable: 'any' });
  return z.array(z.unknown().meta(documented)).min(1).max(PROVIDER_BATCH_MAX);
};

export const providerEventsBody = z.strictObject({ events: rowsOf(providerEventSchema) });
export const providerTicketsBody = z.strictObject({ tickets: rowsOf(providerTicketSchema) });

export const importReportSchema = z.object({
  received: z.number(),
  inserted: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  rejected: z.array(z.object({ row: z.number(), key: z.string().nullable(), reason: z.string() })),
});
export type ImportReport = z.infer<typeof importReportSchema>;

/**
 * PUT /api/providers/tickets answers the report and, for every ticket of the batch inserted, updated or
 * already there unchanged (never a rejected row), its claim code: the provider prints it on the purchase
 * confirmation beside the ticket code, as text and in the QR of `purchaseQrText` (docs/design.md §10).
 */
export const ticketImportReportSchema = importReportSchema.extend({ claims: z.array(ticketClaimSchema) });
export type TicketImportReport = z.infer<typeof ticketImportReportSchema>;

/**
 * GET /api/providers/tickets/{publicCode}/status[?eventId=|?eventExternalId=]: what a club's gate
 * asks before letting a fan in, for one fixture (a season ticket admits to each fixture of its
 * season) or, without one, for the ticket's own event.
 */
export const gateStatusQuerySchema = z.strictObject({
  eventId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  eventExternalId: textField().trim().min(1).max(64).optional(),
});

export const GATE_STATUSES = ['VALID', 'BLOCKED', 'EVENT_OVER', 'NOT_FOR_THIS_EVENT'] as const;

export const gateStatusSchema = z.object({
  publicCode: z.string(),
  /** The event answered for: the fixture asked about, or the ticket's own event. */
  eventExternalId: z.string(),
  /**
   * VALID; BLOCKED while the one who enters is suspended; EVENT_OVER once the match has been played
   * (or the season has ended); NOT_FOR_THIS_EVENT when the ticket does not admit to that fixture.
   */
  status: z.enum(GATE_STATUSES),
  /** Who enters: the holder, or for a lent fixture the recipient of the loan. */
  holderName: z.string().nullable(),
  entrant: z.enum(['HOLDER', 'RECIPIENT']),
});
export type GateStatus = z.infer<typeof gateStatusSchema>;
