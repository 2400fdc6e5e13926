import { describe, expect, it } from 'vitest';
import { hexToBytes } from '@noble/hashes/utils.js';
import { GATE_CODE_MAX_LENGTH, WALLET_CODE_TOLERANCE_SECONDS } from '../constants';
import { gateMessages } from '../gate-messages';
import { walletDeviceKeySchema } from '../schemas/gate';
import { toBase64url } from './bytes';
import {
  issueWalletCredential,
  makeWalletCode,
  parseGateCode,
  parseWalletCredential,
  signPaperCode,
  verifyGateCodeSignatures,
  type ParsedGateCode,
} from './codes';
import { bytesToDigits, digitsToBytes } from './digits';
import { generateGateKeyPair, isValidDevicePublicKey, publicKeyOf } from './keys';
import { GATES_OPEN, paper, phone, platformKey, platformKeys, ticketCodeOf } from './test-fixtures';

/** QR version 4 at level L holds 187 digits in numeric mode (ISO/IEC 18004, table 7). */
const QR_V4_L_DIGITS = 187;

const check = (code: string, now = GATES_OPEN): { ok: boolean; reason?: string } => {
  const parsed = parseGateCode(code);
  return parsed ? verifyGateCodeSignatures(parsed, platformKeys, { now }) : { ok: false, reason: 'UNPARSED' };
};

/**
 * Hundreds of signature checks a test below: room for a busy machine (the tests are about the codes,
 * not the machine's speed).
 */
const EVERY_BYTE_TIMEOUT_MS = 60_000;

/** Every code one byte away from `code`: each position, XORed with a few different masks. */
function* oneByteAway(code: string) {
  const bytes = digitsToBytes(code) as Uint8Array;
  for (let at = 0; at < bytes.length; at++) {
    for (const mask of [0x01, 0x80, 0x5a]) {
      const altered = Uint8Array.from(bytes);
      altered[at] = (altered[at] as number) ^ mask;
      yield { at, code: bytesToDigits(altered) };
    }
  }
}

describe('keys', () => {
  it('are RFC 8032 seeds and public keys in base64url (test 1 of §7.1)', () => {
    const seed = hexToBytes('9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60');
    const publicKey = hexToBytes('d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a');
    expect(publicKeyOf(toBase64url(seed))).toBe(toBase64url(publicKey));
  });

  it('refuses device keys that no signature could be verified with', () => {
    expect(isValidDevicePublicKey(generateGateKeyPair().publicKey)).toBe(true);
    const identity = toBase64url(Uint8Array.of(1, ...new Uint8Array(31)));
    const orderFour = toBase64url(new Uint8Array(32));
    for (const key of [identity, orderFour, 'short', toBase64url(new Uint8Array(33)), '']) {
      expect(isValidDevicePublicKey(key), key).toBe(false);
    }
  });
});

describe('walletDeviceKeySchema', () => {
  it('takes a usable public key and refuses anything else with a message the wallet can show', () => {
    const publicKey = generateGateKeyPair().publicKey;
    expect(walletDeviceKeySchema.parse({ publicKey })).toEqual({ publicKey });
    for (const body of [
      { publicKey: toBase64url(new Uint8Array(32)) },
      { publicKey: 7 },
      { publicKey, more: 1 },
    ]) {
      const result = walletDeviceKeySchema.safeParse(body);
      expect(result.success).toBe(false);
    }
    expect(walletDeviceKeySchema.safeParse({ publicKey: 'x' }).error?.issues[0]?.message).toBe(
      gateMessages.devicePublicKey,
    );
  });
});

