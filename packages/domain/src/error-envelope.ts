/**
 * The error envelope of docs/design.md §4 (its schema, for the OpenAPI document:
 * `errorEnvelopeSchema`, kept apart so that the browser's first page carries no zod), and its reading.
 * Apart from the catalogue (errors.ts) too: every page's first load reads envelopes, none needs the
 * catalogue's Greek (bench/README.md, "the landing route's JavaScript").
 */
export interface ErrorItem {
  code: string;
  description: string;
}
export interface ErrorEnvelope {
  exceptions: { errors: ErrorItem[] };
}

export const errorEnvelope = (code: string, description: string): ErrorEnvelope => ({
  exceptions: { errors: [{ code, description }] },
});

/** The first error of an envelope, if the value is one with a description (docs/product-spec.md §8). */
export function firstError(body: unknown): { code?: string; description: string } | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const errors = (body as Partial<ErrorEnvelope>).exceptions?.errors;
  const first: unknown = Array.isArray(errors) ? errors[0] : undefined;
  if (typeof first !== 'object' || first === null) return undefined;
  const { code, description } = first as Partial<Record<'code' | 'description', unknown>>;
  if (typeof description !== 'string' || !description) return undefined;
  return typeof code === 'string' ? { code, description } : { description };
}

/** The first error description of an envelope, if the value is one (docs/product-spec.md §8). */
export const firstErrorDescription = (body: unknown): string | undefined => firstError(body)?.description;
