import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { AuthUser } from '@tickets/domain';
import { routes } from '../app/router';
import { queryClient } from '../shared/api/query-client';

export const officer: AuthUser = {
  firstname: 'ΓΕΩΡΓΙΟΣ',
  lastname: 'ΝΙΚΟΛΑΟΥ',
  taxid: '100000015',
  TICKET_ROLE: 'OFFICER',
  logoutUrl: 'https://taxisnet.example/oauth2server/logout/client',
};

export const citizen: AuthUser = {
  ...officer,
  firstname: 'ΣΟΦΙΑ',
  lastname: 'ΙΩΑΝΝΙΔΟΥ',
  taxid: '100000040',
  TICKET_ROLE: 'STANDARD_USER',
};

const unauthenticated = '{"exceptions":{"errors":[{"code":"UNAUTHENTICATED","description":"x"}]}}';

/**
 * Stubs fetch at the edge: the session check answers with this person (or 401 for nobody),
 * and logout answers with `logoutStatus`. Returns the mock, to inspect the calls.
 */
export function signedInAs(user: AuthUser | undefined, { logoutStatus = 200 } = {}) {
  const fetchMock = vi.fn(async (path: string, init?: RequestInit) => {
    if (path === '/api/auth/logout' && init?.method === 'POST')
      return new Response('', { status: logoutStatus });
    return user
      ? new Response(JSON.stringify(user), { status: 200 })
      : new Response(unauthenticated, { status: 401 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The whole app (the query client, layout, routes) at `path`, in memory. */
export function openApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}
