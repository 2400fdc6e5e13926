import { z } from 'zod';
import { DISPLAY_MODES } from '../constants';
import { providerMessages as text } from '../messages';
import { ticketCodeField } from './fields';

/**
 * What a club's ticketing provider sends (PUT /api/providers/events and /tickets, and the
 * import command). Rows are checked one by one: a bad row is reported, never fatal.
 */
const label = (max: number) =>
  z
    .string({ error: text.textRequired })
    .trim()
    .min(1, { error: text.textRequired })
    .max(max, { error: text.textTooLong });
const optionalLabel = z
  .string({ error: text.textRequired })
  .trim()
  .max(20, { error: text.textTooLong })
  .nullish();
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'yes', 'no', ''])], { error: text.flag })
  .transform((value) => value === true || value === 'true' || value === '1' || value === 'yes');

export const providerEventSchema = z.object({
  externalId: label(64),
  description: label(200),
  startsAt: z.iso.datetime({ offset: true, error: text.startsAt }),
  venue: label(200),
  seasonal: flag.default(false),
  displayMode: z.enum(DISPLAY_MODES, { error: text.displayMode }).default('QR'),
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

export const providerEventsBody = z.strictObject({
  events: z.array(z.unknown()).min(1).max(PROVIDER_BATCH_MAX),
});
export const providerTicketsBody = z.strictObject({
  tickets: z.array(z.unknown()).min(1).max(PROVIDER_BATCH_MAX),
});

export const importReportSchema = z.object({
  received: z.number(),
  inserted: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  rejected: z.array(z.object({ row: z.number(), key: z.string().nullable(), reason: z.string() })),
});
export type ImportReport = z.infer<typeof importReportSchema>;

/** GET /api/providers/tickets/{publicCode}/status: what a club's gate asks before letting a fan in. */
export const gateStatusSchema = z.object({
  publicCode: z.string(),
  eventExternalId: z.string(),
  /** VALID; BLOCKED while the holder is suspended; EVENT_OVER once the match has been played. */
  status: z.enum(['VALID', 'BLOCKED', 'EVENT_OVER']),
  holderName: z.string().nullable(),
});
export type GateStatus = z.infer<typeof gateStatusSchema>;
