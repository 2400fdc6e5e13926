import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addTicketMessages,
  claimMessages,
  errorCatalogue,
  messages,
  purchaseQrText,
  validationMessages,
  type Dependent,
  type WalletTicket,
} from '@tickets/domain';
import { citizen, openApp } from '../../test/render-app';
import { json, refusal } from '../../test/responses';
import { walletTicket } from '../../test/wallet-tickets';

const text = addTicketMessages;
const CLAIM = '7KQ2M9TX4HCNR8WE';
const anna: Dependent = {
  amka: '01011612345',
  firstName: 'ΑΝΝΑ',
  lastName: 'ΓΕΩΡΓΙΟΥ',
  birthdate: '2016-01-01',
};

const bought = walletTicket('305000000011');

/** The wallet API at the fetch edge: `add` answers POST /api/wallet/tickets; the list holds what was added. */
function walletServer(add: (body: Record<string, unknown>) => Response) {
  const held: WalletTicket[] = [];
  const fetchMock = vi.fn(async (path: string, init?: RequestInit) => {
    if (path === '/api/auth/user') return json(citizen);
    if (path === '/api/standin/wallet') return new Response(null, { status: 204 });
    if (path === '/api/tickets/dependents/') return json([anna]);
    if (path === '/api/wallet/tickets' && init?.method === 'POST') {
      const answer = add(JSON.parse(init.body as string) as Record<string, unknown>);
      if (answer.ok) held.push((await answer.clone().json()) as WalletTicket);
      return answer;
    }
    if (path === '/api/wallet/tickets') return json(held);
    return refusal('NOT_FOUND');
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const posts = (fetchMock: ReturnType<typeof walletServer>) =>
  fetchMock.mock.calls.filter(([path, init]) => path === '/api/wallet/tickets' && init?.method === 'POST');

async function openForm() {
  openApp('/wallet-standin');
  await userEvent.click(await screen.findByRole('button', { name: text.open }, { timeout: 5000 }));
  return screen.findByRole('heading', { level: 2, name: text.heading });
}

const field = (label: string) => screen.getByRole('textbox', { name: new RegExp(`^${label}`) });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('«Προσθήκη εισιτηρίου» in the wallet stand-in', () => {
  it('adds a typed ticket for a minor, then lists it with a confirmation', async () => {
    const fetchMock = walletServer(() => json({ ...bought, dependentName: 'ΑΝΝΑ ΓΕΩΡΓΙΟΥ' }, 201));
    // Focus lands on the form, where the person now works.
    const heading = await openForm();
    expect(document.activeElement).toBe(heading);
    await userEvent.type(field(text.publicCode), '3050-0000-0011');
    await userEvent.type(field(text.claimCode), '7kq2 m9tx-4hcn r8we');
    await userEvent.tab();
    // Digits only in the ticket code; the claim code as printed once the field is left.
    expect((field(text.publicCode) as HTMLInputElement).value).toBe('305000000011');
    expect((field(text.claimCode) as HTMLInputElement).value).toBe('7KQ2-M9TX-4HCN-R8WE');
    await userEvent.click(await screen.findByRole('radio', { name: /ΑΝΝΑ ΓΕΩΡΓΙΟΥ/ }));
    await userEvent.click(screen.getByRole('button', { name: text.submit }));

    const notice = await screen.findByRole('status', { name: '' });
    expect(notice.textContent).toBe(text.addedFor(bought.eventDescription, 'ΑΝΝΑ ΓΕΩΡΓΙΟΥ'));
    expect(document.activeElement).toBe(notice);
    expect(await screen.findByRole('heading', { level: 3, name: bought.eventDescription })).toBeTruthy();
    expect(posts(fetchMock).map(([, init]) => JSON.parse(init?.body as string))).toEqual([
      { publicCode: '305000000011', claimCode: CLAIM, dependentAmka: anna.amka },
    ]);
  });

  it('checks both codes before sending anything', async () => {
    const fetchMock = walletServer(() => json(bought, 201));
    await openForm();
    await userEvent.type(field(text.claimCode), 'ABC');
    await userEvent.click(screen.getByRole('button', { name: text.submit }));
    const summary = await screen.findByRole('alert');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([validationMessages.ticketCode, claimMessages.claimCode]);
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it("keeps the server's Greek refusal in the summary until something changes", async () => {
    const fetchMock = walletServer(() => refusal('CLAIM_NOT_FOUND'));
    await openForm();
    await userEvent.type(field(text.publicCode), '305000000011');
    await userEvent.type(field(text.claimCode), CLAIM);
    await userEvent.click(screen.getByRole('button', { name: text.submit }));

    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('heading').textContent).toBe(messages.form.errorSummaryTitle);
    const link = within(summary).getByRole('link', { name: errorCatalogue.CLAIM_NOT_FOUND.description });
    expect(link.getAttribute('href')).toBe('#add-ticket-claimCode');
    expect(document.activeElement).toBe(summary.parentElement);
    expect(posts(fetchMock)).toHaveLength(1);
    // Still there a moment later (the form settling does not withdraw it) …
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('alert')).toBeTruthy();
    // … and gone once the person corrects a code.
    await userEvent.click(screen.getByRole('radio', { name: /ΑΝΝΑ ΓΕΩΡΓΙΟΥ/ }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('points a refusal about the holder at the holder chosen', async () => {
    walletServer(() => refusal('ALREADY_HOLDS_FIXTURE'));
    await openForm();
    await userEvent.type(field(text.publicCode), '305000000011');
    await userEvent.type(field(text.claimCode), CLAIM);
    await userEvent.click(screen.getByRole('button', { name: text.submit }));
    const link = await within(await screen.findByRole('alert')).findByRole('link');
    expect(link.textContent).toBe(errorCatalogue.ALREADY_HOLDS_FIXTURE.description);
    expect(link.getAttribute('href')).toBe('#add-ticket-holder-self');
  });
});

describe('reading the purchase QR from an image', () => {
  /** The browser's reader, at its edge: it "finds" `found` in any image. */
  function browserReads(found: string | undefined) {
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => ({ width: 10, height: 10, close: vi.fn() })),
    );
    vi.stubGlobal(
      'BarcodeDetector',
      class {
        detect = async () => (found === undefined ? [] : [{ rawValue: found }]);
      },
    );
  }
  const upload = () =>
    fireEvent.change(screen.getByLabelText(new RegExp(`^${text.image}`)), {
      target: { files: [new File(['png'], 'purchase.png', { type: 'image/png' })] },
    });

  it('fills in both codes from the QR', async () => {
    walletServer(() => json(bought, 201));
    browserReads(purchaseQrText({ publicCode: '305000000011', claimCode: CLAIM }));
    await openForm();
    upload();
    expect(await screen.findByText(text.qrRead)).toBeTruthy();
    expect((field(text.publicCode) as HTMLInputElement).value).toBe('305000000011');
    expect((field(text.claimCode) as HTMLInputElement).value).toBe('7KQ2-M9TX-4HCN-R8WE');
  });

  it('says when the QR is not a purchase confirmation', async () => {
    walletServer(() => json(bought, 201));
    browserReads('https://example.gr/not-a-ticket');
    await openForm();
    upload();
    expect(await screen.findByText(claimMessages.purchaseQrUnreadable)).toBeTruthy();
    expect((field(text.publicCode) as HTMLInputElement).value).toBe('');
  });
});
