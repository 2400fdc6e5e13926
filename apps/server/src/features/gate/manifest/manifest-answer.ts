import {
  GATE_MANIFEST_DELTA_MAX_CHANGES,
  type GateManifestBook,
  type GateManifestDelta,
} from '@tickets/domain';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { matchesAny } from '../../../shared/entity-tags';
import type { BookHead } from './manifest-book.queries';
import { dropStaleBody, manifestBody, type BodyPrepared, type ManifestBody } from './manifest-body';
import { serially, syncedReplica } from './manifest-book.service';

/**
 * A device's poll answered from a book (RFC 9110's conditional requests): nothing when its copy is
 * current, a delta from its copy, or the whole manifest.
 */

/**
 * The tag of what a manifest says (RFC 9110 §8.8.3): weak, because two builds of the same data differ
 * in their salt and `createdAt` but decide every code alike. A device sends it back in If-None-Match
 * and, when nothing changed, is answered 304 with no body.
 */
const entityTagOf = (digest: string) => `W/"${digest}"`;

/** The copy a device holds: its manifest's salt and revision (query `salt`, `revision`). */
export type HeldManifest = { salt: string; revision: number } | undefined;

/**
 * What the route answers: nothing (a 304), a delta, or the whole manifest's prepared body
 * (manifest-body.ts), with the entity tag.
 */
export type ManifestAnswer = { entityTag: string; delta?: GateManifestDelta; body?: ManifestBody };

/** What answering asks of the process besides the book: how to tell of a body it prepares. */
export type Answering = {
  eventId: number;
  onPrepared?: (prepared: BodyPrepared & { eventId: number }) => void;
};

/**
 * Nothing when the device's copy is revision `at` of the book or `ifNoneMatch` names `digest` (304);
 * else a delta from the device's copy when it is an earlier revision of the book and few things
 * changed since, or the whole manifest: the body prepared once for the book's revision, which every
 * device asking for it meanwhile waits for (`manifestBody`).
 */
export async function answer(
  digest: string,
  at: { salt: string; revision: number },
  ifNoneMatch: string | undefined,
  held: HeldManifest,
  bookNow: () => Promise<GateManifestBook>,
  answering: Answering,
): Promise<ManifestAnswer> {
  const entityTag = entityTagOf(digest);
  const current = held?.salt === at.salt && held.revision === at.revision;
  if (current || matchesAny(ifNoneMatch, entityTag)) return { entityTag };
  const book = await bookNow();
  dropStaleBody(book);
  const delta = held && book.deltaSince(held.salt, held.revision, GATE_MANIFEST_DELTA_MAX_CHANGES);
  if (delta) return { entityTag, delta };
  const { eventId, onPrepared } = answering;
  const body = await manifestBody(book, entityTag, (prepared) => onPrepared?.({ eventId, ...prepared }));
  return { entityTag: body.entityTag, body };
}

/** The answer from the stored book whose head is `head` (this process's replica followed to it). */
export const answerFrom = (
  db: Db,
  head: BookHead,
  signer: Config['gateKeys']['signer'],
  ifNoneMatch: string | undefined,
  held: HeldManifest,
  answering: Answering,
) =>
  answer(
    head.digest,
    head,
    ifNoneMatch,
    held,
    async () => {
      const replica = await serially(db, head.eventId, () => syncedReplica(db, head.eventId, signer));
      return replica.book;
    },
    answering,
  );
