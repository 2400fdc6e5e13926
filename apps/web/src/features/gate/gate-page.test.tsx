import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorCatalogue, gateScreenMessages as text, type ErrorCode } from '@tickets/domain';
import { openApp } from '../../test/render-app';
import { paths } from '../../shared/paths';

/**
 * The steward's screen and its credential (docs/design.md §8): the pairing token is exchanged once
 * for this browser's credential, which every later call carries, survives a reload and is renewed in
 * the background; a credential the server refuses offers pairing and is kept for «Δοκιμή ξανά».
 */
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const refusal = (code: ErrorCode) =>
  json(
    { exceptions: { errors: [{ code, description: errorCatalogue[code].description }] } },
    errorCatalogue[code].status,
  );

const PAIRING_TOKEN = 'gate.pairing-token-shown-once';
const CREDENTIAL = 'gatedev.this-browsers-credential';
const pairing = {
  deviceId: 'd1',
  label: 'Θύρα 1',
  credential: CREDENTIAL,
  expiresAt: '2026-11-26T16:00:00.000Z',
};

/** The server at the fetch edge: `answers` by "METHOD path"; each call's bearer is kept. */
function gateServer(answers: Record<string, () => Response>) {
  const calls: { route: string; bearer: string | undefined }[] = [];
  const fetchMock = vi.fn(async (path: string, init?: RequestInit) => {
    const route = `${init?.method ?? 'GET'} ${path}`;
    const bearer = (init?.headers as Record<string, string> | undefined)?.Authorization?.replace(
      'Bearer ',
      '',
    );
    calls.push({ route, bearer });
    const answer = answers[route];
    if (answer) return answer();
    if (path === '/api/auth/user') return refusal('UNAUTHENTICATED');
    return refusal('NOT_FOUND');
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  window.dispatchEvent(new Event('online'));
});

// The first test loads the lazy page, slowly on a busy machine.
describe("the steward's screen and its credential", { timeout: 20_000 }, () => {
  it('exchanges the pairing token for a credential, which every later call carries and a reload keeps', async () => {
    const calls = gateServer({
      'POST /api/gate/pairing': () => json(pairing),
      'GET /api/gate/events': () => json([]),
      'POST /api/gate/pairing/renewal': () => json({ expiresAt: pairing.expiresAt }),
    });
    openApp(paths.gate);
    const field = await screen.findByLabelText(text.token, {}, { timeout: 10_000 });
    fireEvent.change(field, { target: { value: ` ${PAIRING_TOKEN} ` } });
    fireEvent.click(screen.getByRole('button', { name: text.pair }));
    expect(await screen.findByText(text.noEvents)).toBeTruthy();
    await vi.waitFor(() =>
      expect(calls.map((call) => call.route)).toContain('POST /api/gate/pairing/renewal'),
    );
    const device = calls.filter((call) => call.route.includes('/api/gate/'));
    expect(device[0]).toEqual({ route: 'POST /api/gate/pairing', bearer: PAIRING_TOKEN });
    expect(device.slice(1).every((call) => call.bearer === CREDENTIAL)).toBe(true);
    expect(Object.values({ ...localStorage })).toContain(CREDENTIAL);
    expect(Object.values({ ...localStorage })).not.toContain(PAIRING_TOKEN);

    // A reload: no pairing again; the credential is used and renewed at once.
    calls.length = 0;
    cleanup();
    openApp(paths.gate);
    expect(await screen.findByText(text.noEvents)).toBeTruthy();
    await vi.waitFor(() =>
      expect(calls).toContainEqual({ route: 'POST /api/gate/pairing/renewal', bearer: CREDENTIAL }),
    );
    expect(calls.some((call) => call.route === 'POST /api/gate/pairing')).toBe(false);
  });

  it('says in Greek that a pairing token already used pairs no second device', async () => {
    gateServer({ 'POST /api/gate/pairing': () => refusal('GATE_DEVICE_ALREADY_PAIRED') });
    openApp(paths.gate);
    fireEvent.change(await screen.findByLabelText(text.token), { target: { value: PAIRING_TOKEN } });
    fireEvent.click(screen.getByRole('button', { name: text.pair }));
    expect(
      (await screen.findAllByText(errorCatalogue.GATE_DEVICE_ALREADY_PAIRED.description)).length,
    ).toBeGreaterThan(0);
    expect(localStorage.length).toBe(0);
  });

  it('offers pairing when the credential is refused, and keeps it for «Δοκιμή ξανά» once the office renews it', async () => {
    localStorage.setItem('gate.deviceCredential', CREDENTIAL);
    let renewedByOffice = false;
    const calls = gateServer({
      'GET /api/gate/events': () => (renewedByOffice ? json([]) : refusal('GATE_DEVICE_UNAUTHENTICATED')),
      'POST /api/gate/pairing/renewal': () =>
        renewedByOffice ? json({ expiresAt: pairing.expiresAt }) : refusal('GATE_DEVICE_UNAUTHENTICATED'),
    });
    openApp(paths.gate);
    expect(await screen.findByRole('heading', { name: text.pairTitle })).toBeTruthy();
    expect(
      (await screen.findAllByText(errorCatalogue.GATE_DEVICE_UNAUTHENTICATED.description)).length,
    ).toBeGreaterThan(0);
    expect(screen.getByText(text.retryHint)).toBeTruthy();
    expect(localStorage.getItem('gate.deviceCredential')).toBe(CREDENTIAL);

    // Still refused: pairing again is offered again.
    fireEvent.click(screen.getByRole('button', { name: text.retry }));
    expect(await screen.findByRole('button', { name: text.retry })).toBeTruthy();
    // The officer renewed the device: the same credential works again, no pairing.
    renewedByOffice = true;
    fireEvent.click(screen.getByRole('button', { name: text.retry }));
    expect(await screen.findByText(text.noEvents)).toBeTruthy();
    expect(calls.some((call) => call.route === 'POST /api/gate/pairing')).toBe(false);
    expect(
      calls.filter((call) => call.route.includes('/api/gate/')).every((call) => call.bearer === CREDENTIAL),
    ).toBe(true);
  });

  it('replaces a refused credential with a new pairing', async () => {
    localStorage.setItem('gate.deviceCredential', 'gatedev.an-expired-credential');
    let paired = false;
    gateServer({
      'POST /api/gate/pairing': () => {
        paired = true;
        return json(pairing);
      },
      'GET /api/gate/events': () => json([]),
      'POST /api/gate/pairing/renewal': () =>
        paired ? json({ expiresAt: pairing.expiresAt }) : refusal('GATE_DEVICE_UNAUTHENTICATED'),
    });
    openApp(paths.gate);
    expect(await screen.findByText(text.retryHint)).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: new RegExp(text.token) }), {
      target: { value: PAIRING_TOKEN },
    });
    fireEvent.click(screen.getByRole('button', { name: text.pair }));
    expect(await screen.findByText(text.noEvents)).toBeTruthy();
    expect(localStorage.getItem('gate.deviceCredential')).toBe(CREDENTIAL);
  });

  it('opened offline, asks for the renewal as the network comes back, not a turn later', async () => {
    localStorage.setItem('gate.deviceCredential', CREDENTIAL);
    const calls = gateServer({
      'GET /api/gate/events': () => json([]),
      'POST /api/gate/pairing/renewal': () => json({ expiresAt: pairing.expiresAt }),
    });
    window.dispatchEvent(new Event('offline'));
    openApp(paths.gate);
    expect(await screen.findByText(text.noEvents)).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.map((call) => call.route)).not.toContain('POST /api/gate/pairing/renewal');

    act(() => void window.dispatchEvent(new Event('online')));
    await vi.waitFor(() =>
      expect(calls).toContainEqual({ route: 'POST /api/gate/pairing/renewal', bearer: CREDENTIAL }),
    );
  });

  it('takes the token a device kept before credentials as its credential', async () => {
    localStorage.setItem('gate.deviceToken', 'gate.old-token-of-a-paired-device');
    const calls = gateServer({
      'GET /api/gate/events': () => json([]),
      'POST /api/gate/pairing/renewal': () => json({ expiresAt: pairing.expiresAt }),
    });
    openApp(paths.gate);
    expect(await screen.findByText(text.noEvents)).toBeTruthy();
    expect(calls).toContainEqual({
      route: 'GET /api/gate/events',
      bearer: 'gate.old-token-of-a-paired-device',
    });
  });
});
