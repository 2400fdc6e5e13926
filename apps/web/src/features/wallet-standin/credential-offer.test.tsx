import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  credentialIssuanceMessages,
  errorCatalogue,
  gateScreenMessages,
  walletStandInMessages,
} from '@tickets/domain';
import { citizen, openApp } from '../../test/render-app';
import { json, refusal } from '../../test/responses';
import { walletTicket } from '../../test/wallet-tickets';

const text = credentialIssuanceMessages;
const ticket = walletTicket('305000000009');
const HAIP_OFFER_URI =
  'haip://?credential_offer=%7B%22credential_issuer%22%3A%22http%3A%2F%2Flocalhost%22%7D';
const OFFER_URI =
  'openid-credential-offer://?credential_offer=%7B%22credential_issuer%22%3A%22http%3A%2F%2Flocalhost%22%7D';

/** The wallet API at the fetch edge; `offer` answers the credential offer. */
function walletServer(offer: () => Response) {
  const fetchMock = vi.fn(async (path: string, init?: RequestInit) => {
    if (path === '/api/auth/user') return json(citizen);
    if (path === '/api/standin/wallet') return new Response(null, { status: 204 });
    if (path === '/api/wallet/tickets') return json([ticket]);
    if (path.endsWith('/device-key')) return refusal('DEVICE_KEY_LIMIT');
    if (path === `/api/wallet/tickets/${ticket.publicCode}/credential-offer` && init?.method === 'POST')
      return offer();
    return refusal('NOT_FOUND');
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The offer is asked for from the ticket in the list: no gate code shown, no phone registered. */
const openTicket = async () => {
  openApp('/wallet-standin');
  fireEvent.click(
    await screen.findByRole('button', {
      name: `${text.offer}: ${ticket.eventDescription}, ${ticket.publicCode}`,
    }),
  );
};

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the wallet stand-in’s offer to an EU wallet', () => {
  it('shows the offer as a QR, its link, and the transaction code apart', async () => {
    const fetchMock = walletServer(() =>
      json({ offerUri: OFFER_URI, haipOfferUri: HAIP_OFFER_URI, txCode: '042917' }),
    );
    await openTicket();
    const figure = await screen.findByRole('img', { name: text.offerQrLabel(ticket.eventDescription) });
    expect(figure.getAttribute('data-offer-uri')).toBe(OFFER_URI);
    expect(figure.querySelector('svg')).not.toBeNull();
    expect(screen.getByRole('link', { name: text.offerLink }).getAttribute('href')).toBe(OFFER_URI);
    expect(screen.getByTestId('credential-offer-tx-code').textContent).toBe('042917');
    // Still the list: no gate code was shown on the way, so no phone was registered for it.
    expect(screen.getByRole('button', { name: new RegExp(`^${walletStandInMessages.show}`) })).toBeTruthy();
    expect(fetchMock.mock.calls.some(([path]) => path.endsWith('/device-key'))).toBe(false);

    // The same offer by HAIP's haip://, at a tap, and back.
    fireEvent.click(screen.getByRole('button', { name: gateScreenMessages.walletOtherQr }));
    expect(figure.getAttribute('data-offer-uri')).toBe(HAIP_OFFER_URI);
    expect(screen.getByRole('link', { name: text.offerLink }).getAttribute('href')).toBe(HAIP_OFFER_URI);
    fireEvent.click(screen.getByRole('button', { name: gateScreenMessages.walletFirstQr }));
    expect(figure.getAttribute('data-offer-uri')).toBe(OFFER_URI);
  });

  it("shows the API's Greek message when the offer is refused, and no QR", async () => {
    walletServer(() => refusal('TICKET_NOT_FOUND'));
    await openTicket();
    expect(await screen.findByText(errorCatalogue.TICKET_NOT_FOUND.description)).toBeTruthy();
    expect(screen.queryByRole('img', { name: text.offerQrLabel(ticket.eventDescription) })).toBeNull();
  });
});
