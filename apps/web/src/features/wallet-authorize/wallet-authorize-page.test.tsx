import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { credentialIssuanceMessages, errorCatalogue, LOGIN_PATH, messages } from '@tickets/domain';
import { citizen, openApp } from '../../test/render-app';
import { json, refusal } from '../../test/responses';
import { walletTicket } from '../../test/wallet-tickets';
import {
  pendingWalletAuthorization,
  rememberWalletAuthorization,
} from '../../shared/auth/pending-wallet-authorization';

const text = credentialIssuanceMessages.authorize;
const REQUEST_URI = 'urn:ietf:params:oauth:request_uri:abc';
const PAGE = `/tickets/wallet-authorize?client_id=wallet-1&request_uri=${encodeURIComponent(REQUEST_URI)}`;
const WALLET = 'CN=Wallet Provider, O=Example';
const REDIRECT = 'eu.wallet://callback?code=xyz&state=s&iss=http%3A%2F%2Flocalhost';

const tickets = [
  walletTicket('301000000001'),
  { ...walletTicket('301000000002'), dependentName: 'Νίκος Παππάς' },
];

/** The API at the fetch edge: who is signed in, the request's lookup and the decision's answer. */
function server({
  signedIn = true,
  lookup = () => json({ walletName: WALLET, tickets, offered: null }),
}: { signedIn?: boolean; lookup?: () => Response } = {}) {
  const fetchMock = vi.fn(async (path: string, init?: RequestInit) => {
    if (path === '/api/auth/user') return signedIn ? json(citizen) : refusal('UNAUTHENTICATED');
    if (path === '/api/wallet/authorizations/lookup') return lookup();
    if (path === '/api/wallet/authorizations/decision' && init?.method === 'POST')
      return json({ redirectTo: REDIRECT });
    return refusal('NOT_FOUND');
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const bodyOf = (fetchMock: ReturnType<typeof server>, path: string) =>
  JSON.parse(String(fetchMock.mock.calls.find(([called]) => called === path)?.[1]?.body)) as unknown;

/** The browser's navigation to the wallet, which jsdom does not make. */
function leaving() {
  const assign = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
  return assign;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('the page an EU wallet opens to take a ticket (authorization code flow)', () => {
  it('asks a signed-out person to sign in, remembering the request for their return', async () => {
    server({ signedIn: false });
    openApp(PAGE);
    expect(await screen.findByText(text.signInFirst)).toBeTruthy();
    const signIn = screen.getByRole('link', { name: messages.login.link });
    expect(signIn.getAttribute('href')).toBe(LOGIN_PATH);
    signIn.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(signIn);
    expect(pendingWalletAuthorization()).toBe(PAGE);
  });

  it('continues, once signed in with TaxisNet, from the confirmation page to the request', async () => {
    rememberWalletAuthorization(PAGE);
    server();
    const app = openApp('/tickets/confirmation');
    expect(await screen.findByText(text.intro(WALLET))).toBeTruthy();
    expect(`${app.location.pathname}${app.location.search}`).toBe(PAGE);
    // Answered here now: the next sign-in goes to the confirmation page as always.
    expect(pendingWalletAuthorization()).toBeUndefined();
  });

  it('shows the wallet and the person’s tickets, asks for a choice, and sends the chosen one back to the wallet', async () => {
    const fetchMock = server();
    const assign = leaving();
    openApp(PAGE);
    expect(await screen.findByText(text.intro(WALLET))).toBeTruthy();
    expect(bodyOf(fetchMock, '/api/wallet/authorizations/lookup')).toEqual({
      requestUri: REQUEST_URI,
      clientId: 'wallet-1',
    });
    const radios = screen.getAllByRole('radio');
    expect(radios).toHaveLength(2);
    expect(screen.getByText(/Νίκος Παππάς/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: text.give }));
    expect((await screen.findAllByText(text.chooseRequired)).length).toBeGreaterThan(0);
    expect(fetchMock.mock.calls.some(([path]) => path === '/api/wallet/authorizations/decision')).toBe(false);

    fireEvent.click(screen.getByRole('radio', { name: /Νίκος Παππάς/ }));
    fireEvent.click(screen.getByRole('button', { name: text.give }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(REDIRECT));
    expect(bodyOf(fetchMock, '/api/wallet/authorizations/decision')).toEqual({
      requestUri: REQUEST_URI,
      clientId: 'wallet-1',
      publicCode: '301000000002',
    });
  });

  it('shows chosen the ticket the person offered the wallet on the site, when the wallet came from the offer', async () => {
    const fetchMock = server({
      lookup: () => json({ walletName: WALLET, tickets, offered: '301000000002' }),
    });
    const assign = leaving();
    openApp(PAGE);
    const offered = await screen.findByRole('radio', { name: /Νίκος Παππάς/ });
    await waitFor(() => expect((offered as HTMLInputElement).checked).toBe(true));
    expect((screen.getAllByRole('radio')[0] as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: text.give }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(REDIRECT));
    expect(bodyOf(fetchMock, '/api/wallet/authorizations/decision')).toMatchObject({
      publicCode: '301000000002',
    });
  });

  it('refuses the wallet with no ticket when the person cancels', async () => {
    const fetchMock = server();
    const assign = leaving();
    openApp(PAGE);
    fireEvent.click(await screen.findByRole('button', { name: text.refuse }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(REDIRECT));
    expect(bodyOf(fetchMock, '/api/wallet/authorizations/decision')).toEqual({
      requestUri: REQUEST_URI,
      clientId: 'wallet-1',
    });
  });

  it('says a link without the wallet’s request is no request, and asks the server nothing', async () => {
    const fetchMock = server();
    openApp('/tickets/wallet-authorize?client_id=wallet-1');
    expect(await screen.findByText(text.expired)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([path]) => path === '/api/wallet/authorizations/lookup')).toBe(false);
  });

  it('says in Greek that a request expired or already answered is gone', async () => {
    server({ lookup: () => refusal('WALLET_AUTHORIZATION_NOT_FOUND') });
    openApp(PAGE);
    expect(await screen.findByText(errorCatalogue.WALLET_AUTHORIZATION_NOT_FOUND.description)).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
  });
});
