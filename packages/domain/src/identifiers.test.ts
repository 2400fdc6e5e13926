import { describe, expect, it } from 'vitest';
import {
  isValidAfm,
  isValidAmka,
  maskIdentifier,
  stripNonDigits,
  stripSpaces,
  withAfmCheckDigit,
  withAmkaCheckDigit,
} from './identifiers';

describe('ΑΦΜ check digit', () => {
  it('accepts the demo people and a published real-world pattern', () => {
    for (const afm of ['100000003', '100000015', '100000027', '100000039', '100000040', '090000045']) {
      expect(isValidAfm(afm)).toBe(true);
    }
  });

  it('refuses a wrong check digit, wrong length, non-digits and all zeros', () => {
    for (const afm of ['100000004', '10000000', '1000000030', '10000000a', '000000000', '', ' 100000003']) {
      expect(isValidAfm(afm)).toBe(false);
    }
  });

  it('generates numbers it accepts', () => {
    for (const stem of ['12345678', '99999999', '01010101'])
      expect(isValidAfm(withAfmCheckDigit(stem))).toBe(true);
  });
});

describe('ΑΜΚΑ', () => {
  it('accepts a birth date followed by a Luhn-valid serial', () => {
    const amka = withAmkaCheckDigit('1503101234');
    expect(amka).toHaveLength(11);
    expect(isValidAmka(amka)).toBe(true);
  });

  it('refuses a broken check digit, an impossible date or a wrong length', () => {
    const amka = withAmkaCheckDigit('1503101234');
    const broken = `${amka.slice(0, 10)}${(Number(amka[10]) + 1) % 10}`;
    expect(isValidAmka(broken)).toBe(false);
    expect(isValidAmka(withAmkaCheckDigit('3213101234'))).toBe(false);
    expect(isValidAmka('1234567890')).toBe(false);
  });
});

describe('code fields', () => {
  it('strips non-digits while typing and spaces from identifiers', () => {
    expect(stripNonDigits('12a3-45 6')).toBe('123456');
    expect(stripSpaces(' 123 456 789 ')).toBe('123456789');
  });

  it('masks all but the last three characters', () => {
    expect(maskIdentifier('100000003')).toBe('******003');
  });
});
