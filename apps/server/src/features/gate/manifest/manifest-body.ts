import { once } from 'node:events';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { constants, createGzip } from 'node:zlib';
import type { GateManifestBook } from '@tickets/domain';

/**
 * The whole manifest of a book's revision as the route sends it (docs/design.md §8 "One body per
 * revision"): the JSON text's bytes, and the same gzipped, with the entity tag they were made under.
 */
export interface ManifestBody {
  salt: string;
  revision: number;
  entityTag: string;
  identity: Buffer;
  gzip: Buffer;
}

/** What `manifestBody` tells of each body it prepares (the server logs it). */
export type BodyPrepared = { revision: number; bytes: number; gzipBytes: number; ms: number };

/**
 * Each book's body at one revision, while the book is this process's replica: a book is replaced by
 * a new one with a new salt, and a replica no longer kept takes its body with it (REPLICAS_KEPT,
 * manifest-book.service.ts). A body of an earlier revision is dropped as soon as it is looked up.
 */
const bodies = new WeakMap<GateManifestBook, { revision: number; body: Promise<ManifestBody> }>();

/**
 * The body of `book`'s whole manifest at its revision now, prepared once: every request that asks
 * while it is being prepared waits for the same one (the first 40 devices of a match, one build).
 * `entityTag` is the tag of the answer that asks first; every answer with this body carries it.
 */
export function manifestBody(
  book: GateManifestBook,
  entityTag: string,
  onPrepared?: (prepared: BodyPrepared) => void,
): Promise<ManifestBody> {
  const kept = bodies.get(book);
  if (kept?.revision === book.revision) return kept.body;
  const { salt, revision } = book;
  const body = prepare(book.manifestText(), { salt, revision, entityTag }, onPrepared);
  const held = { revision, body };
  bodies.set(book, held);
  // A body that failed is not kept: the next request prepares it again.
  body.catch(() => {
    if (bodies.get(book) === held) bodies.delete(book);
  });
  return body;
}

/** Drops the body of an earlier revision than `book`'s (the next whole answer prepares its own). */
export function dropStaleBody(book: GateManifestBook): void {
  if (bodies.get(book)?.revision !== book.revision) bodies.delete(book);
}

/**
 * The text's parts, a part a turn of the event loop (a full stadium's 70,000 entries are some 140
 * parts of a few milliseconds each), into bytes kept whole and into gzip, which compresses on
 * libuv's threadpool as the parts come. Huffman coding alone: the entries are sealed (ciphertext in
 * base64url), so looking for repeats finds almost none; it costs a third of zlib's default level for
 * 4 % more bytes (measured on a 70,000-entry manifest: 6.8 MB against 7.0 MB of 9.2 MB).
 */
async function prepare(
  parts: Generator<string, void>,
  made: Pick<ManifestBody, 'salt' | 'revision' | 'entityTag'>,
  onPrepared?: (prepared: BodyPrepared) => void,
): Promise<ManifestBody> {
  const started = performance.now();
  const gzip = createGzip({ strategy: constants.Z_HUFFMAN_ONLY });
  const compressed: Buffer[] = [];
  gzip.on('data', (chunk: Buffer) => compressed.push(chunk));
  const ended = once(gzip, 'end');
  ended.catch(() => undefined); // awaited below, or the build failed before it was
  const identity: Buffer[] = [];
  try {
    for (const part of parts) {
      if (part !== '') {
        const bytes = Buffer.from(part);
        identity.push(bytes);
        if (!gzip.write(bytes)) await once(gzip, 'drain');
      }
      await nextTurn();
    }
    gzip.end();
    await ended;
  } catch (error) {
    gzip.destroy();
    throw error;
  }
  const body = { ...made, identity: Buffer.concat(identity), gzip: Buffer.concat(compressed) };
  onPrepared?.({
    revision: made.revision,
    bytes: body.identity.length,
    gzipBytes: body.gzip.length,
    ms: Math.round(performance.now() - started),
  });
  return body;
}

/**
 * Whether `Accept-Encoding` (RFC 9110 §12.5.3) takes gzip: named (or `x-gzip`) with a weight above
 * 0, or `*` above 0 while gzip is not named. No field, or an empty one: the identity bytes.
 */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  let any = false;
  for (const item of acceptEncoding.split(',')) {
    const [coding = '', ...parameters] = item.split(';').map((part) => part.trim().toLowerCase());
    const weight = parameters.find((parameter) => /^q\s*=/.test(parameter));
    const accepted = weight === undefined || Number(weight.replace(/^q\s*=\s*/, '')) > 0;
    if (coding === 'gzip' || coding === 'x-gzip') return accepted;
    if (coding === '*') any = accepted;
  }
  return any;
}
