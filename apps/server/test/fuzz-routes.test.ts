import { beforeAll, describe, expect, it } from 'vitest';
import { count, getTableName, is, ne } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../src/db/schema';
import { DEMO_PROVIDER_KEYS } from '../src/demo/events';
import { jsonFrom, loginAs } from './support/login';
import { engines, useTestServer } from './support/test-server';
import { pairDevice } from './support/gate';
import { type RefusalAnswer, saysWhyInItsWords } from './support/refusal-words';

/**
 * Every route of the server's own route table (a route added later is walked too), as every kind
 * of caller and without credentials: a body shaped after the route's own OpenAPI schema with a
 * control character (and a lone surrogate) in each of its strings in turn, wrong types and extreme numbers in each field,
 * control characters in the query string and the path, a huge and a deeply nested body. Never a
 * 5xx, always a Greek refusal, and not one row written in any table.
 */
const CONTROL_CHARACTERS = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\t',
  '\n',
  '\r',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u009f',
];
/**
 * Halves of a UTF-16 pair without the other: JSON carries them (`"a\ud800b"`), but no UTF-8 text and
 * so no PostgreSQL column or audit row can (issue 40). Only in bodies: a URL cannot even encode them.
 */
const LONE_SURROGATES = ['\ud800', '\udfff'];
/** Requests in flight at once, within one route. */
const CONCURRENT_REQUESTS = 8;
const EXTREME_NUMBERS = [2147483648, -2147483649, 9007199254740993, 1e308, -1e308, 0.5, -0];
/** No null: an optional field may take it. */
const WRONG_TYPES: unknown[] = [true, 12, 'κείμενο', [], {}, ['a'], { a: 1 }];

/** Plausible values by field name, so that the one bad field is what the route has to refuse. */
const SAMPLES: Record<string, unknown> = {
  ticketCode: '303000000001',
  publicCode: '303000000001',
  afm: '100000040',
  companionAfm: '100000040',
  recipientAfm: '100000040',
  amka: '01018012345',
  documentId: 'ΑΚ987654',
  firstName: 'ΙΩΑΝΝΗΣ',
  lastName: 'ΠΑΠΑΔΑΚΗΣ',
  fathersName: 'ΓΕΩΡΓΙΟΣ',
  dateOfBirth: '1980-01-01',
  endDate: '2099-01-01',
  label: 'Θύρα 3',
  code: '303000000001',
  externalId: 'demo-fuzz',
  eventExternalId: 'demo-season',
  description: 'Αγώνας',
  venue: 'Γήπεδο',
  // A provider's rows are checked one by one, after the batch: their shape is not in the route's schema.
  events: [
    {
      externalId: 'demo-fuzz',
      description: 'Αγώνας',
      startsAt: new Date(Date.now() + 86_400_000).toISOString(),
      venue: 'Γήπεδο',
      seasonExternalId: 'demo-season',
    },
  ],
  tickets: [
    { publicCode: '301099000001', eventExternalId: 'demo-season', sector: 'Θύρα 3', row: '4', seat: '1' },
  ],
};

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};
type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        parameters?: { name: string; in: string }[];
      }
    >
  >;
  components?: { schemas?: Record<string, JsonSchema> };
};

function sampleOf(node: JsonSchema | undefined, name: string, api: OpenApi, depth = 0): unknown {
  if (!node || depth > 6) return 'κείμενο';
  if (node.$ref)
    return sampleOf(api.components?.schemas?.[node.$ref.split('/').pop() ?? ''], name, api, depth + 1);
  const choice = node.anyOf ?? node.oneOf;
  if (choice)
    return sampleOf(choice.find((option) => option.type !== 'null') ?? choice[0], name, api, depth + 1);
  if (name in SAMPLES) return SAMPLES[name];
  if (node.const !== undefined) return node.const;
  if (node.enum) return node.enum[0];
  const type = [node.type].flat().find((entry) => entry !== 'null');
  if (type === 'object' || node.properties)
    return Object.fromEntries(
      Object.entries(node.properties ?? {}).map(([key, value]) => [
        key,
        sampleOf(value, key, api, depth + 1),
      ]),
    );
  if (type === 'array') return [sampleOf(node.items, name, api, depth + 1)];
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return true;
  if (node.format === 'date-time') return new Date(Date.now() + 86_400_000).toISOString();
  return 'κείμενο';
}

