import { createHmac, timingSafeEqual } from 'node:crypto';
import { CLAIM_CODE_ALPHABET, CLAIM_CODE_LENGTH, type TicketClaim } from '@tickets/domain';

/**
 * A ticket's claim code (docs/design.md §10): the proof of purchase the provider prints beside the
 * ticket code. Derived, never stored: HMAC-SHA256 with the platform's key (CLAIM_CODE_KEY) over the
 * ticket's code, its first 80 bits in Crockford's base32. So a re-push answers the same code, a
 * database copy holds nothing that takes a ticket, and without the key no code can be guessed.
 */
const BITS_PER_CHARACTER = 5;

export function claimCodeFor(key: string, publicCode: string): string {
  const digest = createHmac('sha256', key).update(publicCode, 'utf8').digest();
  let code = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of digest) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= BITS_PER_CHARACTER && code.length < CLAIM_CODE_LENGTH) {
      bits -= BITS_PER_CHARACTER;
      code += CLAIM_CODE_ALPHABET[(buffer >> bits) & 0x1f];
    }
    buffer &= (1 << bits) - 1;
    if (code.length === CLAIM_CODE_LENGTH) break;
  }
  return code;
}

/**
 * Whether `claimCode` (canonical form, as the domain's `claimCodeField` gives it) is this ticket's:
 * compared in constant time, so the answer's timing tells nothing of how much of it was right.
 */
export function isClaimCodeOf(key: string, publicCode: string, claimCode: string): boolean {
  const expected = Buffer.from(claimCodeFor(key, publicCode), 'utf8');
  const given = Buffer.from(claimCode, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The claims a provider's push answers, for the tickets it accepted. */
export const claimsFor = (key: string, publicCodes: string[]): TicketClaim[] =>
  publicCodes.map((publicCode) => ({ publicCode, claimCode: claimCodeFor(key, publicCode) }));
