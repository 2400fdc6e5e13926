import { render } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation, useNavigate, type Location, type NavigateFunction } from 'react-router';
import { vi } from 'vitest';
import type { AuthUser } from '@tickets/domain';
import { AppRoutes } from '../app/router';
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

/** What a test reads of the router and does with it: where the app is, and going elsewhere. */
export interface AppRouter {
  readonly location: Location;
  navigate(to: string): Promise<void>;
}

/** The whole app (the query client, layout, routes) at `path`, in memory. */
export function openApp(path: string): AppRouter {
  const seen: { location?: Location; navigate?: NavigateFunction } = {};
  function RouterProbe() {
    const location = useLocation();
    const navigate = useNavigate();
    // In the commit that draws the page, not after it: a test that has found the page reads its location.
    useLayoutEffect(() => {
      seen.location = location;
      seen.navigate = navigate;
    });
    return null;
  }
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <RouterProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return {
    get location() {
      if (!seen.location) throw new Error('the router has not rendered');
      return seen.location;
    },
    navigate: async (to) => {
      if (!seen.navigate) throw new Error('the router has not rendered');
      await seen.navigate(to);
    },
  };
}
