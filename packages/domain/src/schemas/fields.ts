import { z } from 'zod';
import { DOCUMENT_ID_MAX_LENGTH } from '../constants';
import { IDENTIFIER_SHAPES, isValidAfm } from '../identifiers';
import { validationMessages as text } from '../messages';

/**
 * One field per identifier, shared by every payload: the same checks in the form and on the server.
 * A form's input takes its `maxLength` from the same constants (TICKET_CODE_LENGTH, AFM_LENGTH, …).
 */
const shaped = (shape: RegExp, message: string) =>
  z.string({ error: message }).regex(shape, { error: message });

/** A ticket's public code: 12 digits. */
export const ticketCodeField = shaped(IDENTIFIER_SHAPES.ticketCode, text.ticketCode);

/** Nine digits with a correct check digit. */
export const afmField = shaped(IDENTIFIER_SHAPES.afm, text.afmLength).refine(isValidAfm, {
  error: text.afmCheckDigit,
});

export const amkaField = shaped(IDENTIFIER_SHAPES.amka, text.amkaLength);

/** A document number as printed: upper-case Latin or Greek capitals, digits and hyphen. */
export const documentIdField = z
  .string({ error: text.documentId })
  .trim()
  .min(1, { error: text.documentId })
  .max(DOCUMENT_ID_MAX_LENGTH, { error: text.documentId })
  .regex(IDENTIFIER_SHAPES.documentId, { error: text.documentId });

/** Every payload is a strict object: an unknown field is an error, not silently dropped. */
export const strictPayload = <Shape extends z.core.$ZodLooseShape>(shape: Shape) =>
  z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? text.unknownField : text.notAnObject),
  });
