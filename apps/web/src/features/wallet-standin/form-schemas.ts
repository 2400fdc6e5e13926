import { z } from 'zod';
import { addWalletTicketSchema } from '@tickets/domain';

/**
 * The wallet stand-in's form schema, imported only dynamically (shared/forms/lazy-resolver.ts): zod
 * stays off the screen's first load.
 */

/** The route's own schema; the holder is a radio here and `dependentAmka` on the wire. */
export const addTicketSchema = addWalletTicketSchema
  .omit({ dependentAmka: true })
  .extend({ holder: z.string() });
export type AddTicketInput = z.input<typeof addTicketSchema>;
export type AddTicketOutput = z.output<typeof addTicketSchema>;
