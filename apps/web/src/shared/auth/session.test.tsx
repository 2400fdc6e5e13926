import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@tickets/domain';
import { citizen, officer, openApp, signedInAs } from '../../test/render-app';
import { toastHost } from '../api/toast-failure';
import { leaveFor } from '../browser';

vi.mock('../browser', () => ({ leaveFor: vi.fn() }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(leaveFor).mockClear();
});

const sessionChecks = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.filter(([path]) => path === '/api/auth/user').length;

/** docs/product-spec.md §4 (auth state, logout) and §8 (a failed session check). */
describe('the session check', () => {
  // First in the file: the toast host is a page-wide flag that no test here may have raised before.
  it('takes a network failure as "not signed in", with no message, and does not ask again', async () => {
    const fetchMock = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);
    const router = openApp('/tickets/confirmation');
    expect(await screen.findByRole('heading', { level: 1, name: messages.landing.title })).toBeDefined();
    expect(router.location.pathname).toBe('/tickets');
    expect(screen.getByRole('button', { name: messages.landing.enter }).getAttribute('href')).toBe(
      '/tickets/login-app',
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(toastHost.wanted()).toBe(false);
    // The guarded page and the landing page both read the one failed check; neither repeats it.
    await act(() => router.navigate('/tickets/login-app'));
    await screen.findByRole('heading', { level: 1, name: messages.login.title });
    expect(sessionChecks(fetchMock)).toBe(1);
  });

  it('takes a 401 as "not signed in"', async () => {
    signedInAs(undefined);
    const router = openApp('/ticket-office/confirmation');
    expect(await screen.findByRole('heading', { level: 1, name: messages.landing.title })).toBeDefined();
    expect(router.location.pathname).toBe('/tickets');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('signs the person in, and checks once however many screens read it', async () => {
    const fetchMock = signedInAs(officer);
    const router = openApp('/ticket-office');
    const enter = await screen.findByRole('button', { name: messages.landing.enter });
    expect(enter.getAttribute('href')).toBe('/ticket-office/confirmation');
    await act(() => router.navigate('/ticket-office/confirmation'));
    expect(
      await screen.findByRole('button', { name: `${officer.firstname} ${officer.lastname}` }),
    ).toBeDefined();
    expect(sessionChecks(fetchMock)).toBe(1);
  });

  it('logs out: the call first, then the session is over and the page leaves for TaxisNet', async () => {
    let answerLogout: (response: Response) => void = () => undefined;
    const fetchMock = vi.fn(async (path: string, init?: RequestInit) =>
      path === '/api/auth/logout' && init?.method === 'POST'
        ? new Promise<Response>((resolve) => (answerLogout = resolve))
        : new Response(JSON.stringify(citizen), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const router = openApp('/tickets/confirmation');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `${citizen.firstname} ${citizen.lastname}` }));
    await user.click(screen.getByRole('button', { name: messages.userMenu.logout }));

    // While the server has not answered, the person is still signed in and stays.
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'POST' }));
    expect(screen.getByRole('button', { name: messages.userMenu.logout }).hasAttribute('disabled')).toBe(
      true,
    );
    expect(leaveFor).not.toHaveBeenCalled();

    answerLogout(new Response('', { status: 200 }));
    await waitFor(() =>
      expect(leaveFor).toHaveBeenCalledWith(`${citizen.logoutUrl}/?url=${window.location.origin}`),
    );
    await waitFor(() => expect(router.location.pathname).toBe('/tickets'));
    expect(screen.getByRole('button', { name: messages.landing.enter }).getAttribute('href')).toBe(
      '/tickets/login-app',
    );
    expect(sessionChecks(fetchMock)).toBe(1);
  });
});
