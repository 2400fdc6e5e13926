import type { FastifyInstance, FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Bodies and answers are JSON checked by the routes' zod schemas. */
export function setUpJson(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializeResponse);
  acceptEmptyJsonBodies(app);
  // Fastify reads text/plain too, by default, as a string the body schema then refuses with a 400: the
  // API takes JSON only, and says so (415 UNSUPPORTED_MEDIA_TYPE, as its document promises).
  app.removeContentTypeParser('text/plain');
}

/**
 * A response is checked against its schema and loses any field the schema does not list, as with
 * fastify-type-provider-zod's serializer, but through `safeParse`: its `safeEncode` takes zod's
 * slow generic path, on every answer (measured: bench/README.md).
 * The two differ only on transforms, and a response schema has none (encoding one would throw).
 */
const serializeResponse: FastifySerializerCompiler<unknown> = ({ schema, method, url }) => {
  if (!(schema instanceof z.ZodType))
    throw new Error(`${method} ${url}: a response schema must be a zod schema`);
  return (data) => {
    const result = schema.safeParse(data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};

/**
 * The spec's client sends `Content-Type: application/json` on every call, bodiless ones
 * (logout) included: an empty body is no body, anything else must be valid JSON.
 */
function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') return done(null, undefined);
    // Fastify's default parser is the callback kind: it answers through `done` and returns nothing.
    void parseJson(request, text, done);
  });
}
