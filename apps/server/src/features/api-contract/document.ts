import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema, oauthErrorSchema, suspensionErrorSchema } from '@tickets/domain';
import type { Config } from '../../config';
import { isApiPath } from '../../shared/api-paths';
import type { Access } from '../../shared/guards';
import { sessionCookieName } from '../../shared/sessions';
import {
  errorCodesOf,
  errorExample,
  errorResponses,
  errorShapeOf,
  exampleName,
  type ErrorShape,
} from './error-responses';

/**
 * The OpenAPI 3.1 document (docs/design.md §4), generated from the route schemas in every profile
 * and served at /api/openapi.json (routes.ts). Each route declares its schemas, tags and summary;
 * what follows from what the route already says is added here: the operation id (unless the route
 * names one), the security scheme of its `config.access`, and every error it can answer
 * (error-responses.ts), all referring to one schema of the error envelope.
 */

type SecurityRequirement = Record<string, string[]>;

const securityOf: Record<Access, SecurityRequirement[]> = {
  // Anyone; a session, when its cookie comes along, is read all the same (logout ends it).
  public: [{}, { sessionCookie: [] }],
  user: [{ sessionCookie: [] }],
  officer: [{ sessionCookie: [] }],
  provider: [{ providerApiKey: [] }],
  device: [{ gateDeviceToken: [] }],
  // The credential endpoint's access token is added per route (`issuanceAccessToken`).
  'eu-wallet': [{}],
};

const accessNote: Record<Access, string> = {
  public: 'Anyone may call it.',
  user: 'For a signed-in person (the session cookie).',
  officer:
    'For a signed-in ticket-office officer (an active row of `officers`); anyone else is answered 403 `FORBIDDEN`.',
  provider: "For a club's ticketing provider, with its API key.",
  device: "For a registered gate device, with its token; refused at once once it's revoked.",
  'eu-wallet':
    'For an EU wallet speaking OpenID4VCI 1.0 (docs/design.md §12): no session cookie and no `Origin`; errors are OAuth\'s `{"error", "error_description"}`.',
};

const TAG_DESCRIPTIONS: Record<string, string> = {
  session:
    'Who is signed in, and logging out. Signing in is a browser redirect through TaxisNet ' +
    '(`GET /oauth2/authorization/taxis`), outside this API; it sets the session cookie.',
  'citizen: companions': "A guardian's minors and the companions named for their tickets.",
  wallet:
    "What the Gov.gr Wallet app calls for the signed-in person: tickets, a season ticket's fixture lent " +
    'to someone, companion requests, and when a ticket office looked their tickets up.',
  'eu wallet':
    'The platform as an OpenID4VCI 1.0 credential issuer of tickets as SD-JWT VCs (docs/design.md §12), ' +
    'for any EU wallet: the pre-authorized code flow (token, nonce, credential) and the Token Status List. ' +
    'Its metadata is outside this API: `/.well-known/openid-credential-issuer`, ' +
    "`/.well-known/oauth-authorization-server`, `/.well-known/jwt-vc-issuer`. These answer OAuth's errors.",
  'ticket office':
    "Officers: bind a ticket to a fan, look a ticket up, set the transfer rules of the club's events.",
  'ticket office: suspended users':
    'Officers: stadium bans. These answer errors as `{"error": "…"}` (the shape their client reads), ' +
    'not as the envelope.',
  'ticket office: gate': "Officers: the club's gate devices and the admission counts of an event.",
  'gate devices': 'What a registered gate device calls: the events at its gate, and the entry decision.',
  providers:
    "Clubs' ticketing providers: push events and tickets (idempotent upserts by external id and code), " +
    "and ask a ticket's status at the gate.",
};

const DESCRIPTION = `The platform's JSON API (docs/design.md §4), generated from the route schemas.

**Who calls what.** Each operation names its security scheme: the session cookie of a TaxisNet login
(the citizens' and ticket offices' pages, and the Gov.gr Wallet app), a club's ticketing provider's API key,
or a gate device's token (both \`Authorization: Bearer …\`).

**State-changing calls with the session cookie** must come from the service's own origin (\`Origin\`)
and carry JSON (\`Content-Type: application/json\`); otherwise 403 \`CROSS_ORIGIN_FORBIDDEN\` or 415.

**Errors** answer \`{"exceptions":{"errors":[{"code":"…","description":"…"}]}}\` (the \`ErrorEnvelope\`
schema): a code of the error catalogue and a Greek description to show as it is. Each operation lists
the codes it can answer, with the Greek text as examples. The suspended-users operations answer
\`{"error":"…"}\` instead (\`SuspensionError\`). Whatever the operation, a request Node cannot read at all
is answered 400 \`MALFORMED_REQUEST\`, 408 \`REQUEST_TIMEOUT\` or 431 \`HEADERS_TOO_LARGE\`, and an unknown
path 404 \`NOT_FOUND\`, in the same envelope.

**Request ids.** An \`X-Request-Id\` header is logged with every line and kept in the audit row.`;

