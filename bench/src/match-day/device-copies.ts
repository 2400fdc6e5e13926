/**
 * The devices' copies of the manifest for `npm run match-day`, kept in a worker thread (devices.ts
 * starts it): parsing a full stadium's manifest, or applying a delta to a copy of its 70,000 entries,
 * takes the thread that does it a tenth of a second and more, and the bench's own thread sends each
 * request at its due time. A late send would count as the server's latency.
 */
import { parentPort } from 'node:worker_threads';
import { applyManifestDelta, type GateManifest, type GateManifestDelta } from '@tickets/domain';

/**
 * What the bench asks: a manifest or delta received with its ETag (which names the salt and revision
 * it brings the device to), and the ETag of the copy the device held when it asked.
 */
export interface CopyRequest {
  id: number;
  body: Uint8Array;
  etag: string;
  held: string | undefined;
}
/** The copy the device holds after it (its salt and revision), or `applied: false` if it could not. */
export interface CopyAnswer {
  id: number;
  whole: boolean;
  applied: boolean;
  salt?: string;
  revision?: number;
}

/**
 * Copies by ETag: 40 devices hold the same few, and a copy already held is not parsed again (a full
 * stadium's manifest is 9 MB of JSON). Only the latest few are kept: every revision of a match kept
 * (some 30 MB of heap each) made each garbage collection of the bench's own heap take it most of a
 * second, while its requests waited to be sent.
 */
const copies = new Map<string, GateManifest>();
const COPIES_KEPT = 4;
function keep(etag: string, copy: GateManifest) {
  copies.set(etag, copy);
  // The oldest first: a Map iterates in insertion order.
  for (const old of copies.keys()) if (copies.size > COPIES_KEPT) copies.delete(old);
}

parentPort?.on('message', ({ id, body, etag, held }: CopyRequest) => {
  const text = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  // A delta names the revision it follows; the entries (base64url) hold no quote to mistake for it.
  const whole = !text.includes('"fromRevision":');
  const answer = (copy: GateManifest | undefined): CopyAnswer => ({
    id,
    whole,
    applied: copy !== undefined,
    ...(copy && { salt: copy.salt, revision: copy.revision }),
  });
  const known = copies.get(etag);
  if (known) return parentPort?.postMessage(answer(known));
  const document = JSON.parse(text.toString()) as GateManifest | GateManifestDelta;
  if (!('fromRevision' in document)) {
    keep(etag, document);
    return parentPort?.postMessage(answer(document));
  }
  const copy = held === undefined ? undefined : copies.get(held);
  // Not for the copy held: it stays, and the next poll asks again.
  const applied = (copy && applyManifestDelta(copy, document)) || undefined;
  if (applied) keep(etag, applied);
  parentPort?.postMessage(answer(applied));
});
