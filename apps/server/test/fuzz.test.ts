import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { count } from 'drizzle-orm';
import { auditLog, companionDeclarations, suspensions, tickets } from '../src/db/schema';
import { DEMO_PROVIDER_KEYS } from '../src/demo/events';
import { loginAs } from './support/login';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * Bad input, generated: every /api route of the route table gets arbitrary JSON, wrong types,
 * huge and tricky strings, and malformed bodies. Never a 5xx, always an error in the expected
 * shape, and nothing written by a call that was refused.
 */
const tricky = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\u202e',
    '𝔄𝔉𝔐',
    'Ά'.repeat(300),
    '1'.repeat(10_000),
    '../../etc/passwd',
    "' or 1=1 --",
    '{"$ne":null}',
    '__proto__',
  ),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
);
const body = fc.oneof(
  fc.dictionary(
    fc.constantFrom(
      'ticketCode',
      'publicCode',
      'afm',
      'amka',
      'documentId',
      'firstName',
      'lastName',
      'documentType',
      'declarationId',
      'companionAfm',
      'eventId',
      'endDate',
      'tickets',
      'events',
      'recipientAfm',
      '__proto__',
      'constructor',
    ),
    tricky,
  ),
  fc.jsonValue({ maxDepth: 3 }),
);
const raw = fc.constantFrom(
  '{',
  '{"a":',
  '[1,2',
  'null',
  '"text"',
  'not json at all',
  '{"__proto__":{"admin":true}}',
);

describe('generated bad input', () => {
  let server: TestServer;
  let headersFor: (route: { access: string }) => Record<string, string>;
  beforeAll(async () => {
    server = await startTestServer('pglite', { RATE_LIMITS: 'false' });
    const officer = (await loginAs(server.baseUrl, '100000003')).cookie;
    headersFor = (route) => ({
      origin: server.baseUrl,
      'content-type': 'application/json',
      ...(route.access === 'provider'
        ? { authorization: `Bearer ${DEMO_PROVIDER_KEYS['ae-olympiada']}` }
        : { cookie: officer }),
    });
  });
  afterAll(() => server.close());

  const counts = async () => {
    const db = server.database.db;
    const [a, b, c, d] = await Promise.all(
      [tickets, companionDeclarations, suspensions, auditLog].map((table) =>
        db.select({ n: count() }).from(table),
      ),
    );
    return [a?.[0]?.n, b?.[0]?.n, c?.[0]?.n, d?.[0]?.n];
  };

  it('never answers 5xx, and every refusal is a proper error that changed nothing', async () => {
    const routes = server.app.routeTable.filter((route) => !['GET', 'HEAD'].includes(route.method));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.oneof(
          body.map((value) => JSON.stringify(value)),
          raw,
        ),
        fc.string({ maxLength: 40 }),
        async (route, payload, param) => {
          const url = route.url.replace(/:[A-Za-z]+/g, () => encodeURIComponent(param) || 'x');
          const before = await counts();
          const response = await fetch(`${server.baseUrl}${url}?code=${encodeURIComponent(param)}`, {
            method: route.method,
            headers: headersFor(route),
            body: payload,
          });
          expect(response.status, `${route.method} ${url}`).toBeLessThan(500);
          if (response.status >= 400) {
            const answer = (await response.json()) as {
              exceptions?: { errors?: { description?: string }[] };
              error?: string;
            };
            const message = answer.exceptions?.errors?.[0]?.description ?? answer.error;
            expect(message, `${route.method} ${url}`).toMatch(/[\u0370-\u03ff]/);
            // A refused call writes nothing but, for lookups, its audit row.
            const after = await counts();
            expect(after.slice(0, 3)).toEqual(before.slice(0, 3));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses an oversized body and a wrong content type on every write route', async () => {
    for (const route of server.app.routeTable.filter((entry) => !['GET', 'HEAD'].includes(entry.method))) {
      const url = `${server.baseUrl}${route.url.replace(/:[A-Za-z]+/g, 'x')}`;
      const huge = await fetch(url, {
        method: route.method,
        headers: headersFor(route),
        body: JSON.stringify({ a: 'x'.repeat(5_000_000) }),
      });
      expect([400, 401, 404, 413], `${route.method} ${route.url}`).toContain(huge.status);
      const form = await fetch(url, {
        method: route.method,
        headers: { ...headersFor(route), 'content-type': 'text/plain' },
        body: 'a=1',
      });
      expect([400, 401, 404, 415], `${route.method} ${route.url}`).toContain(form.status);
    }
  });
});
