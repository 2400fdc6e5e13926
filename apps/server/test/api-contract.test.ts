import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import createClient, { type Middleware } from 'openapi-fetch';
import { errorCatalogue, formatClaimCode } from '@tickets/domain';
import { DEMO_PROVIDER_KEYS } from '../src/demo/events';
import { RULE_ERRORS } from '../src/features/api-contract/error-responses';
import { checkedInApiTypes, generateApiTypes } from './support/api-contract';
import { loginAs } from './support/login';
import type { paths } from '@tickets/domain/api-types';
import { buildProductionApp, engines, PRODUCTION_SITE, useTestServer } from './support/test-server';

/**
 * The OpenAPI document is the contract a club's ticketing vendor or the wallet generates a client
 * from: it is served in every profile, the checked-in client types are generated from it, and the
 * provider and wallet flows run through a client made from those types (openapi-fetch), checking
 * that every error the server answers is one the document lists for that operation.
 */
type Operation = {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  responses: Record<
    string,
    { content?: { 'application/json'?: { schema?: { $ref?: string }; examples?: Record<string, unknown> } } }
  >;
};
type OpenApiDocument = {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { name?: string }>; examples: Record<string, unknown> };
};

const HOLDER = '100000039';
const RECIPIENT = '100000040';
const GUARDIAN = '100000027';
const SEASON_TICKET = '303000000001';
const openApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}');