type Path = (string | number)[];
/** Every leaf of a JSON value with its path. */
function leaves(value: unknown, path: Path = []): { path: Path; value: unknown }[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => leaves(item, [...path, index]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => leaves(item, [...path, key]));
  return [{ path, value }];
}
function replaced(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...Path];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head] = replaced(copy[head], rest, replacement);
  return copy;
}

/** The bad bodies for one route: each string with a control character, each field of a wrong type or number. */
function badBodies(sample: unknown, own: boolean): unknown[] {
  const bodies: unknown[] = [];
  for (const leaf of leaves(sample)) {
    const text = typeof leaf.value === 'string' ? leaf.value : String(leaf.value);
    for (const control of own ? [...CONTROL_CHARACTERS, ...LONE_SURROGATES] : ['\u0000']) {
      bodies.push(replaced(sample, leaf.path, `${text.slice(0, 3)}${control}${text.slice(3)}`));
      bodies.push(replaced(sample, leaf.path, control));
    }
    if (!own) continue;
    for (const wrong of WRONG_TYPES)
      if (typeof wrong !== typeof leaf.value) bodies.push(replaced(sample, leaf.path, wrong));
    for (const extreme of EXTREME_NUMBERS) bodies.push(replaced(sample, leaf.path, extreme));
  }
  return bodies;
}

const deepBody = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
const deepObject = `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`;
const hugeBody = JSON.stringify({ a: 'Ά'.repeat(3_000_000) });

