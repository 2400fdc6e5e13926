import { describe, expect, it } from 'vitest';
import { randomBytes } from '@noble/hashes/utils.js';
import { fromBase64url, toBase64url } from './bytes';
import { KEY_HASH_BYTES, openEntry, sealEntry, type EntryToSeal } from './entries';

const hashes = (count: number) => Array.from({ length: count }, () => randomBytes(KEY_HASH_BYTES));

function entry(more: Partial<EntryToSeal> = {}): EntryToSeal {
  return {
    ticketCode: '000123456789',
    holderName: 'ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ',
    documentType: 'NATIONAL_ID',
    documentHint: '456',
    seat: 'Θύρα 7, Σειρά 12, Θέση 5',
    entersThisEvent: true,
    holderKeyHashes: hashes(4),
    companionRequired: false,
    companion: null,
    ...more,
  };
}

const opened = (sealed: EntryToSeal, key = randomBytes(32)) =>
  openEntry(fromBase64url(sealEntry(sealed, key)), key);
const asText = (value: EntryToSeal) => ({
  ...value,
  holderKeyHashes: value.holderKeyHashes.map(toBase64url),
  companion: value.companion && { ...value.companion, keyHashes: value.companion.keyHashes.map(toBase64url) },
});

describe('sealed entries', () => {
  it('open to what was sealed, whatever the text: Greek with accents, Latin, other scripts, nothing', () => {
    const names = [
      'ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ',
      'Άννα-Μαρία Ξενάκη',
      'Hans Müller',
      'Đặng Thị Ngọc',
      'ΑΛΕΞΗΣ 😀',
      '',
      'Ο;·΅',
    ];
    for (const holderName of names) {
      const value = entry({ holderName: holderName || null });
      expect(opened(value), holderName).toEqual(asText(value));
    }
  });

  it('carry every flag and a companion with its own hashes', () => {
    for (const entersThisEvent of [true, false]) {
      for (const companionRequired of [true, false]) {
        for (const companion of [null, { name: 'ΝΙΚΟΣ ΟΙΚΟΝΟΜΟΥ', afmHint: '321', keyHashes: hashes(3) }]) {
          const value = entry({
            entersThisEvent,
            companionRequired,
            companion,
            documentType: null,
            seat: null,
          });
          expect(opened(value)).toEqual(asText(value));
        }
      }
    }
  });

  it('write Greek one byte a letter', () => {
    const key = randomBytes(32);
    const greek = fromBase64url(
      sealEntry(entry({ holderName: 'ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩάέήίόύώ' }), key),
    ).length;
    const latin = fromBase64url(
      sealEntry(entry({ holderName: 'ABGDEZHTIKLMNXOPRSTYFXPOaehiouo' }), key),
    ).length;
    expect(greek).toBe(latin);
  });

  it('do not open with another key, nor once altered', () => {
    const key = randomBytes(32);
    const sealed = fromBase64url(sealEntry(entry(), key));
    expect(openEntry(sealed, randomBytes(32))).toBeUndefined();
    for (let at = 0; at < sealed.length; at++) {
      const altered = Uint8Array.from(sealed);
      altered[at] = (altered[at] as number) ^ 1;
      expect(openEntry(altered, key)).toBeUndefined();
    }
  });
});
