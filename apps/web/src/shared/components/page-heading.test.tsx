import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { gateScreenMessages, messages } from '@tickets/domain';
import { officer, openApp, signedInAs } from '../../test/render-app';

afterEach(() => vi.unstubAllGlobals());

/** WCAG 2.4.2: tabs, history and screen readers tell the screens apart by their <title>. */
describe('each screen’s title names it', () => {
  it.each([
    ['/tickets', undefined, messages.landing.title],
    ['/ticket-office/login-app', undefined, messages.login.title],
    ['/ticket-office/choose-user', officer, messages.screens.chooseUser],
    ['/gate', undefined, gateScreenMessages.pairTitle],
  ] as const)('%s', { timeout: 20_000 }, async (path, user, heading) => {
    signedInAs(user);
    openApp(path);
    // Lazy pages load slowly on a busy machine.
    await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 10_000 });
    await vi.waitFor(() => expect(document.title).toBe(`${heading} - ${messages.app.title}`));
  });
});
