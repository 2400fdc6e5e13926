import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A form checked by the route's own domain schema and submitted as typed (`raw`), for forms whose API
 * module shapes the payload itself. `Values` are the fields as the inputs hold them (all strings):
 * the type refuses a schema that would not take them as its input.
 */
export const rawResolver =
  <Values extends FieldValues>() =>
  <Schema extends z.ZodType<unknown, FieldValues>>(
    schema: Values extends z.input<Schema> ? Schema : never,
  ): Resolver<Values> =>
    // zodResolver types a raw resolver by the schema's input, wider than Values (checked above).
    zodResolver(schema as Schema, undefined, { raw: true }) as unknown as Resolver<Values>;
