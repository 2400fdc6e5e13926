import { z } from 'zod';
import {
  CITIZEN_DOCUMENT_TYPES,
  DISPLAY_MODES,
  FOREIGNER_DOCUMENT_TYPES,
  GREEK_NAME_PATTERN,
  LATIN_NAME_PATTERN,
  NAME_MAX_LENGTH,
} from '../constants';
import { validationMessages as text } from '../form-messages';
import { documentIdField, strictPayload, textField, ticketCodeField } from './fields';

type NameMessages = { required: string; latin: string; greek: string; tooLong: string };

/** A name as written on the document, trimmed, in the script the fan's document uses. */
const nameField = (script: 'latin' | 'greek', messages: NameMessages) => {
  const pattern = script === 'latin' ? LATIN_NAME_PATTERN : GREEK_NAME_PATTERN;
  return textField(messages.required)
    .trim()
    .min(1, { error: messages.required })
    .max(NAME_MAX_LENGTH, { error: messages.tooLong })
    .regex(pattern, { error: messages[script] })
    .refine((value) => /\p{L}/u.test(value), { error: messages[script] });
};

/** POST /api/ticket-office/identify: a foreigner, Latin names, passport, foreign ID or permit. */
export const identifyTicketSchema = strictPayload({
  ticketCode: ticketCodeField,
  firstName: nameField('latin', text.firstName),
  lastName: nameField('latin', text.lastName),
  documentType: z.enum(FOREIGNER_DOCUMENT_TYPES, { error: text.documentType }),
  documentId: documentIdField,
});

/** POST /api/ticket-office/personalize: an over-67 fan, Greek names, passport or national ID. */
export const personalizeTicketSchema = strictPayload({
  ticketCode: ticketCodeField,
  firstName: nameField('greek', text.firstName),
  lastName: nameField('greek', text.lastName),
  documentType: z.enum(CITIZEN_DOCUMENT_TYPES, { error: text.documentType }),
  documentId: documentIdField,
});
export type TicketIssueRequest =
  z.infer<typeof identifyTicketSchema> | z.infer<typeof personalizeTicketSchema>;

const nullableText = z.string().nullable();

/** docs/product-spec.md §3 "Ticket details": every field, null where unknown (the client shows a dash). */
export const ticketDetailsSchema = z.object({
  fullName: nullableText,
  documentType: nullableText,
  documentId: nullableText,
  publicCode: z.string(),
  eventDescription: z.string(),
  eventDateTime: z.string(),
  venue: nullableText,
  sector: nullableText,
  gate: nullableText,
  row: nullableText,
  seat: nullableText,
  provider: nullableText,
  status: z.string(),
  seasonal: z.boolean(),
  installationId: nullableText,
  skipMode: nullableText,
  afm: nullableText,
  amka: nullableText,
  createdOn: nullableText,
  modifiedOn: nullableText,
  personalizedOn: nullableText,
  anonymous: z.boolean(),
});
export type TicketDetails = z.infer<typeof ticketDetailsSchema>;

/** What issuing answers: the details, and the verification code with how to print it. */
export const issuedTicketSchema = ticketDetailsSchema.extend({
  privateCode: z.string(),
  displayMode: z.enum(DISPLAY_MODES),
  /** A reprint for the same person: this code replaces every earlier print's, which no longer admits. */
  replacesEarlierPrint: z.boolean(),
});
export type IssuedTicket = z.infer<typeof issuedTicketSchema>;

/** Who enters each fixture of a season ticket: the holder, or the recipient of a loan of it. */
export const fixtureEntrantSchema = z.object({
  eventId: z.number(),
  eventDescription: z.string(),
  eventDateTime: z.string(),
  entrantName: nullableText,
  lent: z.boolean(),
});
export type FixtureEntrant = z.infer<typeof fixtureEntrantSchema>;

/** The stats view: the details, and for a season ticket who enters each fixture not yet over. */
export const statsTicketSchema = ticketDetailsSchema.extend({ fixtures: z.array(fixtureEntrantSchema) });
export type StatsTicket = z.infer<typeof statsTicketSchema>;

/** POST /api/stats/ticket?code= */
export const statsQuerySchema = z.object({ code: ticketCodeField });
