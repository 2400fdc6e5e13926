import { z } from 'zod';
import { admissionRequestSchema, gateMessages, gateScreenMessages, IDENTIFIER_SHAPES } from '@tickets/domain';

/**
 * The gate's forms' schemas, imported only dynamically (shared/forms/lazy-resolver.ts): zod stays off
 * the pairing page's first load.
 */

/** The token the ticket office showed, as typed or read (trimmed). */
export const pairingSchema = z.object({
  token: z.string().trim().min(1, { error: gateScreenMessages.tokenRequired }),
});

/**
 * A scanned code, checked as the admission route checks it; the printed 12-digit number is public, so
 * it is refused first, with what the steward should scan instead.
 */
export const scanSchema = (eventId: number) =>
  z
    .object({ code: z.string() })
    .check((context) => {
      const { code } = context.value;
      const message = IDENTIFIER_SHAPES.ticketCode.test(code.trim())
        ? gateScreenMessages.publicNumberTyped
        : admissionRequestSchema.safeParse({ eventId, code }).success
          ? undefined
          : gateMessages.code;
      if (message) context.issues.push({ code: 'custom', message, input: code, path: ['code'] });
    })
    .transform(({ code }) => admissionRequestSchema.parse({ eventId, code }));
