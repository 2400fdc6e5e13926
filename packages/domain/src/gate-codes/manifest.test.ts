import { describe, expect, it } from 'vitest';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes, randomBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { canonicalIdentifier } from '../identifiers';
import { toBase64url } from './bytes';
import { ManifestSalt } from './entries';
import { generateGateKeyPair } from './keys';
import { canonicalJson, verifyManifestSignature, type GateManifest } from './manifest';
import {
  entryFor,
  manifestOf,
  paper,
  person,
  phone,
  platformKey,
  platformKeys,
  ticketCodeOf,
} from './test-fixtures';

const holder = person('ΜΑΡΙΑ', 'ΠΑΠΑΔΟΠΟΥΛΟΥ');
const companion = person('ΝΙΚΟΣ', 'ΟΙΚΟΝΟΜΟΥ');
const suspendedPerson = person('ΚΩΣΤΑΣ', 'ΔΗΜΟΥ');
const wallet = phone(ticketCodeOf(11), 5);

function sampleManifest() {
  return manifestOf(
    [
      entryFor({ kind: 'paper', code: paper(ticketCodeOf(10)) }, ticketCodeOf(10), holder),
      entryFor({ kind: 'random', code: '7K3M9Q2XH4TP8VW1' }, ticketCodeOf(10), holder),
      entryFor({ kind: 'wallet', credential: wallet.credential }, ticketCodeOf(11), holder, {
        companionRequired: true,
        companion: { name: companion.name, afmHint: companion.afm.slice(-3) },
      }),
      entryFor({ kind: 'random', code: 'H4TP8VW17K3M9Q2X' }, ticketCodeOf(12), suspendedPerson, {
        holderSuspended: true,
      }),
    ],
    {
      revokedPaperCodes: [{ ticketCode: ticketCodeOf(10), serial: 1 }],
      revokedCredentialIds: [4],
    },
  );
}

const copy = (manifest: GateManifest): GateManifest => JSON.parse(JSON.stringify(manifest));

describe('the manifest signature', () => {
  it('verifies with a trusted key, after a trip through JSON too', () => {
    const manifest = sampleManifest();
    expect(verifyManifestSignature(manifest, platformKeys)).toBe(true);
    expect(verifyManifestSignature(copy(manifest), platformKeys)).toBe(true);
  });

  it('covers the canonical form: the same members in another order still verify', () => {
    const manifest = copy(sampleManifest());
    const reversed = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(reversed)
        : value && typeof value === 'object'
          ? Object.fromEntries(
              Object.entries(value)
                .reverse()
                .map(([k, v]) => [k, reversed(v)]),
            )
          : value;
    expect(verifyManifestSignature(reversed(manifest), platformKeys)).toBe(true);
  });

  it('fails with a key the device does not trust, even one the manifest lists', () => {
    const manifest = sampleManifest();
    const other = { keyId: platformKey.keyId, publicKey: generateGateKeyPair().publicKey };
    expect(verifyManifestSignature(manifest, [other])).toBe(false);
    expect(verifyManifestSignature(manifest, [])).toBe(false);
  });

  it('fails when anything in it is changed, added or removed', () => {
    const tamperings: [string, (m: GateManifest) => void][] = [
      ['eventId', (m) => (m.eventId += 1)],
      ['seasonId', (m) => (m.seasonId = null)],
      ['gatesOpenAt', (m) => (m.gatesOpenAt = '2026-03-14T10:00:00.000Z')],
      ['endsAt', (m) => (m.endsAt = '2026-03-15T23:00:00.000Z')],
      ['createdAt', (m) => (m.createdAt = '2026-03-14T10:00:00.000Z')],
      [
        'a platform key added',
        (m) => m.platformKeys.push({ keyId: 9, publicKey: generateGateKeyPair().publicKey }),
      ],
      ['a revoked print removed', (m) => m.revokedPaperCodes.pop()],
      ['a revoked credential removed', (m) => m.revokedCredentialIds.pop()],
      ['the salt', (m) => (m.salt = toBase64url(randomBytes(32)))],
      ['the revision', (m) => (m.revision += 1)],
      ['an entry removed', (m) => (m.entries.random = {})],
      ['an entry added', (m) => (m.entries.paper['AAAAAAAAAAAAAAAA'] = 'AAAA')],
      [
        'one character of an entry',
        (m) => {
          const [id, sealed] = Object.entries(m.entries.wallet)[0] as [string, string];
          m.entries.wallet[id] = `${sealed.startsWith('A') ? 'B' : 'A'}${sealed.slice(1)}`;
        },
      ],
      [
        'the signature',
        (m) =>
          (m.signature.value = `${m.signature.value.startsWith('A') ? 'B' : 'A'}${m.signature.value.slice(1)}`),
      ],
      ['the signer key id', (m) => (m.signature.keyId += 1)],
      ['a member added', (m) => Object.assign(m, { note: 'x' })],
      ['the version', (m) => Object.assign(m, { version: 1 })],
    ];
    for (const [what, tamper] of tamperings) {
      const manifest = copy(sampleManifest());
      tamper(manifest);
      expect(verifyManifestSignature(manifest, platformKeys), what).toBe(false);
    }
  });
});

