import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorCatalogue, mailboxStandInMessages as text } from '@tickets/domain';
import { openApp } from '../../test/render-app';
import { json } from '../../test/responses';

const mail = {
  messageId: '<0a53aa49-64b8-4d3d-a278-fdb78935237f@localhost>',
  to: ['konstantinos.dimitriou@example.org'],
  from: '"Ψηφιακό εισιτήριο" <no-reply@localhost>',
  subject: 'Αίτημα συνοδείας ανηλίκου: ΑΝΝΑ',
  text: 'Καλησπέρα σας,\n\nΟ/Η ΕΛΕΝΗ ΓΕΩΡΓΙΟΥ σας ζητά να συνοδεύσετε…',
  html: '<p>…</p>',
  receivedAt: '2026-11-25T13:05:09.000Z',
};

/** The server's side at the fetch edge: the mailbox answers `mailbox()` each time it is asked. */
function mailboxServer(mailbox: () => Response) {
  const fetchMock = vi.fn(async (path: string) => {
    if (path === '/api/auth/user') return json({ exceptions: { errors: [{ code: 'UNAUTHORIZED' }] } }, 401);
    if (path === '/api/standin/mailbox') return mailbox();
    return json({ exceptions: { errors: [{ code: 'NOT_FOUND' }] } }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('the development mailbox page', () => {
  it('shows each message with its recipient and text, and asks again on refresh', async () => {
    let answer: unknown[] = [];
    const fetchMock = mailboxServer(() => json(answer));
    openApp('/mailbox-standin');
    expect(await screen.findByText(text.empty)).toBeTruthy();
    answer = [mail];
    fireEvent.click(screen.getByRole('button', { name: text.refresh }));
    const shown = await screen.findByRole('article', { name: mail.subject });
    expect(within(shown).getByText(/konstantinos\.dimitriou@example\.org/)).toBeTruthy();
    expect(within(shown).getByText(/σας ζητά να συνοδεύσετε/)).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([path]) => path === '/api/standin/mailbox')).toHaveLength(2);
  });

  it('says it is not available where the server has no mailbox (production)', async () => {
    mailboxServer(() =>
      json(
        {
          exceptions: { errors: [{ code: 'NOT_FOUND', description: errorCatalogue.NOT_FOUND.description }] },
        },
        404,
      ),
    );
    openApp('/mailbox-standin');
    expect((await screen.findByRole('alert')).textContent).toBe(text.notAvailable);
  });
});
