/** Conditional GETs (RFC 9110 §13): the gate's manifests, the EU wallet's status lists. */

/** One entity tag (RFC 9110 §8.8.3): `"…"` or `W/"…"`, its characters `etagc`. */
const ENTITY_TAG = String.raw`(?:W/)?"[\x21\x23-\x7e\x80-\xff]*"`;
/** RFC 9110 §13.1.2's field: `*` alone, or a comma-separated list of entity tags. */
const ENTITY_TAG_LIST = new RegExp(String.raw`^[ \t]*${ENTITY_TAG}(?:[ \t]*,[ \t]*${ENTITY_TAG})*[ \t]*$`);

/**
 * Whether `If-None-Match` names the current representation (RFC 9110 §13.1.2): `*` alone does (one
 * exists: a route answers 404 before this when none does); a list does when one of its tags equals
 * `tag` weakly (the W/ prefix aside). A field that is neither (a `*` inside a list, an unquoted tag)
 * is invalid and ignored: the representation is sent. A GET answered 304 when it does.
 */
export function matchesAny(ifNoneMatch: string | undefined, tag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  if (ifNoneMatch.trim() === '*') return true;
  if (!ENTITY_TAG_LIST.test(ifNoneMatch)) return false;
  const opaque = (value: string) => value.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((given) => opaque(given) === opaque(tag));
}
