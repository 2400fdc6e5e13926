import { z } from 'zod';
import { AFM_LENGTH, AMKA_LENGTH, TICKET_CODE_LENGTH } from '../constants';
import { isValidAfm } from '../identifiers';
import { validationMessages as text } from '../messages';

/** Field rules shared by every payload: the same checks in the form and on the server. */
const digits = (length: number, message: string) =>
  z.string({ error: message }).regex(new RegExp(`^\\d{${length}}$`), { error: message });

export const ticketCodeField = digits(TICKET_CODE_LENGTH, text.ticketCode);

/** Nine digits with a correct check digit. */
export const afmField = digits(AFM_LENGTH, text.afmLength).refine(isValidAfm, { error: text.afmCheckDigit });

export const amkaField = digits(AMKA_LENGTH, text.amkaLength);

/** Every payload is a strict object: an unknown field is an error, not silently dropped. */
export const strictPayload = <Shape extends z.core.$ZodLooseShape>(shape: Shape) =>
  z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? text.unknownField : text.notAnObject),
  });
