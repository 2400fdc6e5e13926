import { z } from 'zod';
import { indicateCompanionSchema, messages } from '@tickets/domain';

/**
 * The companions' forms' schemas, imported only dynamically (shared/forms/lazy-resolver.ts): zod stays
 * off the screens' first load.
 */

/** A choice on the choose-minor page, sent nowhere: the next page takes the chosen minor. */
export const chooseMinorSchema = z.object({
  minor: z.string({ error: messages.companions.chooseMinorRequired }),
});

/** The route's own schema, less the minor's ΑΜΚΑ, which the page knows. */
export const selectedMinorSchema = indicateCompanionSchema.omit({ amka: true });
export type SelectedMinorValues = z.infer<typeof selectedMinorSchema>;

/** The new companion: the guardian (an empty ΑΦΜ is sent) or another person, whose ΑΦΜ the server checks. */
export const changeCompanionSchema = z.object({
  who: z.enum(['myself', 'another']),
  afm: z.string(),
});
export type ChangeCompanionValues = z.infer<typeof changeCompanionSchema>;
