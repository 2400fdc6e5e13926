import { randomInt } from 'node:crypto';

/** Crockford's alphabet: no I, L, O or U to misread at a gate. 16 characters = 80 random bits. */
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODE_LENGTH = 16;

/** A verification code that admits: printed on a paper ticket, or shown by a wallet at the gate. */
export const newVerificationCode = () =>
  Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
