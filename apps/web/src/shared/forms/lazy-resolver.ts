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
 * react-hook-form's resolver for a schema that arrives in the background (bench/README.md "What loads
 * before a screen is interactive"): zod and the resolver are not on any screen's first load. A check
 * before they arrive (a submit in the first moments) waits for them, so it answers as it always did.
 * `raw`: the form sends what was typed, and its API module shapes the payload.
 */
export function lazyResolver<Input extends FieldValues, Output>(
  load: SchemaLoader<Input, Output> | RawSchemaLoader<Input>,
  raw = false,
) {
  let loading: Promise<Resolver<Input, unknown, Output>> | undefined;
  const preload = () =>
    (loading ??= Promise.all([load(), import('@hookform/resolvers/zod')]).then(
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
  return { resolver, preload };
}
