import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  isManifestDelta,
  verifyGateCode,
  verifyManifestDelta,
  verifyManifestSignature,
  type GateManifest,
} from '@tickets/domain';
import { tonightTicket, useGateFixture, type GateDevice } from './support/gate';
import { engines, useTestServer } from './support/test-server';

/**
 * The whole manifest is prepared once per revision in each process, not once per device (issue #51
 * item 2; docs/design.md §8 "One body per revision"): the JSON text and its gzip, sent as bytes to
 * every device that asks, gzipped to one that takes gzip.
 */
describe.each(engines)('the whole manifest’s prepared body on %s', (engine) => {
  // Every change shows at the next poll.
  const server = useTestServer(engine, { GATE_MANIFEST_REBUILD_SECONDS: '0' });
  const { ids, personalize, addDevice } = useGateFixture(server, { tonightSerials: [1, 2, 3] });
  let device: GateDevice;
  let keys: { keyId: number; publicKey: string }[];

  /** An answer as it came over the wire: its headers and its bytes, not decompressed. */
  type Raw = { status: number; headers: http.IncomingHttpHeaders; bytes: Buffer };
  const get = (query: string, headers: Record<string, string> = {}) =>
    new Promise<Raw>((resolve, reject) => {
      const url = `${server.baseUrl}/api/gate/manifest?eventId=${ids.tonight}${query}`;
      const request = http.get(url, { headers: { authorization: `Bearer ${device.token}`, ...headers } });
      request.on('error', reject);
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            bytes: Buffer.concat(chunks),
          }),
        );
      });
    });
  const gzipped = { 'accept-encoding': 'gzip, deflate, br' };
  const documentOf = (raw: Raw): unknown =>
    JSON.parse((raw.headers['content-encoding'] === 'gzip' ? gunzipSync(raw.bytes) : raw.bytes).toString());
  /** The bodies this server prepared for tonight's manifest, by the revisions it logged. */
  const prepared = () =>
    server.logs
      .filter((line) => line.includes('"msg":"gate manifest body prepared"'))
      .map((line) => JSON.parse(line) as { eventId: number; revision: number })
      .filter((line) => line.eventId === ids.tonight)
      .map((line) => line.revision);

  beforeAll(async () => {
    device = await addDevice('Θύρα 5 - κινητό');
    const response = await fetch(`${server.baseUrl}/api/gate/keys`, {
      headers: { authorization: `Bearer ${device.token}` },
    });
    keys = ((await response.json()) as { keys: typeof keys }).keys;
  });

  it('prepares it once for 40 devices asking at once: the same bytes and ETag to each, gzipped, a manifest that verifies', async () => {
    const print = await personalize(tonightTicket(1));
    const answers = await Promise.all(Array.from({ length: 40 }, () => get('', gzipped)));
    expect(prepared()).toEqual([0]);

    const [first] = answers;
    if (!first) throw new Error('no answer');
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe('gzip');
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(answer.headers.vary).toBe('Accept-Encoding');
      expect(answer.headers['content-length']).toBe(String(answer.bytes.length));
      expect(answer.headers.etag).toBe(first.headers.etag);
      expect(answer.bytes.equals(first.bytes)).toBe(true);
    }
    expect(first.headers.etag).toMatch(/^W\/"[\w-]+"$/);
    const manifest = documentOf(first) as GateManifest;
    expect(verifyManifestSignature(manifest, keys)).toBe(true);
    expect(manifest).toMatchObject({ eventId: ids.tonight, revision: 0 });
    // The device decides offline with it as with any manifest.
    expect(verifyGateCode(print, manifest, { eventId: ids.tonight ?? -1, now: new Date() })).toMatchObject({
      ok: true,
    });

    // The next device to switch on: the same body, not another.
    const later = await get('', gzipped);
    expect(later.bytes.equals(first.bytes)).toBe(true);
    expect(prepared()).toEqual([0]);
  });

  it('sends the same manifest uncompressed to a device that does not take gzip', async () => {
    const zipped = await get('', gzipped);
    const plain = await get('');
    const refused = await get('', { 'accept-encoding': 'gzip;q=0, identity' });
    for (const answer of [plain, refused]) {
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers.vary).toBe('Accept-Encoding');
      expect(answer.headers.etag).toBe(zipped.headers.etag);
      expect(answer.headers['content-length']).toBe(String(answer.bytes.length));
      expect(answer.bytes.equals(gunzipSync(zipped.bytes))).toBe(true);
    }
    expect(verifyManifestSignature(documentOf(plain), keys)).toBe(true);
    expect(prepared()).toEqual([0]);
  });

  it('answers a current copy 304 and an earlier one a delta as before; a new revision has a body of its own', async () => {
    const whole = await get('', gzipped);
    const held = documentOf(whole) as GateManifest;
    const tag = whole.headers.etag ?? '';
    const heldQuery = `&salt=${held.salt}&revision=${held.revision}`;
    const unchanged = await get(heldQuery, { ...gzipped, 'if-none-match': tag });
    expect(unchanged.status).toBe(304);
    expect(unchanged.bytes.length).toBe(0);
    expect((await get('', { ...gzipped, 'if-none-match': tag })).status).toBe(304);

    // A reprint changes what the manifest says: the held copy gets a small signed delta, as JSON.
    await personalize(tonightTicket(2));
    const delta = await get(heldQuery, { ...gzipped, 'if-none-match': tag });
    expect(delta.status).toBe(200);
    expect(delta.headers['content-encoding']).toBeUndefined();
    const document = documentOf(delta);
    expect(isManifestDelta(document)).toBe(true);
    expect(verifyManifestDelta(document, keys)).toBe(true);
    expect(document).toMatchObject({ fromRevision: held.revision, revision: held.revision + 1 });
    expect(delta.headers.etag).not.toBe(tag);

    // A device switched on now gets the new revision whole, from a body prepared for it.
    const next = await get('', gzipped);
    const manifest = documentOf(next) as GateManifest;
    expect(verifyManifestSignature(manifest, keys)).toBe(true);
    expect(manifest).toMatchObject({ salt: held.salt, revision: held.revision + 1 });
    expect(next.headers.etag).toBe(delta.headers.etag);
    expect(next.bytes.equals(whole.bytes)).toBe(false);
    expect(prepared()).toEqual([0, 1]);
    expect((await get('', gzipped)).bytes.equals(next.bytes)).toBe(true);
    expect(prepared()).toEqual([0, 1]);
  });
});
