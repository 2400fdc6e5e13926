import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  errorCatalogue,
  generateGateKeyPair,
  issueWalletCredential,
  parseWalletCredential,
  WALLET_CODE_REFRESH_SECONDS,
  walletStandInMessages,
  type WalletTicket,
} from '@tickets/domain';
import { citizen, openApp } from '../../test/render-app';
import { json, refusal } from '../../test/responses';
import { walletTicket } from '../../test/wallet-tickets';

const text = walletStandInMessages;
const platformKey = { keyId: 1, secretKey: generateGateKeyPair().secretKey };

const ticket = walletTicket('305000000009');

/** The server's side of the wallet API, at the fetch edge: `deviceKey` answers the registration. */
function walletServer(deviceKey: (publicKey: string) => Response, tickets: WalletTicket[] = [ticket]) {
  const fetchMock = vi.fn(async (path: string, init?: RequestInit) => {
    if (path === '/api/auth/user') return json(citizen);
    if (path === '/api/standin/wallet') return new Response(null, { status: 204 });
    if (path === '/api/wallet/tickets') return json(tickets);
    if (path.endsWith('/device-key') && init?.method === 'POST')
      return deviceKey((JSON.parse(init.body as string) as { publicKey: string }).publicKey);
    return refusal('NOT_FOUND');
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const issue = (publicKey: string) =>
  json({
    credential: issueWalletCredential(
      {
        ticketCode: ticket.publicCode,
        scopeEventId: ticket.eventId,
        credentialId: 1,
        devicePublicKey: publicKey,
        issuedAt: new Date(),
      },
      platformKey,
    ),
  });

/** The button labels an instruction names, each in «…». */
const quotedLabels = (instruction: string) =>
  [...instruction.matchAll(/«([^»]+)»/g)].map((match) => match[1]);

/** Each label is a button on the screen, after the instruction that names it (in reading order). */
function expectButtonsAfter(instruction: HTMLElement, labels: (string | undefined)[]) {
  expect(labels.length).toBeGreaterThan(0);
  for (const label of labels) {
    const buttons = screen
      .getAllByRole('button')
      .filter((button) => button.textContent?.trim() === label)
      .filter((button) => instruction.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(buttons, label).not.toHaveLength(0);
  }
}

/** The drawn QR: a new code draws new modules. */
const shownCode = () => screen.getByRole('img', { name: text.codeLabel(ticket.eventDescription) });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the wallet stand-in', () => {
  it('registers a phone key once and redraws the code every refresh interval', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = walletServer(issue);
    openApp('/wallet-standin');
    fireEvent.click(await screen.findByRole('button', { name: new RegExp(`^${text.show}`) }));
    const before = (await screen.findByRole('img', { name: text.codeLabel(ticket.eventDescription) }))
      .innerHTML;
    expect(screen.getByText(/^Ανανεώνεται σε \d+ δευτ\.$/)).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(WALLET_CODE_REFRESH_SECONDS * 1000);
    });
    expect(shownCode().innerHTML).not.toBe(before);
    const registrations = fetchMock.mock.calls.filter(([path]) => path.endsWith('/device-key'));
    expect(registrations).toHaveLength(1);
    // The key and credential are kept for the next visit.
    const stored = JSON.parse(localStorage.getItem(`walletStandIn.${ticket.publicCode}`) ?? '{}');
    expect(stored.secretKey).toMatch(/^[\w-]{43}$/);
    expect(parseWalletCredential(stored.credential)?.ticketCode).toBe(ticket.publicCode);
  });

  it("shows the API's Greek message when the registration is refused", async () => {
    walletServer(() => refusal('TICKET_BLOCKED'));
    openApp('/wallet-standin');
    fireEvent.click(await screen.findByRole('button', { name: new RegExp(`^${text.show}`) }));
    expect((await screen.findByRole('alert')).textContent).toBe(errorCatalogue.TICKET_BLOCKED.description);
    expect(screen.queryByRole('img', { name: text.codeLabel(ticket.eventDescription) })).toBeNull();
    // No phone registered, so no code at all: the page says how to register one.
    expect(screen.getByText(text.noCode)).toBeTruthy();
    expect(screen.getByRole('button', { name: text.register })).toBeTruthy();
  });

  it('names in its instructions only the buttons on the same screen, below them', async () => {
    walletServer(() => refusal('TICKET_BLOCKED'));
    openApp('/wallet-standin');
    const listNote = await screen.findByText(text.notRegistered);
    expectButtonsAfter(listNote, quotedLabels(text.notRegistered));
    fireEvent.click(await screen.findByRole('button', { name: new RegExp(`^${text.show}`) }));
    // The registration the code's screen starts by itself failed: the note says how to try again.
    const codeNote = await screen.findByText(text.noCode);
    expectButtonsAfter(codeNote, quotedLabels(text.noCode));
  });

  it('says, for a ticket without a registered phone, how to register one; not once registered', async () => {
    walletServer(issue);
    openApp('/wallet-standin');
    expect(await screen.findByText(text.notRegistered)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: new RegExp(`^${text.show}`) }));
    await screen.findByRole('img', { name: text.codeLabel(ticket.eventDescription) });
    fireEvent.click(screen.getByRole('button', { name: text.back }));
    await screen.findByRole('button', { name: new RegExp(`^${text.show}`) });
    expect(screen.queryByText(text.notRegistered)).toBeNull();
  });

  it('shows a blocked ticket its notice instead of a code', async () => {
    const fetchMock = walletServer(issue, [
      { ...ticket, blocked: true, blockedUntil: '2026-12-31', blockedNotice: 'Έχετε αποκλειστεί.' },
    ]);
    openApp('/wallet-standin');
    fireEvent.click(await screen.findByRole('button', { name: new RegExp(`^${text.show}`) }));
    expect(await screen.findByText('Έχετε αποκλειστεί.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([path]) => path.endsWith('/device-key'))).toBe(false);
  });

  it('refuses itself where the server has no stand-in (production)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) => (path === '/api/auth/user' ? json(citizen) : refusal('NOT_FOUND'))),
    );
    openApp('/wallet-standin');
    expect((await screen.findByRole('alert')).textContent).toBe(text.notAvailable);
    expect(screen.queryByRole('button', { name: new RegExp(`^${text.show}`) })).toBeNull();
  });
});

describe("the stand-in's tile on the citizen's home", () => {
  const homeWith = (standIn: number) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) =>
        path === '/api/auth/user'
          ? json(citizen)
          : standIn === 204
            ? new Response(null, { status: 204 })
            : refusal('NOT_FOUND'),
      ),
    );

  it('is there in development', async () => {
    homeWith(204);
    openApp('/tickets/choose-action');
    expect((await screen.findByRole('link', { name: text.link })).getAttribute('href')).toBe(
      '/wallet-standin',
    );
  });

  it('is not there in production', async () => {
    homeWith(404);
    openApp('/tickets/choose-action');
    await screen.findByRole('heading', { level: 1 });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.queryByRole('link', { name: text.link })).toBeNull();
  });
});
