import { randomInt } from 'node:crypto';
import { signPaperCode, type DisplayMode, type PlatformKey } from '@tickets/domain';

/** Crockford's alphabet: no I, L, O or U to misread at a gate. 16 characters = 80 random bits. */
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODE_LENGTH = 16;

/** A verification code that admits: printed on a paper ticket, or shown by a wallet at the gate. */
export const newVerificationCode = () =>
  Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/**
 * The code printed on a paper ticket (docs/design.md §8): as a QR, signed by the platform over the
 * ticket, its event (a match, or a season) and the print's serial, so a device verifies it alone;
 * as a Code 128 barcode, too short for a signature, a random code.
 */
export const paperCodeFor = (
  ticket: { publicCode: string; eventId: number },
  displayMode: DisplayMode,
  serial: number,
  signer: PlatformKey,
) =>
  displayMode === 'QR'
    ? signPaperCode({ ticketCode: ticket.publicCode, scopeEventId: ticket.eventId, serial }, signer)
    : newVerificationCode();