describe('signed paper codes', () => {
  it('carry ticket, fixture or season and serial, and nothing else', () => {
    const code = signPaperCode({ ticketCode: '000000000042', scopeEventId: 901, serial: 2 }, platformKey);
    expect(parseGateCode(code)).toMatchObject({
      kind: 'paper',
      keyId: platformKey.keyId,
      ticketCode: '000000000042',
      scopeEventId: 901,
      serial: 2,
    });
    expect(check(code)).toEqual({ ok: true });
  });

  it('fit QR version 4-L in numeric mode for every key id below 128, id below 2^21 and serial below 2^14', () => {
    for (const scopeEventId of [1, 127, 128, 16_383, 16_384, 2 ** 21 - 1]) {
      for (const serial of [1, 127, 128, 2 ** 14 - 1]) {
        for (const ticketCode of ['000000000000', '999999999999']) {
          const code = signPaperCode({ ticketCode, scopeEventId, serial }, { ...platformKey, keyId: 127 });
          expect(code).toMatch(/^[0-9]+$/);
          expect(code.length).toBeLessThanOrEqual(QR_V4_L_DIGITS);
        }
      }
    }
  });

  it(
    'are no longer genuine with any one byte altered, signature or content',
    () => {
      const code = paper(ticketCodeOf(1));
      for (const altered of oneByteAway(code)) {
        expect(['UNKNOWN_CODE', 'UNPARSED'], `byte ${altered.at}`).toContain(check(altered.code).reason);
      }
    },
    EVERY_BYTE_TIMEOUT_MS,
  );

  it('are not genuine when signed by a key the gate does not know, or under another key id', () => {
    const stranger = { keyId: platformKey.keyId, secretKey: generateGateKeyPair().secretKey };
    const unknownId = { ...platformKey, keyId: platformKey.keyId + 1 };
    for (const key of [stranger, unknownId]) {
      const code = signPaperCode({ ticketCode: ticketCodeOf(1), scopeEventId: 901, serial: 1 }, key);
      expect(check(code)).toEqual({ ok: false, reason: 'UNKNOWN_CODE' });
    }
  });

  it('refuse to sign a malformed ticket code, id or serial', () => {
    const inputs = [
      { ticketCode: '12345678901', scopeEventId: 1, serial: 1 },
      { ticketCode: '12345678901a', scopeEventId: 1, serial: 1 },
      { ticketCode: '123456789012', scopeEventId: 0, serial: 1 },
      { ticketCode: '123456789012', scopeEventId: 1.5, serial: 1 },
      { ticketCode: '123456789012', scopeEventId: 1, serial: 0 },
    ];
    for (const input of inputs) expect(() => signPaperCode(input, platformKey)).toThrow(RangeError);
  });
});

