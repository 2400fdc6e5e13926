import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { OAUTH_DESCRIPTION, withAfmCheckDigit } from '@tickets/domain';
import { addOfficer } from '../src/admin/officers';
import { citizens } from '../src/db/schema';
import { firstError, jsonFrom, loginAs } from './support/login';
import { useTestServer } from './support/test-server';

/**
 * Every /api route of the server's own route table × every kind of caller. A route cannot
 * escape: the server refuses to start with an /api route that does not declare its access.
 */
const CLUB_B_OFFICER = withAfmCheckDigit('20000000');
const personas = {
  anonymous: undefined,
  citizen: '100000040',
  guardian: '100000027',
  clubAOfficer: '100000015',
  clubBOfficer: CLUB_B_OFFICER,
  platformOfficer: '100000003',
} as const;
type Persona = keyof typeof personas;
const officers: Persona[] = ['clubAOfficer', 'clubBOfficer', 'platformOfficer'];

/** Who may call what, written out by hand: the server's declarations must match it exactly. */
const EXPECTED_ACCESS: Record<string, 'public' | 'user' | 'officer' | 'provider' | 'device' | 'eu-wallet'> = {
  'GET /api/openapi.json': 'public',
  'GET /api/auth/user': 'user',
  'POST /api/auth/logout': 'public',
  'GET /api/tickets/dependents/': 'user',
  'POST /api/tickets/dependents/declarations/indicate': 'user',
  'GET /api/tickets/dependents/declarations': 'user',
  'DELETE /api/tickets/dependents/declarations/:declarationId/cancel': 'user',
  'POST /api/tickets/dependents/declarations/modify': 'user',
  'GET /api/wallet/companion-requests': 'user',
  'POST /api/wallet/companion-requests/:requestId/:answer': 'user',
  'GET /api/wallet/tickets': 'user',
  'POST /api/wallet/tickets': 'user',
  'GET /api/wallet/lookups': 'user',
  'GET /api/wallet/transfers': 'user',
  'POST /api/wallet/tickets/:publicCode/transfers': 'user',
  'POST /api/wallet/tickets/:publicCode/device-key': 'user',
  'POST /api/wallet/transfers/:transferId/:answer': 'user',
  'POST /api/wallet/tickets/:publicCode/credential-offer': 'user',
  'GET /api/wallet/oid4vci/types/ticket': 'public',
  'POST /api/wallet/oid4vci/token': 'eu-wallet',
  'POST /api/wallet/oid4vci/par': 'eu-wallet',
  'POST /api/wallet/authorizations/lookup': 'user',
  'POST /api/wallet/authorizations/decision': 'user',
  'POST /api/wallet/oid4vci/nonce': 'eu-wallet',
  'POST /api/wallet/oid4vci/credential': 'eu-wallet',
  'GET /api/wallet/oid4vci/status-lists/:listId': 'public',
  'GET /api/standin/wallet': 'public',
  'GET /api/wallet/notifications': 'user',
  'POST /api/wallet/notifications/:notificationId/read': 'user',
  'GET /api/standin/mailbox': 'public',
  'POST /api/ticket-office/identify': 'officer',
  'POST /api/ticket-office/personalize': 'officer',
  'POST /api/stats/ticket': 'officer',
  'GET /api/ticket-office/transfer-events': 'officer',
  'PUT /api/ticket-office/transfer-events': 'officer',
  'POST /api/ticket-office/events/:eventId/cancellation': 'officer',
  'POST /api/blackList-administration/info': 'officer',
  'POST /api/blackList-administration/add': 'officer',
  'POST /api/blackList-administration/search': 'officer',
  'PUT /api/blackList-administration/delete/:id': 'officer',
  'PUT /api/providers/events': 'provider',
  'PUT /api/providers/tickets': 'provider',
  'GET /api/providers/tickets/:publicCode/status': 'provider',
  'POST /api/ticket-office/gate-devices': 'officer',
  'GET /api/ticket-office/gate-devices': 'officer',
  'GET /api/ticket-office/gate-devices/organisations': 'officer',
  'DELETE /api/ticket-office/gate-devices/:deviceId': 'officer',
  'POST /api/ticket-office/gate-devices/:deviceId/renewal': 'officer',
  'GET /api/ticket-office/gate-events': 'officer',
  'GET /api/ticket-office/gate-counts': 'officer',
  'GET /api/ticket-office/gate-match-day': 'officer',
  'GET /api/ticket-office/gate-report': 'officer',
  'GET /api/ticket-office/gate-admissions': 'officer',
  'POST /api/ticket-office/gate-admissions/void': 'officer',
  'POST /api/gate/pairing': 'device',
  'POST /api/gate/pairing/renewal': 'device',
  'GET /api/gate/events': 'device',
  'POST /api/gate/admissions': 'device',
  'POST /api/gate/presentation-requests': 'device',
  'GET /api/gate/presentation-requests/:id': 'device',
  'GET /api/gate/presentation-requests/:id/request-object': 'eu-wallet',
  'POST /api/gate/presentation-requests/:id/request-object': 'eu-wallet',
  'POST /api/gate/presentation-requests/:id/response': 'eu-wallet',
  'DELETE /api/gate/admissions/:admissionId': 'device',
  'GET /api/gate/keys': 'device',
  'GET /api/gate/manifest': 'device',
  'POST /api/gate/admissions/batch': 'device',
};