/** `putProvidersEvents` for `PUT /api/providers/events`: the default when a route names none. */
export function defaultOperationId(method: string, url: string): string {
  const words = url
    .split('/')
    .filter((segment) => segment && segment !== 'api' && !segment.startsWith(':'))
    .flatMap((segment) => segment.split(/[-_]/))
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return `${method.toLowerCase()}${words.join('')}`;
}

const methodOf = (route: RouteOptions) => [route.method].flat().find((method) => method !== 'HEAD') ?? 'GET';

/** A zod schema as a component of the document (JSON Schema 2020-12, as OpenAPI 3.1 has it). */
const componentOf = (schema: z.ZodType) => {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output' });
  return json;
};

export function openApiOptions(config: Config): FastifyDynamicSwaggerOptions {
  /** The errors of each operation, found while its route is transformed, added to the whole document. */
  const errorsOf = new Map<string, { shape: ErrorShape; codes: string[] }>();

  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Athletic-event tickets API',
        version: '0.1.0',
        description: DESCRIPTION,
      },
      // Relative to where the document was fetched from, unless the service's address is configured.
      servers: [{ url: config.publicUrl ?? '/', description: 'This service' }],
      tags: Object.entries(TAG_DESCRIPTIONS).map(([name, description]) => ({ name, description })),
      components: {
        securitySchemes: {
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: sessionCookieName(config.profile),
            description:
              'The session a TaxisNet login opens (`GET /oauth2/authorization/taxis`; HttpOnly, SameSite=Lax). ' +
              'A state-changing call must also send `Origin` (the service itself) and JSON.',
          },
          providerApiKey: {
            type: 'http',
            scheme: 'bearer',
            description:
              "A club's ticketing provider's API key (`npm run admin -- providers add`), as " +
              '`Authorization: Bearer <key>`. Wrong keys from one address are answered 429 after 20 a minute.',
          },
          issuanceAccessToken: {
            type: 'http',
            scheme: 'bearer',
            description:
              "The access token the token endpoint gave an EU wallet for a credential offer's pre-authorized code and transaction code, as `Authorization: Bearer <token>`; a DPoP-bound token as `Authorization: DPoP <token>` with a `DPoP` proof header by its key (RFC 9449).",
          },
          gateDeviceToken: {
            type: 'http',
            scheme: 'bearer',
            description:
              "A gate device's token, shown once when an officer registers the device " +
              '(`POST /api/ticket-office/gate-devices`), as `Authorization: Bearer <token>`.',
          },
        },
      },
    },

    transform(document) {
      const { route, url } = document;
      const access = route.config?.access;
      // The web app, the stand-in TaxisNet, health checks and the documentation are not the API.
      if (!isApiPath(url) || !access) return { schema: { hide: true }, url };
      const transformed = jsonSchemaTransform(document);
      const schema = (transformed.schema ?? {}) as Record<string, unknown>;
      if (schema.hide) return transformed;
      const method = methodOf(route);
      const operationId = (schema.operationId as string | undefined) ?? defaultOperationId(method, url);
      errorsOf.set(operationId, { shape: errorShapeOf(url), codes: errorCodesOf(route, method) });
      const description = [accessNote[access], schema.description].filter(Boolean).join('\n\n');
      return {
        url,
        schema: {
          ...schema,
          operationId,
          description,
          security: route.config?.issuanceAccessToken ? [{ issuanceAccessToken: [] }] : securityOf[access],
        },
      };
    },

    transformObject(document) {
      const openapi = jsonSchemaTransformObject(document) as {
        paths?: Record<string, Record<string, { operationId?: string; responses?: object }>>;
        components?: Record<string, unknown>;
      };
      const examples: Record<string, unknown> = {};
      const shapes = new Set<ErrorShape>();
      for (const item of Object.values(openapi.paths ?? {})) {
        for (const operation of Object.values(item)) {
          const errors = operation.operationId ? errorsOf.get(operation.operationId) : undefined;
          if (!errors) continue;
          operation.responses = { ...operation.responses, ...errorResponses(errors.shape, errors.codes) };
          shapes.add(errors.shape);
          for (const code of errors.codes)
            examples[exampleName(errors.shape, code)] = errorExample(errors.shape, code);
        }
      }
      const schemas: Record<ErrorShape, z.ZodType> = {
        ErrorEnvelope: errorEnvelopeSchema,
        SuspensionError: suspensionErrorSchema,
        OAuthError: oauthErrorSchema,
      };
      openapi.components = {
        ...openapi.components,
        schemas: {
          ...(openapi.components?.schemas as object),
          ...Object.fromEntries([...shapes].sort().map((shape) => [shape, componentOf(schemas[shape])])),
        },
        examples: Object.fromEntries(Object.entries(examples).sort(([a], [b]) => a.localeCompare(b))),
      };
      return openapi;
    },
  };
}
