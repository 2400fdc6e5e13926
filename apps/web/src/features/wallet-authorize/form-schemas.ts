import { z } from 'zod';
import { credentialIssuanceMessages } from '@tickets/domain';

/** The ticket chosen for the wallet (imported only dynamically: shared/forms/lazy-resolver.ts). */
export const chooseTicketSchema = z.object({
  ticket: z.string({ error: credentialIssuanceMessages.authorize.chooseRequired }),
});