const concrete = (url: string) =>
  url
    .replace(/:(declarationId|requestId|transferId|deviceId|admissionId|notificationId)/, randomUUID())
    .replace(':answer', 'accept')
    .replace(':publicCode', '301000000001')
    .replace(':id', '999999')
    .replace(':listId', '1');

describe('authorization matrix', () => {
  const server = useTestServer('pglite');
  const cookies: Partial<Record<Persona, string>> = {};
  beforeAll(async () => {
    await server.database.db.insert(citizens).values({
      afm: CLUB_B_OFFICER,
      amka: '01018012345',
      firstName: 'ΠΕΤΡΟΣ',
      lastName: 'ΒΑΣΙΛΕΙΟΥ',
      birthDate: '1980-01-01',
    });
    await addOfficer(server.database.db, 'test', CLUB_B_OFFICER, 'kae-akropoli');
    for (const [persona, afm] of Object.entries(personas)) {
      if (afm) cookies[persona as Persona] = (await loginAs(server.baseUrl, afm)).cookie;
    }
  });

  it('declares for every route exactly the access this table expects, and no route more', () => {
    const declared = Object.fromEntries(
      server.app.routeTable
        .filter((route) => route.method !== 'HEAD')
        .map((route) => [`${route.method} ${route.url}`, route.access]),
    );
    expect(declared).toEqual(EXPECTED_ACCESS);
  });

  it('answers every route as its declared access says, for every caller', async () => {
    const outcomes: string[] = [];
    for (const route of server.app.routeTable) {
      const method = route.method;
      if (method === 'HEAD') continue;
      const callers = (Object.keys(personas) as Persona[]).filter(
        (persona) => route.access !== 'public' || persona === 'anonymous',
      );
      for (const persona of callers) {
        const url = `${server.baseUrl}${concrete(route.url)}${route.url === '/api/stats/ticket' ? '?code=301000000001' : ''}`;
        const response = await fetch(url, {
          method,
          headers: jsonFrom(server.baseUrl, cookies[persona]),
          body: method === 'GET' ? undefined : method === 'DELETE' ? '[]' : '{}',
        });
        const expected =
          // A session is no provider key, device token or EU wallet's access token.
          route.access === 'provider' ||
          route.access === 'device' ||
          (route.access === 'eu-wallet' && route.url === '/api/wallet/oid4vci/credential') ||
          // An EU wallet calls without a session: its code, its access token are what it shows.
          (route.access !== 'public' && route.access !== 'eu-wallet' && persona === 'anonymous')
            ? 401
            : route.access === 'officer' && !officers.includes(persona)
              ? 403
              : 'allowed';
        const ok =
          expected === 'allowed'
            ? ![401, 403].includes(response.status) && response.status < 500
            : response.status === expected;
        if (!ok)
          outcomes.push(`${method} ${route.url} as ${persona}: ${response.status}, expected ${expected}`);
        if (
          response.status >= 400 &&
          response.headers.get('content-type')?.includes('application/json') &&
          !route.url.startsWith('/api/blackList')
        ) {
          // An EU wallet's routes answer OAuth's errors, their description in ASCII English.
          if (route.access === 'eu-wallet' || route.url.startsWith('/api/wallet/oid4vci/'))
            expect(
              ((await response.json()) as { error_description?: string }).error_description,
              `${method} ${route.url}`,
            ).toMatch(OAUTH_DESCRIPTION);
          else
            expect((await firstError(response))?.description, `${method} ${route.url}`).toMatch(
              /[\u0370-\u03ff]/,
            );
        }
      }
    }
    expect(outcomes).toEqual([]);
  });
});
