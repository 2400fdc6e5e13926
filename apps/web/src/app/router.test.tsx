import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@tickets/domain';
import { citizen, officer, openApp as open, signedInAs } from '../test/render-app';

afterEach(() => vi.unstubAllGlobals());

describe('routes and guards', () => {
  it('shows only a spinner until the session check answers', async () => {
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    open('/tickets');
    expect(screen.getByRole('status')).toBeDefined();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(screen.getByRole('main').textContent).toBe(messages.app.loading);
    answer(new Response('', { status: 401 }));
    expect(await screen.findByRole('heading', { level: 1, name: messages.landing.title })).toBeDefined();
  });

  it('sends an anonymous person from a guarded page to the start', async () => {
    signedInAs(undefined);
    const router = open('/ticket-office/choose-user');
    expect(await screen.findByRole('heading', { level: 1, name: messages.landing.title })).toBeDefined();
    expect(router.location.pathname).toBe('/tickets');
  });

  it('takes an answer that is not a user as "not signed in"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"firstname":"Α","TICKET_ROLE":"ADMIN"}', { status: 200 })),
    );
    const router = open('/tickets/confirmation');
    expect(await screen.findByRole('heading', { level: 1, name: messages.landing.title })).toBeDefined();
    expect(router.location.pathname).toBe('/tickets');
  });

  it('shows a citizen the access-denied page in the ticket office', async () => {
    signedInAs(citizen);
    const router = open('/ticket-office/choose-user');
    expect(await screen.findByRole('heading', { level: 1, name: messages.accessDenied.title })).toBeDefined();
    expect(router.location.pathname).toBe('/tickets/error');
  });

  it('gives an officer two ways on, and a citizen one', async () => {
    signedInAs(officer);
    open('/tickets/confirmation');
    expect(await screen.findByRole('button', { name: messages.confirmation.citizen })).toBeDefined();
    expect(screen.getByRole('button', { name: messages.confirmation.officer }).getAttribute('href')).toBe(
      '/ticket-office/choose-user',
    );
    expect(screen.queryByRole('button', { name: messages.confirmation.continue })).toBeNull();
  });

  it('gives a citizen only the continue button', async () => {
    signedInAs(citizen);
    open('/tickets/confirmation');
    expect(
      (await screen.findByRole('button', { name: messages.confirmation.continue })).getAttribute('href'),
    ).toBe('/tickets/choose-action');
    expect(screen.queryByRole('button', { name: messages.confirmation.officer })).toBeNull();
  });

  it.each([
    ['/tickets/nothing-here', '/tickets'],
    ['/ticket-office/nothing/here', '/ticket-office'],
    ['/elsewhere', '/tickets'],
  ])('says %s is not found, with a home link to %s', async (path, home) => {
    signedInAs(undefined);
    open(path);
    expect(await screen.findByRole('heading', { level: 1, name: messages.notFound.title })).toBeDefined();
    expect(screen.getByRole('link', { name: messages.notFound.home }).getAttribute('href')).toBe(home);
  });
});

describe('focus after a navigation', () => {
  /** The layout moves focus on the next frame: the test runs the frames when it chooses. */
  function heldFrames() {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    return () => act(() => frames.splice(0).forEach((callback) => callback(0)));
  }

  async function toStatsPage() {
    signedInAs(officer);
    const runFrames = heldFrames();
    const router = open('/tickets/confirmation');
    await screen.findByRole('button', { name: messages.confirmation.officer });
    runFrames();
    await act(() => router.navigate('/ticket-office/stats/ticket'));
    const heading = await screen.findByRole('heading', { level: 1, name: messages.screens.statsTicket });
    return { heading, field: screen.getByRole('textbox'), runFrames };
  }

  it("moves to the new page's heading", async () => {
    const { heading, runFrames } = await toStatsPage();
    runFrames();
    expect(document.activeElement).toBe(heading);
  });

  it('leaves it where the person already is on the new page: typing into a field is not cut off', async () => {
    const { field, runFrames } = await toStatsPage();
    field.focus();
    runFrames();
    expect(document.activeElement).toBe(field);
  });
});
