import { z } from 'zod';
import type { ErrorEnvelope } from '../error-envelope';

/** The error envelope of docs/design.md §4, as the OpenAPI document describes every error answer. */
export const errorEnvelopeSchema = z
  .object({
    exceptions: z.object({
      errors: z
        .array(
          z.object({
            code: z
              .string()
              .meta({ description: 'A code of the error catalogue: what a client branches on.' }),
            description: z.string().meta({
              description: 'What went wrong and what to do, in Greek, to show the person as it is.',
            }),
          }),
        )
        .min(1),
    }),
  })
  .meta({
    description: 'Every error answer: one coded error with its Greek description.',
  }) satisfies z.ZodType<ErrorEnvelope>;
