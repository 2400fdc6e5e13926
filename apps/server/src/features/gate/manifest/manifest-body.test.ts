import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  generateGateKeyPair,
  GateManifestBook,
  verifyManifestSignature,
  type GateManifestInput,
} from '@tickets/domain';
import { acceptsGzip, dropStaleBody, manifestBody } from './manifest-body';

const pair = generateGateKeyPair();
const platformKey = { keyId: 1, secretKey: pair.secretKey };
const platformKeys = [{ keyId: 1, publicKey: pair.publicKey }];
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const barcodeOf = (n: number) =>
  Array.from({ length: 16 }, (_, i) => CROCKFORD[Math.floor(n / 32 ** i) % 32]).join('');

/** A fixture of `seats` barcodes; the first holder suspended when told. */
const reading = (seats: number, suspended = false): GateManifestInput => ({
  eventId: 7,
  seasonId: null,
  gatesOpenAt: new Date('2026-12-02T17:00:00Z'),
  endsAt: new Date('2026-12-02T23:00:00Z'),
  createdAt: new Date(),
  platformKeys,
  revokedPaperCodes: [],
  revokedCredentialIds: [],
  entries: Array.from({ length: seats }, (_, n) => ({
    code: { kind: 'random' as const, code: barcodeOf(n + 1) },
    ticketCode: String(400_000_000_000 + n),
    holderName: 'ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ',
    documentType: 'ΤΑΥΤΟΤΗΤΑ',
    documentHint: '123',
    seat: 'Θύρα 7',
    entersThisEvent: true,
    holderSuspended: suspended && n === 0,
    companionRequired: false,
    companion: null,
  })),
});

describe("the whole manifest's prepared body", () => {
  it('is prepared once per revision, whoever asks meanwhile; the text is the signed manifest, gzipped alike', async () => {
    const book = new GateManifestBook(reading(5000), platformKey);
    const prepared: number[] = [];
    const asked = Array.from({ length: 5 }, () =>
      manifestBody(book, 'W/"r0"', ({ revision }) => prepared.push(revision)),
    );
    const bodies = await Promise.all(asked);
    expect(prepared).toEqual([0]);
    expect(new Set(bodies).size).toBe(1);
    const [body] = bodies;
    if (!body) throw new Error('no body');
    expect(body).toMatchObject({ salt: book.salt, revision: 0, entityTag: 'W/"r0"' });
    expect(gunzipSync(body.gzip).equals(body.identity)).toBe(true);
    const manifest: unknown = JSON.parse(body.identity.toString());
    expect(manifest).toEqual(book.manifest());
    expect(verifyManifestSignature(manifest, platformKeys)).toBe(true);

    // A new revision: the earlier body is dropped, the next whole answer prepares its own.
    expect(book.update(reading(5000, true))).toBe(true);
    dropStaleBody(book);
    const next = await manifestBody(book, 'W/"r1"', ({ revision }) => prepared.push(revision));
    expect(prepared).toEqual([0, 1]);
    expect(next).toMatchObject({ revision: 1, entityTag: 'W/"r1"' });
    expect(JSON.parse(next.identity.toString())).toEqual(book.manifest());
    expect(await manifestBody(book, 'W/"other"')).toBe(next);
  });

  it('goes gzipped to a request whose Accept-Encoding takes gzip (RFC 9110 §12.5.3), as it is otherwise', () => {
    const taken = ['gzip', 'gzip, deflate, br', 'br;q=1.0, gzip;q=0.8', 'x-gzip', '*', 'identity, *;q=0.5'];
    const refused = [undefined, '', 'identity', 'br, deflate', 'gzip;q=0', 'gzip;q=0.000, *', '*;q=0'];
    expect(taken.map(acceptsGzip)).toEqual(taken.map(() => true));
    expect(refused.map(acceptsGzip)).toEqual(refused.map(() => false));
  });
});
