import { describe, expect, it } from 'vitest';
import { errorEnvelope, firstError, firstErrorDescription, isErrorCode } from './errors';

describe('the error envelope', () => {
  it('yields the first description, as the client shows it', () => {
    const body = {
      exceptions: {
        errors: [
          { code: 'A', description: 'πρώτο' },
          { code: 'B', description: 'δεύτερο' },
        ],
      },
    };
    expect(firstErrorDescription(body)).toBe('πρώτο');
    expect(firstErrorDescription(errorEnvelope('X', 'μήνυμα'))).toBe('μήνυμα');
  });

  it('keeps the code beside the description, for a client to branch on', () => {
    expect(firstError(errorEnvelope('TICKET_NOT_FOUND', 'μήνυμα'))).toEqual({
      code: 'TICKET_NOT_FOUND',
      description: 'μήνυμα',
    });
    expect(firstError({ exceptions: { errors: [{ code: 7, description: 'μήνυμα' }] } })).toEqual({
      description: 'μήνυμα',
    });
    expect(isErrorCode('TICKET_NOT_FOUND')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode('SOMETHING_ELSE')).toBe(false);
  });

  it('yields nothing for anything else', () => {
    for (const body of [
      null,
      'text',
      {},
      { exceptions: {} },
      { exceptions: { errors: [] } },
      { exceptions: { errors: [{ description: '' }] } },
    ]) {
      expect(firstErrorDescription(body)).toBeUndefined();
    }
  });
});
