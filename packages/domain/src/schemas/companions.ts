import { z } from 'zod';
import { DECLARATION_STATUSES } from '../constants';
import { validationMessages as text } from '../form-messages';
import { afmField, amkaField, strictPayload, ticketCodeField } from './fields';

/** GET /api/tickets/dependents/ (docs/product-spec.md §3 "Dependent"). */
export const dependentSchema = z.object({
  amka: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** YYYY-MM-DD: a calendar date. */
  birthdate: z.string(),
});
export type Dependent = z.infer<typeof dependentSchema>;

/** POST /api/tickets/dependents/declarations/indicate: the minor by ΑΜΚΑ, the companion by ΑΦΜ. */
export const indicateCompanionSchema = strictPayload({
  publicCode: ticketCodeField,
  afm: afmField,
  amka: amkaField,
});
export type IndicateCompanionRequest = z.infer<typeof indicateCompanionSchema>;

/** POST /api/tickets/dependents/declarations/modify: an empty ΑΦΜ names the guardian. */
export const modifyCompanionSchema = strictPayload({
  declarationId: z.uuid({ error: text.declarationId }),
  companionAfm: z.union([z.literal(''), afmField], { error: text.afmLength }),
});
export type ModifyCompanionRequest = z.infer<typeof modifyCompanionSchema>;

export const declarationIdParams = z.object({ declarationId: z.uuid({ error: text.declarationId }) });

/** docs/product-spec.md §3 "Companion declaration", with the details the success screens show. */
export const declarationSchema = z.object({
  declarationId: z.string(),
  dependentName: z.string(),
  birthDate: z.string(),
  eventDescription: z.string(),
  eventDateTime: z.string(),
  companionName: z.string(),
  companionAfm: z.string(),
  ticketCode: z.string(),
  status: z.enum(DECLARATION_STATUSES),
  timestamp: z.string(),
});
export type Declaration = z.infer<typeof declarationSchema>;

/** What the wallet shows a companion who has been asked to accompany a minor. */
export const companionRequestSchema = z.object({
  /** The companion declaration's id; `requestId` is the wallet API's name for it. */
  requestId: z.string(),
  dependentName: z.string(),
  guardianName: z.string(),
  eventDescription: z.string(),
  eventDateTime: z.string(),
  venue: z.string(),
  ticketCode: z.string(),
  status: z.enum(DECLARATION_STATUSES),
  timestamp: z.string(),
});
export type CompanionRequest = z.infer<typeof companionRequestSchema>;
