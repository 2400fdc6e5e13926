import { z } from 'zod';
import {
  INT4_MAX,
  MAX_TRANSFERS_MIN,
  TRANSFER_CUTOFF_HOURS_MAX,
  TRANSFER_CUTOFF_HOURS_MIN,
} from '../constants';
import { transferMessages as text } from '../form-messages';
import { afmField, strictPayload, textField } from './fields';

/** An event's id (a bigint column): zod's int() already stops at Number.MAX_SAFE_INTEGER. */
const eventIdField = z
  .number({ error: text.eventId })
  .int({ error: text.eventId })
  .positive({ error: text.eventId });

/**
 * docs/product-spec.md §3 "Transfer event": an upcoming event of the officer's club with its transfer rules.
 */
export const transferEventSchema = z.object({
  eventId: z.number(),
  eventDescription: z.string(),
  eventDateTime: z.string(),
  seasonal: z.boolean(),
  allowTransfer: z.boolean(),
  maxTransfers: z.number(),
  transferMinuteLimit: z.number(),
  minToAutoRevertTransferredTicket: z.number().nullable(),
  ignoreTransfers: z.boolean(),
});
export type TransferEvent = z.infer<typeof transferEventSchema>;

/**
 * PUT /api/ticket-office/transfer-events: the event with its edited fields (docs/product-spec.md §7). The
 * description and date are the provider's and are not changed here; the rules are checked.
 */
export const transferRulesUpdateSchema = z.object({
  eventId: eventIdField,
  eventDescription: textField().optional(),
  eventDateTime: textField().optional(),
  seasonal: z.boolean().optional(),
  allowTransfer: z.boolean({ error: text.allowTransfer }).optional(),
  maxTransfers: z
    .number({ error: text.maxTransfers })
    .int({ error: text.maxTransfers })
    .min(MAX_TRANSFERS_MIN, { error: text.maxTransfers })
    .max(1000, { error: text.maxTransfers })
    .optional(),
  transferMinuteLimit: z
    .number({ error: text.cutOff })
    .int({ error: text.cutOff })
    .min(TRANSFER_CUTOFF_HOURS_MIN * 60, { error: text.cutOff })
    .max(TRANSFER_CUTOFF_HOURS_MAX * 60, { error: text.cutOff })
    .optional(),
  minToAutoRevertTransferredTicket: z
    .number({ error: text.autoRevert })
    .int({ error: text.autoRevert })
    .min(0, { error: text.autoRevert })
    .max(INT4_MAX, { error: text.autoRevert })
    .nullable()
    .optional(),
  ignoreTransfers: z.boolean({ error: text.ignoreTransfers }).optional(),
});
export type TransferRulesUpdate = z.infer<typeof transferRulesUpdateSchema>;

/**
 * Clamps what a person types to the allowed range (docs/product-spec.md §5: values are forced, not refused).
 */
export const clampMaxTransfers = (value: number) =>
  Math.max(MAX_TRANSFERS_MIN, Math.trunc(Number.isFinite(value) ? value : MAX_TRANSFERS_MIN));
export const clampCutOffHours = (value: number) =>
  Math.min(
    TRANSFER_CUTOFF_HOURS_MAX,
    Math.max(
      TRANSFER_CUTOFF_HOURS_MIN,
      Math.trunc(Number.isFinite(value) ? value : TRANSFER_CUTOFF_HOURS_MIN),
    ),
  );

export const TRANSFER_STATUSES = [
  'PENDING',
  'ACCEPTED',
  'COMPLETED',
  'REJECTED',
  'REVOKED',
  'REVERTED',
] as const;

/** POST /api/wallet/tickets/{publicCode}/transfers: lend a season ticket for one fixture. */
export const createTransferSchema = strictPayload({
  recipientAfm: afmField,
  eventId: eventIdField,
});

export const transferSchema = z.object({
  transferId: z.string(),
  ticketCode: z.string(),
  eventId: z.number(),
  eventDescription: z.string(),
  eventDateTime: z.string(),
  fromAfm: z.string(),
  toAfm: z.string(),
  toName: z.string(),
  status: z.enum(TRANSFER_STATUSES),
  revertAt: z.string().nullable(),
  timestamp: z.string(),
});
export type Transfer = z.infer<typeof transferSchema>;

/**
 * A fixture a wallet ticket admits to, and whether its holder lent it. No code: the wallet's gate code
 * is made on the phone, signed with the key it registered (POST /api/wallet/tickets/{code}/device-key).
 */
export const walletFixtureSchema = z.object({
  eventId: z.number(),
  eventDescription: z.string(),
  eventDateTime: z.string(),
  venue: z.string(),
  /** The recipient's name when the holder lent this fixture: the recipient enters, not the holder. */
  lentTo: z.string().nullable(),
  /** The club's ticket office cancelled it: nobody enters. */
  cancelled: z.boolean(),
});
export type WalletFixture = z.infer<typeof walletFixtureSchema>;

/**
 * A ticket in the wallet: a match ticket, a season ticket (listed until its season ends, with its
 * upcoming fixtures), or one fixture of someone else's season ticket lent to the person.
 */
export const walletTicketSchema = z.object({
  publicCode: z.string(),
  /** The match, the season, or the lent fixture. */
  eventId: z.number(),
  eventDescription: z.string(),
  eventDateTime: z.string(),
  venue: z.string(),
  sector: z.string().nullable(),
  gate: z.string().nullable(),
  row: z.string().nullable(),
  seat: z.string().nullable(),
  seasonal: z.boolean(),
  /** A season's end, for a season ticket. */
  seasonEndsAt: z.string().nullable(),
  /** The upcoming events the person enters with this ticket (a match ticket: the match). */
  fixtures: z.array(walletFixtureSchema),
  /** The holder's name, when this is one fixture lent to the person. */
  lentBy: z.string().nullable(),
  /** The minor's name, when this is the ticket of a minor in the person's care. */
  dependentName: z.string().nullable(),
  /** The holder is suspended: the ticket admits no one until `blockedUntil` has passed. */
  blocked: z.boolean(),
  /** The suspension's last day (YYYY-MM-DD, Europe/Athens), while blocked. */
  blockedUntil: z.string().nullable(),
  /** Why, until when and whom to contact, in Greek, while blocked. */
  blockedNotice: z.string().nullable(),
});
export type WalletTicket = z.infer<typeof walletTicketSchema>;

/**
 * GET /api/wallet/lookups: when a ticket office looked up or bound one of the person's tickets, or
 * looked the person up in the suspension list (SUSPENSION_CHECK: a pre-check or a search).
 */
export const walletLookupSchema = z.object({
  /** Null for a SUSPENSION_CHECK: it is about the person, not a ticket. */
  ticketCode: z.string().nullable(),
  kind: z.enum(['LOOKUP', 'BINDING', 'SUSPENSION_CHECK']),
  /** The club whose office did it, or the platform's own staff; never the officer's ΑΦΜ. */
  organisation: z.string(),
  at: z.string(),
});
export type WalletLookup = z.infer<typeof walletLookupSchema>;
