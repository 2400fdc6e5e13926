import { z } from 'zod';
import { DOCUMENT_ID_MAX_LENGTH } from '../constants';
import { IDENTIFIER_SHAPES, isValidAfm } from '../identifiers';
import { validationMessages as text } from '../form-messages';

/**
 * One field per identifier, shared by every payload: the same checks in the form and on the server.
 * A form's input takes its `maxLength` from the same constants (TICKET_CODE_LENGTH, AFM_LENGTH, …).
 */

/**
 * C0 controls (NUL, tab and line breaks among them), DEL and C1 controls: none belongs in a
 * single-line field, and PostgreSQL cannot even store a NUL in text.
 */
export const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;
export const hasNoControlCharacters = (value: string): boolean => !CONTROL_CHARACTER.test(value);

/**
 * Half of a UTF-16 pair without its other half. In a `u` expression a proper pair is one code point,
 * so only a lone half matches. JSON carries one (`"a\ud800b"`); UTF-8, and so PostgreSQL's text and
 * jsonb, cannot: the audit row's JSON refused it with a 500 (issue 40).
 */
const LONE_SURROGATE = /[\ud800-\udfff]/u;
export const isWellFormedText = (value: string): boolean => !LONE_SURROGATE.test(value);

/**
 * Every text a request carries starts here: a string (`message` when it is not one) with no control
 * character (refused before any trimming, so a tab or a line break is not quietly dropped) and well
 * formed (no lone surrogate). Chain the field's own rules after it.
 */
export const textField = (message?: string) =>
  z
    .string(message === undefined ? undefined : { error: message })
    .refine(hasNoControlCharacters, { error: text.controlCharacters, abort: true })
    .refine(isWellFormedText, { error: text.malformedText, abort: true });

const shaped = (shape: RegExp, message: string) => textField(message).regex(shape, { error: message });

/** A ticket's public code: 12 digits. */
export const ticketCodeField = shaped(IDENTIFIER_SHAPES.ticketCode, text.ticketCode);

/** Nine digits with a correct check digit. */
export const afmField = shaped(IDENTIFIER_SHAPES.afm, text.afmLength).refine(isValidAfm, {
  error: text.afmCheckDigit,
});

export const amkaField = shaped(IDENTIFIER_SHAPES.amka, text.amkaLength);

/** A document number as printed: upper-case Latin or Greek capitals, digits and hyphen. */
export const documentIdField = textField(text.documentId)
  .trim()
  .min(1, { error: text.documentId })
  .max(DOCUMENT_ID_MAX_LENGTH, { error: text.documentId })
  .regex(IDENTIFIER_SHAPES.documentId, { error: text.documentId });

/** Every payload is a strict object: an unknown field is an error, not silently dropped. */
export const strictPayload = <Shape extends z.core.$ZodLooseShape>(shape: Shape) =>
  z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? text.unknownField : text.notAnObject),
  });
