/**
 * The requests `npm run bench` measures on both engines (its writes on PostgreSQL are given), each
 * from the demo people the import and the bulk data leave in place; `npm run tail` and `npm run cpu`
 * load them too.
 */
import { demoData } from '../../../apps/server/src/bench-api';
import type { Scenario } from './load';
import { code } from './tickets';

export function scenarios(
  url: string,
  cookies: Record<string, string>,
  tickets: number,
  ...writesOnPostgres: Scenario[]
): Scenario[] {
  let next = 0;
  const write = { origin: url };
  return [
    { name: 'session check', path: '/api/auth/user', headers: { cookie: cookies.officer ?? '' } },
    {
      name: 'stats lookup',
      method: 'POST',
      path: `/api/stats/ticket?code=${code(1)}`,
      nextPath: () => `/api/stats/ticket?code=${code(1 + Math.floor(Math.random() * tickets))}`,
      headers: { cookie: cookies.officer ?? '', ...write },
    },
    {
      name: 'personalization',
      method: 'POST',
      path: '/api/ticket-office/personalize',
      headers: { cookie: cookies.officer ?? '', ...write },
      body: () => {
        next += 1;
        return JSON.stringify({
          ticketCode: code(tickets - next),
          firstName: 'ΜΑΡΙΑ',
          lastName: 'ΜΕΤΡΗΣΗ',
          documentType: 'NATIONAL_ID',
          documentId: `ΑΒ${next}`,
        });
      },
    },
    {
      name: 'declarations list',
      path: '/api/tickets/dependents/declarations',
      headers: { cookie: cookies.guardian ?? '' },
    },
    {
      name: 'suspension search',
      method: 'POST',
      path: '/api/blackList-administration/search',
      headers: { cookie: cookies.officer ?? '', ...write },
      body: () => JSON.stringify({ afm: demoData.people.companion.afm }),
    },
    {
      name: 'transfer-rules list',
      path: '/api/ticket-office/transfer-events',
      headers: { cookie: cookies.officer ?? '' },
    },
    ...writesOnPostgres,
  ];
}