describe('what a manifest shows without the tickets', () => {
  it('has nothing personal in clear: no name, ΑΦΜ, ΑΜΚΑ or document number, not even a Greek letter', () => {
    const text = JSON.stringify(sampleManifest());
    for (const someone of [holder, companion, suspendedPerson]) {
      const identifiers = [
        someone.afm,
        someone.amka,
        someone.documentId,
        canonicalIdentifier(someone.documentId),
      ];
      for (const secret of [
        someone.name,
        ...someone.name.split(' '),
        ...identifiers,
        ...someone.identityKeys,
      ]) {
        expect(text).not.toContain(secret);
      }
    }
    expect(text).toMatch(/^[\x20-\x7e]*$/);
  });

  it('has no identity key in any form: no list of suspended people, entries of the same size', () => {
    const manifest = sampleManifest();
    expect(Object.keys(manifest)).not.toContain('suspendedKeyHashes');
    // A suspended holder's entry is as long as the same holder's unsuspended: nothing to tell it by.
    const twoOfOne = manifestOf([
      entryFor({ kind: 'random', code: '7K3M9Q2XH4TP8VW1' }, ticketCodeOf(10), holder),
      entryFor({ kind: 'random', code: 'H4TP8VW17K3M9Q2X' }, ticketCodeOf(10), holder, {
        holderSuspended: true,
      }),
    ]);
    const sizes = Object.values(twoOfOne.entries.random).map((sealed) => sealed.length);
    expect(sizes).toHaveLength(2);
    expect(new Set(sizes).size).toBe(1);
  });

  it('gives the same code another lookup id in every manifest (a fresh salt)', () => {
    const first = sampleManifest();
    const second = sampleManifest();
    expect(first.salt).not.toBe(second.salt);
    expect(Object.keys(second.entries.random)).not.toEqual(Object.keys(first.entries.random));
  });

  it('lists everything sorted, so the order of sale or of seats does not show', () => {
    const entries = Array.from({ length: 40 }, (_, n) =>
      entryFor({ kind: 'paper', code: paper(ticketCodeOf(100 + n)) }, ticketCodeOf(100 + n), holder),
    );
    const manifest = manifestOf(entries, { revokedCredentialIds: [9, 3, 7] });
    const ids = Object.keys(manifest.entries.paper);
    expect(ids).toEqual([...ids].sort());
    expect(manifest.revokedCredentialIds).toEqual([3, 7, 9]);
  });
});

describe('buildGateManifest', () => {
  it('refuses input that would show more than a hint, or that no device could use', () => {
    const code = paper(ticketCodeOf(12));
    const bad = [
      entryFor({ kind: 'paper', code }, ticketCodeOf(12), holder, { documentHint: holder.documentId }),
      entryFor({ kind: 'paper', code }, ticketCodeOf(12), holder, {
        companion: { name: companion.name, afmHint: companion.afm },
      }),
      entryFor({ kind: 'paper', code }, ticketCodeOf(13), holder),
      entryFor({ kind: 'paper', code: '7K3M9Q2XH4TP8VW1' }, ticketCodeOf(12), holder),
      entryFor({ kind: 'random', code }, ticketCodeOf(12), holder),
      entryFor({ kind: 'wallet', credential: 'not a credential' }, ticketCodeOf(12), holder),
    ];
    for (const entry of bad) expect(() => manifestOf([entry])).toThrow(RangeError);
    const badInput = [
      { eventId: 0 },
      { seasonId: 1.5 },
      { gatesOpenAt: new Date('not a date') },
      { endsAt: new Date(0) },
      { platformKeys: [{ keyId: -1, publicKey: platformKeys[0]?.publicKey as string }] },
      { platformKeys: [{ keyId: 1, publicKey: 'short' }] },
      { revokedPaperCodes: [{ ticketCode: '12', serial: 1 }] },
      { revokedCredentialIds: [0] },
    ];
    for (const more of badInput) expect(() => manifestOf([], more), JSON.stringify(more)).toThrow(RangeError);
    const twice = entryFor({ kind: 'paper', code }, ticketCodeOf(12), holder);
    expect(() => manifestOf([twice, twice])).toThrow(RangeError);
  });
});

describe('entry keys', () => {
  it('are HMAC-SHA256 with the salt over the kind’s label, 0 or 1, and the code’s secret', () => {
    const salt = randomBytes(32);
    const secret = randomBytes(64);
    const label = utf8ToBytes('tickets-gate/entry/v1/paper');
    const derived = new ManifestSalt(salt).entryKeys('paper', secret);
    const lookup = hmac(sha256, salt, concatBytes(label, Uint8Array.of(0), secret));
    expect(derived.lookupId).toBe(toBase64url(lookup.subarray(0, 12)));
    expect(derived.key).toEqual(hmac(sha256, salt, concatBytes(label, Uint8Array.of(1), secret)));
    expect(new ManifestSalt(salt).entryKeys('wallet', secret).lookupId).not.toBe(derived.lookupId);
  });
});

describe('canonicalJson', () => {
  it('sorts members, drops white space and keeps arrays in order (RFC 8785 for integers and strings)', () => {
    expect(canonicalJson({ b: [3, 1, { d: null, c: true }], a: 'é"\n', '€': 1, Z: -0 })).toBe(
      '{"Z":0,"a":"é\\"\\n","b":[3,1,{"c":true,"d":null}],"€":1}',
    );
  });

  it('refuses what has no canonical form here', () => {
    for (const value of [1.5, Number.MAX_SAFE_INTEGER + 1, undefined, () => 1, 10n]) {
      expect(() => canonicalJson(value)).toThrow(TypeError);
    }
  });
});
