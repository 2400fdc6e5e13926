import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NAME_MAX_LENGTH } from '../constants';
import { isSchemaMessage, validationMessages as text } from '../messages';
import { withAfmCheckDigit } from '../identifiers';
import { afmField, amkaField, documentIdField, ticketCodeField } from './fields';

const messageOf = (field: z.ZodType, value: unknown) => field.safeParse(value).error?.issues[0]?.message;

describe('the identifier fields every form and route use', () => {
  it.each([
    [ticketCodeField, '301000000020', '30100000002', text.ticketCode],
    [afmField, withAfmCheckDigit('12345678'), '12345678', text.afmLength],
    [amkaField, '01019012345', '0101901234', text.amkaLength],
    [documentIdField, 'ΑΒ-123456', 'ab123456', text.documentId],
  ])('accepts %#: a good value, and tells what to fix in a bad one', (field, good, bad, message) => {
    expect(field.safeParse(good).success).toBe(true);
    expect(messageOf(field, bad)).toBe(message);
  });

  it('refuses an ΑΦΜ whose check digit is wrong, saying so', () => {
    const valid = withAfmCheckDigit('12345678');
    const wrong = `${valid.slice(0, 8)}${(Number(valid[8]) + 1) % 10}`;
    expect(messageOf(afmField, wrong)).toBe(text.afmCheckDigit);
  });

  it("tells the domain's messages from the validation library's own", () => {
    expect(isSchemaMessage(messageOf(afmField, '1'))).toBe(true);
    expect(isSchemaMessage(messageOf(z.string(), 1))).toBe(false);
    expect(isSchemaMessage(undefined)).toBe(false);
  });

  it('says the same longest name the rule allows', () => {
    for (const field of [text.firstName, text.lastName, text.fathersName]) {
      expect(field.tooLong).toContain(` ${NAME_MAX_LENGTH} `);
    }
  });
});
