import 'fake-indexeddb/auto';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  EMPTY_ADMISSION,
  gateMessages,
  gateScreenMessages as text,
  presentationRefusalMessages,
  type PresentationRequest,
  type PresentationResult,
} from '@tickets/domain';
import { openApp } from '../../test/render-app';
import { json, refusal } from '../../test/responses';
import { paths } from '../../shared/paths';

/**
 * The steward asks an EU wallet for its ticket (docs/design.md §12): the request's QR, the wait read
 * from the server every few seconds, then the wallet's answer in the panel the scanned codes use, with
 * what the wallet disclosed and nothing of the registry; an expired request says so and offers a new
 * one; offline, no request can be answered, and the button says so. The server at the fetch edge.
 */
const CREDENTIAL = 'gatedev.this-browsers-credential';
const EVENT = { eventId: 7, eventDescription: 'Α.Ε. Ολυμπιάδα - Αστέρας', eventDateTime: '', venue: '' };
const requestOf = (id: string): PresentationRequest => ({
  id,
  uri: `openid4vp://?client_id=gate.example&request_uri=https%3A%2F%2Fgate.example%2F${id}`,
  haipUri: `haip://?client_id=gate.example&request_uri=https%3A%2F%2Fgate.example%2F${id}`,
  clientId: 'gate.example',
  requestUri: `https://gate.example/${id}`,
  expiresAt: new Date(Date.now() + 5 * 60_000).toISOString(),
});
const FIRST = '11111111-1111-4111-8111-111111111111';
const SECOND = '22222222-2222-4222-8222-222222222222';
const pending: PresentationResult = {
  status: 'PENDING',
  refusal: null,
  message: null,
  admission: null,
  disclosed: null,
};
const admitted: PresentationResult = {
  status: 'DECIDED',
  refusal: null,
  message: gateMessages.decisions.ADMITTED,
  admission: {
    ...EMPTY_ADMISSION,
    decision: 'ADMIT',
    reason: 'ADMITTED',
    message: gateMessages.decisions.ADMITTED,
    admissionId: 'a1',
    admittedAt: new Date().toISOString(),
  },
  disclosed: {
    ticket_code: '303000000001',
    holder_name: 'ΚΩΝΣΤΑΝΤΙΝΟΣ ΔΗΜΗΤΡΙΟΥ',
    seat: { sector: 'Θύρα 7', gate: '7', row: '12', number: '21' },
    under_15: false,
  },
};

/** The server: answers by "METHOD path", in turn where a list is given (the last one repeats). */
function gateServer(answers: Record<string, (() => Response)[]>) {
  const calls: { route: string; body: unknown; bearer: string | undefined }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      const route = `${init?.method ?? 'GET'} ${path}`;
      const headers = init?.headers as Record<string, string> | undefined;
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ route, body, bearer: headers?.Authorization?.replace('Bearer ', '') });
      const turns = answers[route];
      const answer = turns && (turns.length > 1 ? turns.shift() : turns[0]);
      if (answer) return answer();
      if (path === '/api/auth/user') return refusal('UNAUTHENTICATED');
      return refusal('NOT_FOUND');
    }),
  );
  return calls;
}

const results = (id: string) => `GET /api/gate/presentation-requests/${id}`;
const CREATE = 'POST /api/gate/presentation-requests';

async function openScanScreen() {
  openApp(paths.gate);
  return screen.findByRole('button', { name: text.walletRequest }, { timeout: 10_000 });
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('gate.deviceCredential', CREDENTIAL);
  localStorage.setItem('gate.event', JSON.stringify(EVENT));
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.dispatchEvent(new Event('online'));
});

