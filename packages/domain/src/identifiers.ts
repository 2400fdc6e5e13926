import {
  AFM_LENGTH,
  AMKA_LENGTH,
  AMKA_SHOWN_DIGITS,
  DOCUMENT_ID_PATTERN,
  TICKET_CODE_LENGTH,
} from './constants';

const digitsOnly = (length: number) => new RegExp(`^\\d{${length}}$`);

/**
 * The shape of each identifier, once: the domain's fields (schemas/fields.ts) are built on these,
 * and a check that cannot be a whole field (an optional group, a login hint) tests the same shape.
 */
export const IDENTIFIER_SHAPES = {
  ticketCode: digitsOnly(TICKET_CODE_LENGTH),
  afm: digitsOnly(AFM_LENGTH),
  amka: digitsOnly(AMKA_LENGTH),
  documentId: DOCUMENT_ID_PATTERN,
} as const;

/** Removes every non-digit, as the spec's code fields do while the person types. */
export const stripNonDigits = (value: string): string => value.replace(/\D+/g, '');

/** Removes all white space (docs/product-spec.md §5: AFM, AMKA and document number). */
export const stripSpaces = (value: string): string => value.replace(/\s+/g, '');

/**
 * A document number as the person types it, made the shape docs/product-spec.md §5 asks for where that
 * is only a matter of form: no spaces («ΑΒ 123456»), Latin and Greek letters in capitals («ab» → «AB»,
 * «αβ» → «ΑΒ»). What is still wrong (a symbol, an accented letter) stays for the spec's message.
 */
export const normalizeDocumentId = (value: string): string => stripSpaces(value).toUpperCase();

/**
 * Greek tax number (ΑΦΜ): 9 digits, the last a check digit. Each of the first eight digits is
 * weighted by 2^(8-i); the weighted sum mod 11, then mod 10, must equal the ninth digit.
 * An all-zero number passes the arithmetic but is never issued, so it is refused.
 */
export function isValidAfm(value: string): boolean {
  if (!IDENTIFIER_SHAPES.afm.test(value) || /^0+$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(value[i]) * 2 ** (8 - i);
  return (sum % 11) % 10 === Number(value[8]);
}

/** Appends the ΑΦΜ check digit to eight digits (used to generate valid demo data). */
export function withAfmCheckDigit(firstEight: string): string {
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(firstEight[i]) * 2 ** (8 - i);
  return `${firstEight}${(sum % 11) % 10}`;
}

/**
 * Greek social security number (ΑΜΚΑ): 11 digits, the first six the birth date (DDMMYY),
 * the last a Luhn check digit.
 */
export function isValidAmka(value: string): boolean {
  if (!IDENTIFIER_SHAPES.amka.test(value)) return false;
  const day = Number(value.slice(0, 2));
  const month = Number(value.slice(2, 4));
  if (day < 1 || day > 31 || month < 1 || month > 12) return false;
  return luhnSum(value) % 10 === 0;
}

/** Appends the Luhn check digit to ten digits (used to generate valid demo data). */
export function withAmkaCheckDigit(firstTen: string): string {
  for (let digit = 0; digit <= 9; digit++) {
    if (luhnSum(`${firstTen}${digit}`) % 10 === 0) return `${firstTen}${digit}`;
  }
  throw new Error('unreachable: one Luhn digit always fits');
}

function luhnSum(value: string): number {
  let sum = 0;
  for (let i = 0; i < value.length; i++) {
    let digit = Number(value[value.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum;
}

/** Shows only the last three digits of an identifier, for logs and audit details. */
export const maskIdentifier = (value: string): string =>
  value.length <= 3 ? '***' : `${'*'.repeat(value.length - 3)}${value.slice(-3)}`;

/**
 * The holder's ΑΜΚΑ as a stats lookup shows it: its last digits. No task of the window needs the whole
 * (a binding is by document, a holder is told apart by name and ΑΦΜ), and a harvested ΑΜΚΑ with a
 * birth date in it is worth more than a name.
 */
export const maskedAmka = (amka: string | null): string | null =>
  amka === null
    ? null
    : `${'•'.repeat(Math.max(0, amka.length - AMKA_SHOWN_DIGITS))}${amka.slice(-AMKA_SHOWN_DIGITS)}`;

/**
 * The Greek capitals that look like Latin ones (Α Β Ε Ζ Η Ι Κ Μ Ν Ο Ρ Τ Υ Χ), each with its Latin
 * twin: an officer types the same identity card as `AB123456` or `ΑΒ123456`.
 */
const GREEK_LOOKALIKES = 'ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ';
const LATIN_TWINS = 'ABEZHIKMNOPTYX';
const LOOKALIKE = new RegExp(`[${GREEK_LOOKALIKES}]`, 'g');
const latinTwinOf = (letter: string) => LATIN_TWINS[GREEK_LOOKALIKES.indexOf(letter)] as string;

/**
 * The one form in which identifiers (document numbers, ΑΦΜ, ΑΜΚΑ) and the names of identity
 * details are stored for matching and compared (docs/design.md §9): no white space or hyphens, no
 * accents, upper case, Greek look-alike capitals folded to Latin. What a person typed is still
 * what is shown; this form is only ever compared.
 */
export function canonicalIdentifier(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\p{M}\s\p{Pd}]+/gu, '')
    .toUpperCase()
    .replace(LOOKALIKE, latinTwinOf);
}

/** Identity details as the registry knows a person: names, father's name, birth date (YYYY-MM-DD). */
export interface IdentityDetails {
  firstName: string;
  fathersName: string;
  lastName: string;
  dateOfBirth: string;
}

/** What each identity key starts with: the server's SQL builds registry keys with the same prefixes. */
export const IDENTITY_KEY_PREFIX = {
  afm: 'AFM:',
  amka: 'AMKA:',
  document: 'DOC:',
  details: 'NAME:',
} as const;

/**
 * A person is known by any of these keys (docs/design.md §9); a suspension and a ticket's holder each
 * resolve to a set of them, and the person is suspended when the two sets meet.
 */
export const identityKey = {
  afm: (afm: string) => `${IDENTITY_KEY_PREFIX.afm}${canonicalIdentifier(afm)}`,
  amka: (amka: string) => `${IDENTITY_KEY_PREFIX.amka}${canonicalIdentifier(amka)}`,
  document: (documentId: string) => `${IDENTITY_KEY_PREFIX.document}${canonicalIdentifier(documentId)}`,
  details: (person: IdentityDetails) =>
    `${IDENTITY_KEY_PREFIX.details}${[person.firstName, person.fathersName, person.lastName]
      .map(canonicalIdentifier)
      .join('|')}|${person.dateOfBirth}`,
} as const;
