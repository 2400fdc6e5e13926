import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, useLocation, useNavigate, type NavigateFunction } from 'react-router';
import { messages } from '@tickets/domain';
import { RouteErrorBoundary } from './route-error';

afterEach(() => vi.restoreAllMocks());

/** A page that fails at one address, as a lazy page does whose code did not arrive in time. */
function Page() {
  if (useLocation().pathname === '/broken') throw new Error('chunk load timed out');
  return <h1>Αρχή</h1>;
}

describe('the route error boundary', () => {
  it('shows the route error page for a page that throws, and leaves it on the next navigation', async () => {
    // React reports the caught error on the console; the page is what the person sees.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const probe: { navigate?: NavigateFunction } = {};
    function NavigateProbe() {
      const navigate = useNavigate();
      useEffect(() => {
        probe.navigate = navigate;
      });
      return null;
    }
    render(
      <MemoryRouter initialEntries={['/broken']}>
        <RouteErrorBoundary>
          <Page />
        </RouteErrorBoundary>
        <NavigateProbe />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: messages.routeError.title })).toBeDefined();
    expect(screen.getByText(messages.errors.system)).toBeDefined();
    expect(screen.getByRole('link', { name: messages.routeError.reload })).toBeDefined();

    await act(() => probe.navigate?.('/elsewhere'));
    expect(screen.getByRole('heading', { level: 1, name: 'Αρχή' })).toBeDefined();
    expect(screen.queryByText(messages.errors.system)).toBeNull();
  });
});
