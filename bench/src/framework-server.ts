/**
 * One of `npm run framework`'s three servers (FRAMEWORK_KIND), on PORT: the session check's floor
 * handler (cookie, hash, a Map, the same JSON) served by `node:http` as floor/server.ts serves it,
 * by a bare Fastify route, or by that route with the platform's kinds of per-request work. No
 * database: what differs between the three is the framework alone.
 */
import http from 'node:http';
import fastify from 'fastify';
import { z } from 'zod';
import { platformPlumbing } from '../../apps/server/src/bench-api';

const { session, apiHeaders } = platformPlumbing;
const COOKIE = `${session.cookieName}=`;
const TOKEN = process.env.FRAMEWORK_TOKEN ?? '';
const sessions = new Map([
  [session.idHash(TOKEN), { firstName: 'ΜΑΡΙΑ', lastName: 'ΜΕΤΡΗΣΗ', afm: '100000003' }],
]);
type User = typeof sessions extends Map<string, infer U> ? U : never;

function sessionOf(cookie: string | undefined): User | undefined {
  const header = cookie ?? '';
  const at = header.indexOf(COOKIE);
  if (at < 0) return undefined;
  const end = header.indexOf(';', at);
  return sessions.get(session.idHash(header.slice(at + COOKIE.length, end < 0 ? undefined : end)));
}

const answer = (user: User) => ({
  firstname: user.firstName,
  lastname: user.lastName,
  taxid: user.afm,
  TICKET_ROLE: 'OFFICER',
  logoutUrl: 'https://login.example/logout',
});
const answerSchema = z.object({
  firstname: z.string(),
  lastname: z.string(),
  taxid: z.string(),
  TICKET_ROLE: z.string(),
  logoutUrl: z.string(),
});

function nodeHttp() {
  return http.createServer((request, response) => {
    if (request.url === '/readyz') {
      response.end();
      return;
    }
    const user = sessionOf(request.headers.cookie);
    if (!user) {
      response.writeHead(401).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(answer(user)));
  });
}

function bareFastify() {
  const app = fastify({ logger: false });
  app.get('/readyz', async () => '');
  app.get('/api/auth/user', async (request, reply) => {
    const user = sessionOf(request.headers.cookie);
    if (!user) return reply.code(401).send();
    return answer(user);
  });
  return app;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The session found by the hook (a name of its own: the server's `user` is another type). */
    benchUser?: User;
  }
}

/** An onRequest hook (headers, the session), a preHandler (access), the answer checked by zod. */
function fastifyWithTheWork() {
  const app = fastify({ logger: false });
  app.decorateRequest('benchUser', undefined);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(apiHeaders);
    request.benchUser = sessionOf(request.headers.cookie);
    done();
  });
  app.addHook('preHandler', (request, reply, done) => {
    if (request.benchUser || request.url === '/readyz') done();
    else void reply.code(401).send();
  });
  app.setSerializerCompiler(() => (data) => JSON.stringify(answerSchema.parse(data)));
  app.get('/readyz', async () => '');
  app.get('/api/auth/user', { schema: { response: { 200: answerSchema } } }, async (request) =>
    answer(request.benchUser!),
  );
  return app;
}

const port = Number(process.env.PORT);
const kind = process.env.FRAMEWORK_KIND;
if (kind === 'node:http') nodeHttp().listen(port, '127.0.0.1');
else if (kind === 'fastify') await bareFastify().listen({ port, host: '127.0.0.1' });
else if (kind === 'fastify-with-work') await fastifyWithTheWork().listen({ port, host: '127.0.0.1' });
else throw new Error(`FRAMEWORK_KIND ${kind}: node:http, fastify or fastify-with-work`);
