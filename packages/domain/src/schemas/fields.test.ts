import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NAME_MAX_LENGTH } from '../constants';
import { isSchemaMessage, validationMessages as text } from '../form-messages';
import { withAfmCheckDigit } from '../identifiers';
import { afmField, amkaField, documentIdField, textField, ticketCodeField } from './fields';

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

describe('text fields refuse control characters', () => {
  const controls = ['\u0000', '\u0001', '\t', '\n', '\r', '\u001f', '\u007f', '\u0080', '\u0085', '\u009f'];

  it.each(controls.map((control) => [JSON.stringify(control), control]))(
    'refuses %s anywhere in a text, with the Greek message, before trimming',
    (_, control) => {
      for (const value of [control, `Θύρα${control}3`, `${control}Θύρα 3`, `Θύρα 3${control}`])
        expect(messageOf(textField(), value)).toBe(text.controlCharacters);
      expect(messageOf(documentIdField, `ΑΚ${control}123`)).toBe(text.controlCharacters);
    },
  );

  it('keeps every other character: Greek, Latin, accents, symbols', () => {
    for (const value of ['Θύρα 3 — Ά', 'Gate «A»', 'Ï € ©', '\u00a0'])
      expect(textField().safeParse(value).success).toBe(true);
  });
});

describe('text fields refuse strings that are not well formed', () => {
  // JSON carries a lone half of a UTF-16 pair, UTF-8 and so PostgreSQL cannot (issue 40, item 3).
  it.each(['\ud800', '\udbff', '\udc00', '\udfff'].map((half) => [JSON.stringify(half), half]))(
    'refuses the lone surrogate %s anywhere in a text, with the Greek message',
    (_, half) => {
      for (const value of [half, `a${half}b`, `Θύρα 3${half}`, `\ud83d\ude00${half}`, `${half}\ud83d`])
        expect(messageOf(textField(), value)).toBe(text.malformedText);
      expect(messageOf(documentIdField, `ΑΚ${half}123`)).toBe(text.malformedText);
    },
  );

  it('keeps characters written as a pair of halves', () => {
    for (const value of ['Θύρα 3 \ud83d\ude00', '\ud834\udd1e', '𝄞'])
      expect(textField().safeParse(value).success).toBe(true);
  });
});
