import { z } from 'zod';
import { claimMessages as text } from '../form-messages';
import { amkaField, strictPayload, textField, ticketCodeField } from './fields';

/**
 * Adding a bought ticket to the wallet (docs/design.md §10). The ticket's 12-digit code is printed,
 * sequential and shared, so it does not prove a purchase: the provider puts a claim code, which the
 * platform gave it for that ticket, on the purchase confirmation beside it, as text and in a QR.
 */

/**
 * Crockford's base32 (no I, L, O, U: nothing to misread), 16 characters = 80 bits, shown in groups
 * of four («7KQ2-M9TX-4HCN-R8WE»).
 */
export const CLAIM_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CLAIM_CODE_LENGTH = 16;
const CLAIM_CODE_SHAPE = new RegExp(`^[${CLAIM_CODE_ALPHABET}]{${CLAIM_CODE_LENGTH}}$`);

/**
 * What a person typed, in the canonical form: spaces and hyphens dropped, upper case, and the letters
 * Crockford reads as digits (I and L as 1, O as 0) read so. Anything else is left for the check to refuse.
 */
export const normalizeClaimCode = (typed: string): string =>
  typed.replace(/[\s-]/g, '').toUpperCase().replace(/[IL]/g, '1').replace(/O/g, '0');

/** A claim code as printed: the canonical form in groups of four. */
export const formatClaimCode = (code: string): string => code.match(/.{1,4}/g)?.join('-') ?? code;

export const isClaimCode = (value: string): boolean => CLAIM_CODE_SHAPE.test(value);

/** A claim code as typed or scanned: normalised first, then checked. */
export const claimCodeField = textField(text.claimCode)
  .max(64, { error: text.claimCode })
  .transform(normalizeClaimCode)
  .refine(isClaimCode, { error: text.claimCode });

/**
 * The purchase confirmation's QR: `GRTICKET1:<ticket code>:<claim code>` (upper case, no spaces), which
 * a QR encodes in its compact alphanumeric mode. The wallet reads both codes from it.
 */
export const PURCHASE_QR_PREFIX = 'GRTICKET1';

export interface PurchaseProof {
  publicCode: string;
  claimCode: string;
}

export const purchaseQrText = ({ publicCode, claimCode }: PurchaseProof): string =>
  `${PURCHASE_QR_PREFIX}:${publicCode}:${claimCode}`;

/** The two codes of a purchase QR's text, or undefined when the text is not one. */
export function parsePurchaseQr(scanned: string): PurchaseProof | undefined {
  const [prefix, publicCode, typedClaim, ...rest] = scanned.trim().split(':');
  if (prefix !== PURCHASE_QR_PREFIX || rest.length > 0 || publicCode === undefined) return undefined;
  const claimCode = normalizeClaimCode(typedClaim ?? '');
  return /^\d{12}$/.test(publicCode) && isClaimCode(claimCode) ? { publicCode, claimCode } : undefined;
}

/**
 * POST /api/wallet/tickets: add a bought ticket for the signed-in person, or, with `dependentAmka`,
 * for one of their minors (an `amka` of GET /api/tickets/dependents/).
 */
export const addWalletTicketSchema = strictPayload({
  publicCode: ticketCodeField,
  claimCode: claimCodeField,
  dependentAmka: amkaField.optional(),
});
export type AddWalletTicket = z.input<typeof addWalletTicketSchema>;

/** PUT /api/providers/tickets answers, for every ticket accepted or already there unchanged, its claim code. */
export const ticketClaimSchema = z.object({ publicCode: z.string(), claimCode: z.string() });
export type TicketClaim = z.infer<typeof ticketClaimSchema>;
