import { describe, expect, it } from 'vitest';
import { suspensionMessages } from '../form-messages';
import { suspensionRequestSchema } from './suspensions';

const request = (dates: { dateOfBirth?: string; endDate?: string }) =>
  suspensionRequestSchema.safeParse({
    firstName: 'ΚΩΝΣΤΑΝΤΙΝΟΣ',
    fathersName: 'ΑΝΔΡΕΑΣ',
    lastName: 'ΔΗΜΗΤΡΙΟΥ',
    dateOfBirth: '1979-01-01',
    endDate: '2099-12-31',
    ...dates,
  });
const messagesOf = (result: ReturnType<typeof request>) =>
  result.success ? [] : result.error.issues.map((issue) => issue.message);

describe('suspension dates', () => {
  it.each([
    '1997-02-30',
    '2023-02-29',
    '1997-13-01',
    '1997-00-10',
    '0000-01-01',
    '1997-2-3',
    'March 3 1997',
    '1997-02-30T10:00:00Z',
  ])('refuses %s as a birth date that does not exist, in Greek', (dateOfBirth) => {
    expect(messagesOf(request({ dateOfBirth }))).toContain(suspensionMessages.badDate);
  });

  it('refuses an end date that does not exist, as a day or as an instant', () => {
    for (const endDate of ['2099-02-30', '2099-04-31T21:59:59.999Z', '2099-12-31 23:59'])
      expect(messagesOf(request({ endDate }))).toContain(suspensionMessages.badDate);
  });

  it('accepts real days, leap days included, and reads an instant as its day in Athens', () => {
    const parsed = request({ dateOfBirth: '2024-02-29', endDate: '2099-06-30T21:00:00.000Z' });
    expect(parsed.success && [parsed.data.dateOfBirth, parsed.data.endDate]).toEqual([
      '2024-02-29',
      '2099-07-01',
    ]);
  });
});