describe('wallet codes', () => {
  it('carry the credential and the time the phone signed, to the second', () => {
    const wallet = phone(ticketCodeOf(2), 41, 900);
    const now = new Date(GATES_OPEN.getTime() + 12_345);
    const parsed = parseGateCode(wallet.codeAt(now));
    expect(parsed).toMatchObject({
      kind: 'wallet',
      keyId: platformKey.keyId,
      ticketCode: ticketCodeOf(2),
      scopeEventId: 900,
      credentialId: 41,
      issuedAt: GATES_OPEN,
      devicePublicKey: wallet.publicKey,
      credential: wallet.credential,
      signedAt: new Date(GATES_OPEN.getTime() + 12_000),
    });
    expect(parseWalletCredential(wallet.credential)).toMatchObject({
      credentialId: 41,
      devicePublicKey: wallet.publicKey,
    });
  });

  it(`admit within ${WALLET_CODE_TOLERANCE_SECONDS} s of the time signed, either side, and expire beyond`, () => {
    const wallet = phone(ticketCodeOf(3), 42);
    const signedAt = new Date(GATES_OPEN.getTime() + 600_000);
    const code = wallet.codeAt(signedAt);
    const offsets = [-3600, -121, -61, -60, -59, -1, 0, 1, 59, 60, 61, 121, 3600];
    for (let seconds = -140; seconds <= 140; seconds += 7) offsets.push(seconds);
    for (const seconds of offsets) {
      const now = new Date(signedAt.getTime() + seconds * 1000);
      const expected =
        Math.abs(seconds) <= WALLET_CODE_TOLERANCE_SECONDS
          ? { ok: true }
          : { ok: false, reason: 'CODE_EXPIRED' };
      expect(check(code, now), `${seconds} s`).toEqual(expected);
    }
  });

  it('change every second the phone signs', () => {
    const wallet = phone(ticketCodeOf(4), 43);
    const codes = new Set(
      Array.from({ length: 30 }, (_, s) => wallet.codeAt(new Date(GATES_OPEN.getTime() + s * 1000))),
    );
    expect(codes.size).toBe(30);
  });

  it(
    'are no longer genuine with any one byte altered: credential, platform signature, time or phone signature',
    () => {
      const wallet = phone(ticketCodeOf(5), 44);
      const code = wallet.codeAt(GATES_OPEN);
      for (const altered of oneByteAway(code)) {
        expect(['UNKNOWN_CODE', 'UNPARSED'], `byte ${altered.at}`).toContain(check(altered.code).reason);
      }
    },
    EVERY_BYTE_TIMEOUT_MS,
  );

  it('are not genuine when the credential is not the platform’s or the phone is not the one it names', () => {
    const stranger = { keyId: platformKey.keyId, secretKey: generateGateKeyPair().secretKey };
    const device = generateGateKeyPair();
    const input = {
      ticketCode: ticketCodeOf(6),
      scopeEventId: 901,
      credentialId: 45,
      devicePublicKey: device.publicKey,
      issuedAt: GATES_OPEN,
    };
    const forged = issueWalletCredential(input, stranger);
    expect(
      check(makeWalletCode({ credential: forged, secretKey: device.secretKey, now: GATES_OPEN })),
    ).toEqual({
      ok: false,
      reason: 'UNKNOWN_CODE',
    });
    // Someone who copied the credential but not the phone's key cannot make codes with it.
    const credential = issueWalletCredential(input, platformKey);
    expect(() =>
      makeWalletCode({ credential, secretKey: generateGateKeyPair().secretKey, now: GATES_OPEN }),
    ).toThrow(RangeError);
  });

  it('stay within GATE_CODE_MAX_LENGTH with every number at its largest', () => {
    const device = generateGateKeyPair();
    const credential = issueWalletCredential(
      {
        ticketCode: '999999999999',
        scopeEventId: Number.MAX_SAFE_INTEGER,
        credentialId: Number.MAX_SAFE_INTEGER,
        devicePublicKey: device.publicKey,
        issuedAt: new Date((2 ** 32 - 1) * 1000),
      },
      { ...platformKey, keyId: 2 ** 31 - 1 },
    );
    const code = makeWalletCode({
      credential,
      secretKey: device.secretKey,
      now: new Date((2 ** 32 - 1) * 1000),
    });
    expect(code.length).toBeLessThanOrEqual(GATE_CODE_MAX_LENGTH);
  });
});

describe('parseGateCode', () => {
  it('tells random codes (Code 128) from signed ones, even a random code of digits only', () => {
    const cases: [string, ParsedGateCode['kind'] | undefined][] = [
      [paper(ticketCodeOf(7)), 'paper'],
      [phone(ticketCodeOf(7), 46).codeAt(GATES_OPEN), 'wallet'],
      ['7K3M9Q2XH4TP8VW1', 'random'],
      ['7k3m9q2xh4tp8vw1', 'random'],
      ['  7K3M9Q2XH4TP8VW1\n', 'random'],
      ['1234567890123456', 'random'],
      ['7K3M9Q2XH4TP8VWI', undefined],
      ['7K3M9Q2XH4TP8VW', undefined],
      [ticketCodeOf(7), undefined],
      ['', undefined],
      ['https://example.org/', undefined],
      ['0'.repeat(179), undefined],
    ];
    for (const [code, kind] of cases) expect(parseGateCode(code)?.kind, code).toBe(kind);
    expect(parseGateCode('7k3m9q2xh4tp8vw1')).toEqual({ kind: 'random', code: '7K3M9Q2XH4TP8VW1' });
  });

  it('lets a random code pass the signature check: the server looks it up', () => {
    expect(check('7K3M9Q2XH4TP8VW1')).toEqual({ ok: true });
  });
});
