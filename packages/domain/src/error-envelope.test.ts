import { describe, expect, it } from 'vitest';
import { errorEnvelope, firstError, firstErrorDescription } from './error-envelope';

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