describe.each(engines)('the API contract on %s', (engine) => {
  const server = useTestServer(engine);
  let document: OpenApiDocument;
  beforeAll(async () => {
    const response = await fetch(`${server.baseUrl}/api/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    document = (await response.json()) as OpenApiDocument;
  });

  const operationOf = (method: string, path: string) => document.paths[path]?.[method.toLowerCase()];

  /** Fails a call whose error the document does not list for its operation, with its code as an example. */
  const documentedErrors: Middleware = {
    async onResponse({ request, response, schemaPath }) {
      if (response.status < 400) return;
      const operation = operationOf(request.method, schemaPath);
      const body = (await response.clone().json()) as { exceptions: { errors: { code: string }[] } };
      const code = body.exceptions.errors[0]?.code ?? '';
      const examples = operation?.responses[String(response.status)]?.content?.['application/json']?.examples;
      expect(Object.keys(examples ?? {}), `${request.method} ${schemaPath} answered ${code}`).toContain(code);
    },
  };
  const client = (headers: Record<string, string>) => {
    const made = createClient<paths>({ baseUrl: server.baseUrl, headers });
    made.use(documentedErrors);
    return made;
  };
  const walletOf = async (afm: string) =>
    client({ cookie: (await loginAs(server.baseUrl, afm)).cookie, origin: server.baseUrl });

  it('serves an OpenAPI 3.1 document describing every /api route: id, summary, security, errors', () => {
    expect(document.openapi).toBe('3.1.0');
    const routes = server.app.routeTable.filter(
      (route) => route.method !== 'HEAD' && route.url !== '/api/openapi.json',
    );
    const ids = new Set<string>();
    for (const route of routes) {
      const operation = operationOf(route.method, openApiPath(route.url));
      const name = `${route.method} ${route.url}`;
      expect(operation, name).toBeDefined();
      if (!operation) continue;
      expect(operation.summary, name).toBeTruthy();
      expect(operation.operationId, name).toMatch(/^[a-z][A-Za-z]+$/);
      ids.add(operation.operationId ?? '');
      expect(operation.security?.length, name).toBeGreaterThan(0);
      const errors = Object.entries(operation.responses).filter(([status]) => Number(status) >= 400);
      expect(
        errors.map(([status]) => status),
        name,
      ).toContain('500');
      for (const [, response] of errors) {
        expect(response.content?.['application/json']?.schema?.$ref).toMatch(
          /^#\/components\/schemas\/(ErrorEnvelope|SuspensionError|OAuthError)$/,
        );
      }
    }
    expect(ids.size).toBe(routes.length);
    // The rules' refusals are listed by route: a renamed route must not leave its list behind.
    const known = new Set(routes.map((route) => `${route.method} ${route.url}`));
    expect(Object.keys(RULE_ERRORS).filter((route) => !known.has(route))).toEqual([]);
    // Greek examples, straight from the error catalogue.
    expect(document.components.examples.TICKET_NOT_FOUND).toEqual({
      summary: 'TICKET_NOT_FOUND (404)',
      value: {
        exceptions: {
          errors: [{ code: 'TICKET_NOT_FOUND', description: errorCatalogue.TICKET_NOT_FOUND.description }],
        },
      },
    });
  });

  it('has the checked-in client types generated from this very document (else: npm run api:types)', async () => {
    expect(await generateApiTypes(document)).toBe(await checkedInApiTypes());
  });

  it('serves the same document in the production profile, with its cookie name and address', async () => {
    const production: FastifyInstance = await buildProductionApp(server.database, PRODUCTION_SITE);
    try {
      const response = await production.inject({ method: 'GET', url: '/api/openapi.json' });
      expect(response.statusCode).toBe(200);
      const served = response.json<OpenApiDocument>();
      expect(served.paths).toEqual(document.paths);
      expect(served.servers).toEqual([
        { url: 'https://tickets.example.gov.gr', description: 'This service' },
      ]);
      expect(served.components.securitySchemes.sessionCookie?.name).toBe('__Host-tickets_session');
      expect((await production.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });

  it("documents the provider batches' rows with their schemas, so a generated client types them", () => {
    type Rows = { properties?: Record<string, { items?: { required?: string[]; properties?: object } }> };
    const rowsOf = (path: string, field: string) => {
      const body = (
        document.paths[path]?.put as { requestBody?: { content: Record<string, { schema: Rows }> } }
      )?.requestBody?.content['application/json']?.schema;
      return body?.properties?.[field]?.items;
    };
    const events = rowsOf('/api/providers/events', 'events');
    expect(events?.required).toEqual(['externalId', 'description', 'startsAt', 'venue']);
    expect(Object.keys(events?.properties ?? {})).toEqual(
      expect.arrayContaining(['endsAt', 'seasonal', 'seasonExternalId', 'displayMode']),
    );
    const tickets = rowsOf('/api/providers/tickets', 'tickets');
    expect(tickets?.required).toEqual(['publicCode', 'eventExternalId']);
    expect(Object.keys(tickets?.properties ?? {})).toEqual(
      expect.arrayContaining(['sector', 'gate', 'row', 'seat', 'seasonal']),
    );
  });

  it('runs the provider flow through the generated client: events, tickets, a status at the gate', async () => {
    const provider = client({ authorization: `Bearer ${DEMO_PROVIDER_KEYS['kae-akropoli']}` });
    const startsAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const pushedEvents = await provider.PUT('/api/providers/events', {
      body: {
        events: [{ externalId: 'contract-final', description: 'Τελικός', startsAt, venue: 'ΟΑΚΑ' }],
      },
    });
    expect(pushedEvents.data).toMatchObject({ received: 1, inserted: 1, rejected: [] });

    const ticket = { publicCode: '498000000001', eventExternalId: 'contract-final', sector: 'Α', row: '1' };
    const pushedTickets = await provider.PUT('/api/providers/tickets', { body: { tickets: [ticket] } });
    expect(pushedTickets.data).toMatchObject({ received: 1, inserted: 1, rejected: [] });
    const [claim] = pushedTickets.data?.claims ?? [];
    expect(claim?.publicCode).toBe(ticket.publicCode);
    const again = await provider.PUT('/api/providers/tickets', { body: { tickets: [ticket] } });
    expect(again.data).toMatchObject({ unchanged: 1, claims: [claim] });

    // The buyer adds it in the wallet with the purchase confirmation's two codes.
    const buyer = await walletOf(GUARDIAN);
    const added = await buyer.POST('/api/wallet/tickets', {
      body: { publicCode: ticket.publicCode, claimCode: formatClaimCode(claim?.claimCode ?? '') },
    });
    expect(added.response.status).toBe(201);
    expect(added.data).toMatchObject({ publicCode: ticket.publicCode, eventDescription: 'Τελικός' });
    const another = await walletOf(RECIPIENT);
    const taken = await another.POST('/api/wallet/tickets', {
      body: { publicCode: ticket.publicCode, claimCode: claim?.claimCode ?? '' },
    });
    expect(taken.error?.exceptions.errors[0]?.code).toBe('TICKET_ALREADY_IN_WALLET');

    const status = await provider.GET('/api/providers/tickets/{publicCode}/status', {
      params: { path: { publicCode: ticket.publicCode }, query: { eventExternalId: 'contract-final' } },
    });
    expect(status.data).toMatchObject({ publicCode: ticket.publicCode, eventExternalId: 'contract-final' });

    const unknown = await provider.GET('/api/providers/tickets/{publicCode}/status', {
      params: { path: { publicCode: '498000000999' } },
    });
    expect(unknown.response.status).toBe(404);
    expect(unknown.error?.exceptions.errors[0]?.code).toBe('TICKET_NOT_FOUND');

    const stranger = client({ authorization: 'Bearer not-a-provider-key' });
    const refused = await stranger.PUT('/api/providers/events', { body: { events: [] } });
    expect(refused.error?.exceptions.errors[0]?.code).toBe('PROVIDER_UNAUTHENTICATED');
  });

  it('runs the wallet flow through the generated client: tickets, a loan of a fixture, a companion request', async () => {
    const holder = await walletOf(HOLDER);
    const recipient = await walletOf(RECIPIENT);

    const tickets = await holder.GET('/api/wallet/tickets');
    const season = tickets.data?.find((ticket) => ticket.publicCode === SEASON_TICKET);
    // The last fixture: far from its kick-off, so no cut-off stands in the way.
    const fixture = season?.fixtures
      .filter((candidate) => candidate.lentTo === null)
      .sort((a, b) => a.eventDateTime.localeCompare(b.eventDateTime))
      .at(-1);
    expect(season?.seasonal).toBe(true);
    if (!fixture) throw new Error('the demo season ticket has no fixture to lend');

    const toSelf = await holder.POST('/api/wallet/tickets/{publicCode}/transfers', {
      params: { path: { publicCode: SEASON_TICKET } },
      body: { recipientAfm: HOLDER, eventId: fixture.eventId },
    });
    expect(toSelf.error?.exceptions.errors[0]?.code).toBe('RECIPIENT_IS_HOLDER');

    const lent = await holder.POST('/api/wallet/tickets/{publicCode}/transfers', {
      params: { path: { publicCode: SEASON_TICKET } },
      body: { recipientAfm: RECIPIENT, eventId: fixture.eventId },
    });
    expect(lent.data).toMatchObject({ status: 'PENDING', toAfm: RECIPIENT, eventId: fixture.eventId });
    const transferId = lent.data?.transferId ?? '';

    const offered = await recipient.GET('/api/wallet/transfers');
    expect(offered.data?.map((transfer) => transfer.transferId)).toContain(transferId);
    const accepted = await recipient.POST('/api/wallet/transfers/{transferId}/{answer}', {
      params: { path: { transferId, answer: 'accept' } },
    });
    expect(accepted.data?.status).toBe('ACCEPTED');
    const twice = await recipient.POST('/api/wallet/transfers/{transferId}/{answer}', {
      params: { path: { transferId, answer: 'accept' } },
    });
    expect(twice.error?.exceptions.errors[0]?.code).toBe('TRANSFER_NOT_PENDING');

    const received = await recipient.GET('/api/wallet/tickets');
    expect(received.data?.find((ticket) => ticket.eventId === fixture.eventId)?.lentBy).toBeTruthy();

    const requests = await holder.GET('/api/wallet/companion-requests');
    const pending = requests.data?.find((request) => request.status === 'PENDING');
    if (!pending) throw new Error('the demo companion has no pending request');
    const answered = await holder.POST('/api/wallet/companion-requests/{requestId}/{answer}', {
      params: { path: { requestId: pending.requestId, answer: 'accept' } },
    });
    expect(answered.data?.status).toBe('ACCEPTED');

    expect((await holder.GET('/api/wallet/lookups')).response.status).toBe(200);
    const anonymous = await client({}).GET('/api/wallet/tickets');
    expect(anonymous.error?.exceptions.errors[0]?.code).toBe('UNAUTHENTICATED');
  });
});
