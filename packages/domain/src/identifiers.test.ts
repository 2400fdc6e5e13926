import { describe, expect, it } from 'vitest';
import {
  canonicalIdentifier,
  IDENTIFIER_SHAPES,
  identityKey,
  isValidAfm,
  isValidAmka,
  maskIdentifier,
  normalizeDocumentId,
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

describe('the canonical form of identifiers', () => {
  it('makes one form of the same card typed in Latin, in Greek capitals, in lower case, with spaces and hyphens', () => {
    const forms = [
      'AB123456',
      'ΑΒ123456',
      'ab123456',
      'ab 123-456',
      'αβ 123 456',
      'Αβ\u2011123456',
      ' aB-123456 ',
    ];
    expect(new Set(forms.map(canonicalIdentifier))).toEqual(new Set(['AB123456']));
  });

  it('folds every Greek capital that looks like a Latin one, and only those', () => {
    expect(canonicalIdentifier('ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ')).toBe('ABEZHIKMNOPTYX');
    expect(canonicalIdentifier('ΓΔΘΛΞΠΣΦΨΩ')).toBe('ΓΔΘΛΞΠΣΦΨΩ');
    expect(canonicalIdentifier('ΓA')).not.toBe(canonicalIdentifier('GA'));
  });

  it('drops accents and diaereses, so names typed with or without them match', () => {
    expect(canonicalIdentifier('Παπαδοπούλου')).toBe(canonicalIdentifier('ΠΑΠΑΔΟΠΟΥΛΟΥ'));
    expect(canonicalIdentifier('Ευδοξία')).toBe(canonicalIdentifier('ΕΥΔΟΞΙΑ'));
  });

  it('keys a person by identity details whatever the case, accents or look-alike letters', () => {
    const typed = {
      firstName: 'Μαρία',
      fathersName: 'Νίκος',
      lastName: 'Παπαδοπούλου',
      dateOfBirth: '1980-05-01',
    };
    const registry = {
      firstName: 'ΜΑΡΙΑ',
      fathersName: 'ΝΙΚΟΣ',
      lastName: 'ΠΑΠΑΔΟΠΟΥΛΟΥ',
      dateOfBirth: '1980-05-01',
    };
    expect(identityKey.details(typed)).toBe(identityKey.details(registry));
    expect(identityKey.details({ ...typed, dateOfBirth: '1980-05-02' })).not.toBe(
      identityKey.details(registry),
    );
    expect(identityKey.document('ab 123-456')).toBe(identityKey.document('ΑΒ123456'));
    expect(identityKey.afm('100000003')).not.toBe(identityKey.amka('100000003'));
  });
});

describe('a document number as typed', () => {
  it('loses its spaces and takes Latin and Greek capitals; what is still wrong stays wrong', () => {
    expect(normalizeDocumentId('ΑΒ 123456')).toBe('ΑΒ123456');
    expect(normalizeDocumentId(' ab 12-34 ')).toBe('AB12-34');
    expect(normalizeDocumentId('αβ123ς')).toBe('ΑΒ123Σ');
    expect(IDENTIFIER_SHAPES.documentId.test(normalizeDocumentId('αβ 123'))).toBe(true);
    expect(IDENTIFIER_SHAPES.documentId.test(normalizeDocumentId('ΑΒ/123'))).toBe(false);
    expect(IDENTIFIER_SHAPES.documentId.test(normalizeDocumentId('άβ123'))).toBe(false);
  });
});
