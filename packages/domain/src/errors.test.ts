import { describe, expect, it } from 'vitest';
import { errorEnvelope, firstErrorDescription } from './errors';

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
