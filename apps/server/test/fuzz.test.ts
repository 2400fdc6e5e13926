import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { count } from 'drizzle-orm';
import { auditLog, companionDeclarations, suspensions, tickets } from '../src/db/schema';
import { DEMO_PROVIDER_KEYS } from '../src/demo/events';
import { loginAs } from './support/login';
import { type RefusalAnswer, saysWhyInItsWords } from './support/refusal-words';
import { useTestServer } from './support/test-server';

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

/** Header values as they can travel (latin-1, no line breaks), garbage in every other way. */
const headerText = fc.string({
  maxLength: 300,
  unit: fc.oneof(
    fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
    fc.integer({ min: 0x80, max: 0xff }).map((code) => String.fromCharCode(code)),
  ),
});
const headers = fc.dictionary(
  fc.constantFrom(
    'cookie',
    'origin',
    'referer',
    'content-type',
    'x-request-id',
    'authorization',
    'accept',
    'accept-encoding',
    'accept-language',
    'if-none-match',
    'range',
    'x-forwarded-for',
  ),
  fc.oneof(
    headerText,
    fc.constantFrom(
      'tickets_session=',
      `tickets_session=${'A'.repeat(4000)}`,
      'tickets_session=%E0%A4%A; tickets_session=x',
      'tickets_session="',
      'Bearer ',
      `Bearer ${'k'.repeat(5000)}`,
      'null',
      'application/json; charset=iso-8859-7',
      'application/json, text/plain',
      'bytes=0-1,5-',
    ),
  ),
  { maxKeys: 5 },
);
/** Query parameters: names the API reads and others, values encoded or deliberately broken. */
const queryString = fc
  .array(
    fc.tuple(
      fc.constantFrom('code', 'afm', 'amka', 'eventId', 'page', 'size', 'status', 'q', '__proto__', 'a[b]'),
      fc.oneof(
        tricky.map((value) => encodeURIComponent(String(value))),
        fc.constantFrom('%', '%E0%A4%A', '%00', '%ZZ', '%C0%AF', '+', '&&', '=='),
      ),
    ),
    { maxLength: 5 },
  )
  .map((pairs) => pairs.map(([name, value]) => `${encodeURIComponent(name)}=${value}`).join('&'));

describe('generated bad input', () => {
  const server = useTestServer('pglite', { RATE_LIMITS: 'false' });
  let headersFor: (route: { access: string }) => Record<string, string>;
  beforeAll(async () => {
    const officer = (await loginAs(server.baseUrl, '100000003')).cookie;
    headersFor = (route) => ({
      origin: server.baseUrl,
      'content-type': 'application/json',
      ...(route.access === 'provider'
        ? { authorization: `Bearer ${DEMO_PROVIDER_KEYS['ae-olympiada']}` }
        : { cookie: officer }),
    });
  });

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
            const answer = (await response.json()) as RefusalAnswer;
            expect(saysWhyInItsWords(answer), `${route.method} ${url}: ${JSON.stringify(answer)}`).toBe(true);
            // A refused call writes nothing but, for lookups, its audit row.
            const after = await counts();
            expect(after.slice(0, 3)).toEqual(before.slice(0, 3));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never answers 5xx to any route, whatever its query string and headers', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...server.app.routeTable),
        queryString,
        headers,
        fc.boolean(),
        async (route, query, extra, signedIn) => {
          const url = `${route.url.replace(/:[A-Za-z]+/g, 'x')}?${query}`;
          const before = await counts();
          const response = await fetch(`${server.baseUrl}${url}`, {
            method: route.method,
            headers: { ...(signedIn ? headersFor(route) : {}), ...extra },
            ...(['GET', 'HEAD'].includes(route.method) ? {} : { body: '{}' }),
          });
          expect(response.status, `${route.method} ${url}`).toBeLessThan(500);
          if (response.status >= 400 && route.method !== 'HEAD') {
            const answer = (await response.json()) as RefusalAnswer;
            expect(saysWhyInItsWords(answer), `${route.method} ${url}: ${JSON.stringify(answer)}`).toBe(true);
            expect((await counts()).slice(0, 3)).toEqual(before.slice(0, 3));
          } else {
            await response.arrayBuffer();
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  /** Written as JSON text: `-0` would travel as `0` through JSON.stringify. */
  const EDGE_NUMBERS = ['2147483647', '2147483648', '-2147483649', '9007199254740992', '1e308', '-0', '1.5'];
  const NUMBER_FIELDS = [
    'eventId',
    'maxTransfers',
    'transferMinuteLimit',
    'minToAutoRevertTransferredTicket',
  ];

  it('never answers 5xx to a number at the edge of int4, int8 or a double, wherever numbers go', async () => {
    // A session of its own: the generated calls above may have logged the first one out.
    const { cookie } = await loginAs(server.baseUrl, '100000003');
    const headersOf = (access: string) => ({
      ...headersFor({ access }),
      ...(access === 'provider' ? {} : { cookie }),
    });
    // A season of the officer's club: its rules reach the database once the body is valid.
    const listed = await fetch(`${server.baseUrl}/api/ticket-office/transfer-events`, {
      headers: headersOf('officer'),
    });
    const season = ((await listed.json()) as { eventId: number; seasonal: boolean }[]).find(
      (event) => event.seasonal,
    );
    expect(season).toBeDefined();
    const send = async (method: string, url: string, payload?: string, access = 'officer') => {
      const response = await fetch(`${server.baseUrl}${url}`, {
        method,
        headers: headersOf(access),
        ...(payload === undefined ? {} : { body: payload }),
      });
      expect(response.status, `${method} ${url} ${payload ?? ''}`).toBeLessThan(500);
      await response.arrayBuffer();
    };
    // Logging out would end the officer's session for every route after it; it reads no number.
    const routes = server.app.routeTable.filter(
      (entry) => entry.method !== 'HEAD' && entry.url !== '/api/auth/logout',
    );
    for (const route of routes) {
      const write = route.method !== 'GET';
      for (const edge of EDGE_NUMBERS) {
        const url = route.url.replace(/:[A-Za-z]+/g, edge);
        await send(
          route.method,
          `${url}?eventId=${edge}&code=${edge}`,
          write ? '{}' : undefined,
          route.access,
        );
        if (!write) continue;
        for (const field of NUMBER_FIELDS) {
          const others = field === 'eventId' ? '' : `"eventId": ${season?.eventId},`;
          await send(route.method, route.url, `{${others} "${field}": ${edge}}`, route.access);
        }
      }
    }
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