for (const engine of engines) {
  describe(`every route, every caller, bad input (${engine})`, () => {
    const server = useTestServer(engine, { RATE_LIMITS: 'false' });
    const credentials: Record<string, Record<string, string>> = { none: {} };
    let api: OpenApi;

    beforeAll(async () => {
      const citizen = (await loginAs(server.baseUrl, '100000027')).cookie;
      const officer = (await loginAs(server.baseUrl, '100000003')).cookie;
      const clubOfficer = (await loginAs(server.baseUrl, '100000015')).cookie;
      const device = await fetch(`${server.baseUrl}/api/ticket-office/gate-devices`, {
        method: 'POST',
        headers: jsonFrom(server.baseUrl, clubOfficer),
        body: JSON.stringify({ label: 'Θύρα 1' }),
      });
      expect(device.status).toBe(200);
      const paired = await pairDevice(server.baseUrl, ((await device.json()) as { token: string }).token);
      const { credential: token } = (await paired.json()) as { credential: string };
      credentials.citizen = { cookie: citizen };
      credentials.officer = { cookie: officer };
      credentials.provider = { authorization: `Bearer ${DEMO_PROVIDER_KEYS['ae-olympiada']}` };
      credentials.device = { authorization: `Bearer ${token}` };
      api = (await (await fetch(`${server.baseUrl}/api/openapi.json`)).json()) as OpenApi;
    });

    /** Rows in every table but sessions (a session's last use is touched, never added by these calls). */
    const rowCounts = async () => {
      const tables = (Object.values(schema) as unknown[]).filter(
        (table): table is PgTable => is(table, PgTable) && getTableName(table) !== 'sessions',
      );
      // The outbox delivers the demo data's notifications meanwhile, each with its audit row: not these calls'.
      const delivered = ne(schema.auditLog.action, 'NOTIFICATION_SENT');
      const counted = await Promise.all(
        tables.map(async (table) => [
          getTableName(table),
          (
            await server.database.db
              .select({ n: count() })
              .from(table)
              .where(table === schema.auditLog ? delivered : undefined)
          )[0]?.n,
        ]),
      );
      return Object.fromEntries(counted);
    };

    /** What went wrong, all of it: one run shows every route to fix. */
    const problems: string[] = [];
    const send = async (method: string, url: string, caller: string, body?: string) => {
      const response = await fetch(`${server.baseUrl}${url}`, {
        method,
        headers: { origin: server.baseUrl, 'content-type': 'application/json', ...credentials[caller] },
        ...(body === undefined ? {} : { body }),
      });
      const where = `${caller} ${method} ${url} ${(body ?? '').slice(0, 200)}`;
      if (response.status >= 500) problems.push(`${response.status} ${where}`);
      const answer = (await response.json()) as RefusalAnswer & { inserted?: number; updated?: number };
      if (response.status < 400) {
        // Only a provider's batch answers 200 with its bad rows reported: none of them taken.
        if (answer.inserted !== 0 || answer.updated !== 0) problems.push(`${response.status} ${where}`);
        return;
      }
      if (!saysWhyInItsWords(answer)) problems.push(`${response.status} not in its reader's words: ${where}`);
    };

    it('refuses control characters, lone surrogates, wrong types and extreme numbers everywhere, in Greek (to a wallet in OAuth’s ASCII English), writing nothing', async () => {
      const before = await rowCounts();
      // Logging out ends the session the calls after it use: it goes last.
      const routes = server.app.routeTable
        .filter((route) => route.method !== 'HEAD')
        .sort((a, b) => Number(a.url === '/api/auth/logout') - Number(b.url === '/api/auth/logout'));
      expect(routes.length).toBeGreaterThan(30);
      for (const route of routes) {
        const operation = api.paths[route.url.replace(/:([A-Za-z]+)/g, '{$1}')]?.[route.method.toLowerCase()];
        const params = (operation?.parameters ?? []).filter((parameter) => parameter.in === 'query');
        const bodySchema = operation?.requestBody?.content?.['application/json']?.schema;
        const sample = bodySchema ? sampleOf(bodySchema, '', api) : undefined;
        const write = !['GET', 'DELETE'].includes(route.method);
        // A route's requests a few at a time (each waits mostly on the server); the routes one by one.
        const requests: [method: string, url: string, caller: string, body?: string][] = [];
        const goodPath = route.url.replace(/:([A-Za-z]+)/g, (_, name: string) =>
          String(SAMPLES[name] ?? '1'),
        );
        for (const caller of Object.keys(credentials)) {
          const own = caller === route.access || (caller === 'officer' && route.access === 'user');
          for (const control of own ? CONTROL_CHARACTERS : CONTROL_CHARACTERS.slice(0, 1)) {
            // The path's parameters and every query parameter the route reads, with a control character.
            const url = route.url.replace(/:[A-Za-z]+/g, () => encodeURIComponent(`30300${control}0000001`));
            const query = params.map(
              (parameter) => `${parameter.name}=${encodeURIComponent(`demo${control}1`)}`,
            );
            if (route.url.includes(':'))
              requests.push([route.method, url, caller, write ? JSON.stringify(sample ?? {}) : undefined]);
            if (query.length > 0) requests.push([route.method, `${goodPath}?${query.join('&')}`, caller]);
          }
          if (params.length > 0)
            for (const extreme of EXTREME_NUMBERS)
              requests.push([
                route.method,
                `${goodPath}?${params.map((p) => `${p.name}=${extreme}`).join('&')}`,
                caller,
              ]);
          if (sample === undefined || !write) continue;
          for (const body of badBodies(sample, own))
            requests.push([route.method, goodPath, caller, JSON.stringify(body)]);
          if (own)
            for (const body of [deepBody, deepObject, hugeBody])
              requests.push([route.method, goodPath, caller, body]);
        }
        for (let next = 0; next < requests.length; next += CONCURRENT_REQUESTS)
          await Promise.all(
            requests.slice(next, next + CONCURRENT_REQUESTS).map((request) => send(...request)),
          );
      }
      expect(problems).toEqual([]);
      expect(await rowCounts()).toEqual(before);
      // Thousands of requests, one after another: past the default 30 s on a shared two-core machine.
    }, 240_000);
  });
}
