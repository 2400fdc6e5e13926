import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@tickets/domain';
import { citizen, openApp, signedInAs } from '../../test/render-app';
import { leaveFor } from '../browser';

vi.mock('../browser', () => ({ leaveFor: vi.fn() }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(leaveFor).mockClear();
});

const name = `${citizen.firstname} ${citizen.lastname}`;

describe('the user menu', () => {
  it('is not shown on the landing and login pages', async () => {
    signedInAs(citizen);
    openApp('/tickets');
    await screen.findByRole('heading', { level: 1, name: messages.landing.title });
    expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('opens from the name and closes with Escape, focus back on the name', async () => {
    signedInAs(citizen);
    openApp('/tickets/confirmation');
    const user = userEvent.setup();
    const toggle = await screen.findByRole('button', { name });
    expect(screen.getByRole('navigation', { name: messages.userMenu.label })).toBeDefined();
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: messages.userMenu.logout }));
    await user.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('logs out and goes on to the TaxisNet logout with the return address', async () => {
    const fetchMock = signedInAs(citizen);
    openApp('/tickets/confirmation');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name }));
    await user.click(screen.getByRole('button', { name: messages.userMenu.logout }));
    await waitFor(() =>
      expect(leaveFor).toHaveBeenCalledWith(`${citizen.logoutUrl}/?url=${window.location.origin}`),
    );
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'POST' }));
  });

  it('says so in a toast when logout fails, and stays', async () => {
    signedInAs(citizen, { logoutStatus: 500 });
    openApp('/tickets/confirmation');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name }));
    await user.click(screen.getByRole('button', { name: messages.userMenu.logout }));
    expect(await screen.findByText(messages.userMenu.logoutFailed)).toBeDefined();
    expect(leaveFor).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { level: 1, name: messages.confirmation.title })).toBeDefined();
  });
});
