import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** A form's domain schema, fetched by a dynamic import: `() => import('./form-schemas').then((m) => m.x)`. */
export type SchemaLoader<Input extends FieldValues, Output> = () => Promise<z.ZodType<Output, Input>>;
/**
 * A schema for a form sent as typed (`raw`): it takes the inputs' strings (its input may be wider, with
 * null or undefined), and what it outputs is not used.
 */
export type RawSchemaLoader<Input extends FieldValues> = () => Promise<
  z.ZodType<unknown, Partial<Record<keyof Input, unknown>>>
>;

/**
 * How long after a form appears its schema is fetched, unless the person touches the form first: the
 * screen's first paint then does not share the network with zod (Lighthouse counted the schema's
 * round trip into the largest paint when it was asked for at once: bench/README.md, Lighthouse).
 */
export const SCHEMA_FETCH_DELAY_MS = 1000;

/**
 * react-hook-form's resolver for a schema that arrives in the background (bench/README.md "What loads
 * before a screen is interactive"): zod and the resolver are not on any screen's first load. They are
 * fetched `SCHEMA_FETCH_DELAY_MS` after the form appears, or at once when the person touches the form
 * (`hurry`). A check before they arrive (react-hook-form's first one, a submit in the first moments)
 * waits for them, so it answers as it always did. `raw`: the form sends what was typed, and its API
 * module shapes the payload.
 */
export function lazyResolver<Input extends FieldValues, Output>(
  load: SchemaLoader<Input, Output> | RawSchemaLoader<Input>,
  raw = false,
) {
  let hurry = () => {};
  const due = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, SCHEMA_FETCH_DELAY_MS);
    hurry = () => {
      clearTimeout(timer);
      resolve();
    };
  });
  let loading: Promise<Resolver<Input, unknown, Output>> | undefined;
  const preload = () =>
    (loading ??= due
      .then(() => Promise.all([load(), import('@hookform/resolvers/zod')]))
      .then(
        ([schema, { zodResolver }]) =>
          // zodResolver types a raw resolver by the schema's input, which Input is (SchemaLoader above).
          (raw
            ? zodResolver(schema, undefined, { raw: true })
            : zodResolver(schema as z.ZodType<Output, Input>)) as unknown as Resolver<Input, unknown, Output>,
        (failure: unknown) => {
          loading = undefined; // the next check tries again (a dropped connection, say)
          throw failure;
        },
      ));
  const resolver: Resolver<Input, unknown, Output> = async (values, context, options) =>
    (await preload())(values, context, options);
  return { resolver, preload, hurry: () => hurry() };
}
