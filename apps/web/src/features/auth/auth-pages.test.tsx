import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_PATH, messages } from '@tickets/domain';
import { citizen, officer, openApp, signedInAs } from '../../test/render-app';

afterEach(() => vi.unstubAllGlobals());

describe('landing and login pages', () => {
  it.each([
    ['/tickets', undefined, '/tickets/login-app'],
    ['/ticket-office', undefined, '/ticket-office/login-app'],
    ['/tickets', citizen, '/tickets/confirmation'],
    ['/ticket-office', officer, '/ticket-office/confirmation'],
  ] as const)('the landing %s leads on to the right page', async (path, user, next) => {
    signedInAs(user);
    openApp(path);
    const enter = await screen.findByRole('button', { name: messages.landing.enter });
    expect(enter.getAttribute('href')).toBe(next);
  });

  it('the login page links to TaxisNet (a page load) and back to its landing', async () => {
    signedInAs(undefined);
    openApp('/ticket-office/login-app');
    await screen.findByRole('heading', { level: 1, name: messages.login.title });
    expect(screen.getByRole('link', { name: messages.login.link }).getAttribute('href')).toBe(LOGIN_PATH);
    expect(screen.getByRole('link', { name: messages.app.back }).getAttribute('href')).toBe('/ticket-office');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says a failed login failed', async () => {
    signedInAs(undefined);
    openApp('/tickets/login-app?error=login_failed');
    expect((await screen.findByRole('alert')).textContent).toBe(messages.login.failed);
  });

  it('sends a signed-in person from the login page to confirmation', async () => {
    signedInAs(officer);
    const router = openApp('/ticket-office/login-app');
    await screen.findByRole('heading', { level: 1, name: messages.confirmation.title });
    expect(router.location.pathname).toBe('/ticket-office/confirmation');
  });
});