describe("the steward's request to an EU wallet", { timeout: 20_000 }, () => {
  it('shows the QR, waits for the wallet, then shows its decision in the scan panel with what was disclosed', async () => {
    const calls = gateServer({
      [CREATE]: [() => json(requestOf(FIRST))],
      [results(FIRST)]: [() => json(pending), () => json(admitted)],
    });
    fireEvent.click(await openScanScreen());

    const heading = await screen.findByRole('heading', { name: text.walletRequestTitle });
    expect(document.activeElement).toBe(heading);
    const qr = screen.getByRole('img', { name: text.walletRequestQr });
    expect(qr.getAttribute('data-request-uri')).toBe(requestOf(FIRST).uri);
    expect(qr.querySelector('svg')).not.toBeNull();
    expect(screen.getByRole('status').textContent).toBe(text.walletWaiting);
    // A wallet that opens only HAIP's scheme gets the same request as haip://, and back.
    fireEvent.click(screen.getByRole('button', { name: text.walletOtherQr }));
    expect(qr.getAttribute('data-request-uri')).toBe(requestOf(FIRST).haipUri);
    fireEvent.click(screen.getByRole('button', { name: text.walletFirstQr }));
    expect(qr.getAttribute('data-request-uri')).toBe(requestOf(FIRST).uri);
    // Scanning gives way to the QR until the wallet answers.
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(calls.find((call) => call.route === CREATE)).toMatchObject({
      body: { eventId: EVENT.eventId },
      bearer: CREDENTIAL,
    });

    // The next poll reads the decision: the QR goes, the decision is focused, as a scan's panel.
    const verdict = await screen.findByText(
      text.admit,
      { selector: '.app-decision__verdict' },
      { timeout: 5_000 },
    );
    const panel = screen.getByRole('status');
    expect(panel.contains(verdict)).toBe(true);
    expect(document.activeElement).toBe(panel);
    expect(within(panel).getByText('ΚΩΝΣΤΑΝΤΙΝΟΣ ΔΗΜΗΤΡΙΟΥ')).toBeTruthy();
    expect(within(panel).getByText('Θύρα 7, Σειρά 12, Θέση 21')).toBeTruthy();
    expect(within(panel).queryByText(text.under15)).toBeNull();
    expect(within(panel).getByRole('button', { name: text.undo })).toBeTruthy();
    expect(screen.queryByRole('img', { name: text.walletRequestQr })).toBeNull();
    expect(screen.getByRole('textbox')).toBeTruthy();
    expect(screen.getByRole('region', { name: text.history }).textContent).toContain(
      'ΚΩΝΣΤΑΝΤΙΝΟΣ ΔΗΜΗΤΡΙΟΥ',
    );
    // Answered: asked no more.
    const polls = calls.filter((call) => call.route === results(FIRST)).length;
    await act(() => new Promise((resolve) => setTimeout(resolve, 2_500)));
    expect(calls.filter((call) => call.route === results(FIRST)).length).toBe(polls);
  });

  it('says in Greek that a request expired, offers a new one, and returns to scanning on cancel', async () => {
    const calls = gateServer({
      [CREATE]: [() => json(requestOf(FIRST)), () => json(requestOf(SECOND))],
      [results(FIRST)]: [() => json({ ...pending, status: 'EXPIRED' })],
      [results(SECOND)]: [() => json(pending)],
    });
    fireEvent.click(await openScanScreen());
    expect(await screen.findByText(text.walletExpired)).toBeTruthy();
    expect(screen.queryByRole('img', { name: text.walletRequestQr })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: text.walletNewRequest }));
    await vi.waitFor(() =>
      expect(screen.getByRole('img', { name: text.walletRequestQr }).getAttribute('data-request-uri')).toBe(
        requestOf(SECOND).uri,
      ),
    );
    expect(screen.getByRole('status').textContent).toBe(text.walletWaiting);
    expect(calls.filter((call) => call.route === CREATE)).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: text.walletCancel }));
    const field = await screen.findByRole('textbox');
    await vi.waitFor(() => expect(document.activeElement).toBe(field));
    expect(screen.queryByRole('heading', { name: text.walletRequestTitle })).toBeNull();
  });

  it('shows a presentation refused before any decision in red, with its reason', async () => {
    gateServer({
      [CREATE]: [() => json(requestOf(FIRST))],
      [results(FIRST)]: [
        () =>
          json({
            ...pending,
            status: 'REFUSED',
            refusal: 'PRESENTATION_KEY',
            message: presentationRefusalMessages.PRESENTATION_KEY,
          }),
      ],
    });
    fireEvent.click(await openScanScreen());
    const panel = await screen.findByText(presentationRefusalMessages.PRESENTATION_KEY);
    expect(screen.getByRole('status').textContent).toContain(text.inputRefused);
    expect(screen.getByRole('status').contains(panel)).toBe(true);
  });

  it('shows a refused answer while the request stays open, and then the decision of the fan’s real answer', async () => {
    const refusedOpen: PresentationResult = {
      ...pending,
      refusal: 'PRESENTATION_INVALID',
      message: presentationRefusalMessages.PRESENTATION_INVALID,
    };
    gateServer({
      [CREATE]: [() => json(requestOf(FIRST))],
      [results(FIRST)]: [() => json(refusedOpen), () => json(refusedOpen), () => json(admitted)],
    });
    fireEvent.click(await openScanScreen());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      `${text.walletAnswerRefused} ${presentationRefusalMessages.PRESENTATION_INVALID}`,
    );
    // Still waiting, the QR still shown: the request is open.
    expect(screen.getByRole('img', { name: text.walletRequestQr })).toBeTruthy();
    expect(screen.getByText(text.walletWaiting)).toBeTruthy();
    await vi.waitFor(() => expect(screen.getByText('ΚΩΝΣΤΑΝΤΙΝΟΣ ΔΗΜΗΤΡΙΟΥ')).toBeTruthy(), {
      timeout: 10_000,
    });
  });

  it('is disabled offline, and says why: the wallet answers the platform, not the device', async () => {
    gateServer({});
    const button = await openScanScreen();
    expect(button.hasAttribute('disabled')).toBe(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    await vi.waitFor(() => expect(button.hasAttribute('disabled')).toBe(true));
    const reason = screen.getByText(text.walletRequestOffline);
    expect(button.getAttribute('aria-describedby')).toBe(reason.id);
    act(() => void window.dispatchEvent(new Event('online')));
    await vi.waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    expect(screen.queryByText(text.walletRequestOffline)).toBeNull();
  });
});
