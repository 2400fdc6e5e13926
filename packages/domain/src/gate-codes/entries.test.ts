import { describe, expect, it } from 'vitest';
import { randomBytes } from '@noble/hashes/utils.js';
import { fromBase64url } from './bytes';
import { openEntry, sealEntry, type GateEntry } from './entries';

function entry(more: Partial<GateEntry> = {}): GateEntry {
  return {
    ticketCode: '000123456789',
    holderName: 'ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ',
    documentType: 'NATIONAL_ID',
    documentHint: '456',
    seat: 'Θύρα 7, Σειρά 12, Θέση 5',
    entersThisEvent: true,
    holderSuspended: false,
    companionRequired: false,
    companion: null,
    ...more,
  };
}

const opened = (sealed: GateEntry, key = randomBytes(32), revision = 0) =>
  openEntry(fromBase64url(sealEntry(sealed, key, revision)), key);
const asText = (value: GateEntry) => value;

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

  it('carry every flag (a suspended holder too) and a companion', () => {
    for (const entersThisEvent of [true, false]) {
      for (const holderSuspended of [true, false]) {
        for (const companionRequired of [true, false]) {
          for (const companion of [null, { name: 'ΝΙΚΟΣ ΟΙΚΟΝΟΜΟΥ', afmHint: '321' }]) {
            const value = entry({
              entersThisEvent,
              holderSuspended,
              companionRequired,
              companion,
              documentType: null,
              seat: null,
            });
            expect(opened(value)).toEqual(asText(value));
          }
        }
      }
    }
  });

  it('open when re-sealed at a later revision, which is written before the ciphertext', () => {
    const key = randomBytes(32);
    const value = entry({ holderSuspended: true });
    for (const revision of [1, 127, 128, 2 ** 32 + 5]) {
      expect(opened(value, key, revision)).toEqual(value);
      const sealed = fromBase64url(sealEntry(value, key, revision));
      expect(sealed[0]).toBe((revision % 128) | (revision >= 128 ? 0x80 : 0));
    }
    // The same key and plaintext at two revisions: two different ciphertexts (no nonce reused).
    expect(sealEntry(value, key, 1).slice(2)).not.toBe(sealEntry(value, key, 2).slice(2));
  });

  it('write Greek one byte a letter', () => {
    const key = randomBytes(32);
    const greek = fromBase64url(
      sealEntry(entry({ holderName: 'ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩάέήίόύώ' }), key, 0),
    ).length;
    const latin = fromBase64url(
      sealEntry(entry({ holderName: 'ABGDEZHTIKLMNXOPRSTYFXPOaehiouo' }), key, 0),
    ).length;
    expect(greek).toBe(latin);
  });

  it('do not open with another key, nor once altered', () => {
    const key = randomBytes(32);
    const sealed = fromBase64url(sealEntry(entry(), key, 3));
    expect(openEntry(sealed, randomBytes(32))).toBeUndefined();
    for (let at = 0; at < sealed.length; at++) {
      const altered = Uint8Array.from(sealed);
      altered[at] = (altered[at] as number) ^ 1;
      expect(openEntry(altered, key)).toBeUndefined();
    }
  });
});
