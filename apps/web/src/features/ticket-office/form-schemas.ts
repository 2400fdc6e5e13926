import { z } from 'zod';
import {
  identifyTicketSchema,
  personalizeTicketSchema,
  RESIDENCE_PERMIT_TYPES,
  type TicketUserKind,
} from '@tickets/domain';

/**
 * The ticket office's forms' schemas, imported only dynamically (shared/forms/lazy-resolver.ts): zod
 * stays off the screens' first load.
 */
export { statsQuerySchema } from '@tickets/domain';

export const DOCUMENT_CHOICES = ['PASSPORT', 'ID', 'PERMIT'] as const;

/** The form's rules are the server's: the same domain schema, by the kind of fan. */
export const ticketInfoSchema = (kind: TicketUserKind) =>
  (kind === 'foreigner' ? identifyTicketSchema : personalizeTicketSchema)
    .pick({ ticketCode: true, firstName: true, lastName: true, documentId: true })
    .extend({ documentChoice: z.enum(DOCUMENT_CHOICES), permitType: z.enum(RESIDENCE_PERMIT_TYPES) });
export type TicketInfoValues = z.infer<ReturnType<typeof ticketInfoSchema>>;
