import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorCatalogue, messages } from '@tickets/domain';
import { officer, openApp } from '../../test/render-app';
import { paths } from '../../shared/paths';

afterEach(() => vi.unstubAllGlobals());

const text = messages.ticketOffice;

/** The officer's session; personalizing answers that the ticket does not exist. */
function server() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) =>
      path === '/api/auth/user'
        ? new Response(JSON.stringify(officer), { status: 200 })
        : new Response(
            JSON.stringify({
              exceptions: {
                errors: [
                  { code: 'TICKET_NOT_FOUND', description: errorCatalogue.TICKET_NOT_FOUND.description },
                ],
              },
            }),
            { status: 404 },
          ),
    ),
  );
}

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('the ticket-info form', () => {
  it(
    'says beside the disabled «Αποστολή» what is missing, and marks the field a server refusal is about',
    { timeout: 20_000 },
    async () => {
      server();
      openApp(`${paths.ticketOffice.ticketInfo}?user=over-67`);
      await screen.findByRole(
        'heading',
        { level: 1, name: messages.screens.ticketInfo },
        { timeout: 10_000 },
      );
      const submit = screen.getByRole('button', { name: text.submit }) as HTMLButtonElement;
      expect(submit.disabled).toBe(true);
      expect(describedBy(submit)).toBe(
        text.submitMissing([text.ticketCode, text.firstName, text.lastName, text.documentId].join(', ')),
      );

      fireEvent.change(field(text.ticketCode), { target: { value: '301000000001' } });
      fireEvent.change(field(text.firstName), { target: { value: 'ΝΙΚΟΣ' } });
      expect(describedBy(submit)).toBe(text.submitMissing([text.lastName, text.documentId].join(', ')));
      fireEvent.change(field(text.lastName), { target: { value: 'ΠΑΠΑΣ' } });
      fireEvent.change(field(text.documentId), { target: { value: 'ΑΚ123456' } });
      await vi.waitFor(() => expect(submit.disabled).toBe(false));
      expect(submit.getAttribute('aria-describedby')).toBeNull();

      fireEvent.click(submit);
      // The refusal in the summary, and at the ticket's field, which it is about.
      const ticketCode = field(text.ticketCode);
      await vi.waitFor(
        () => expect(describedBy(ticketCode)).toContain(errorCatalogue.TICKET_NOT_FOUND.description),
        {
          timeout: 5000,
        },
      );
      expect(describedBy(field(text.documentId))).not.toContain(errorCatalogue.TICKET_NOT_FOUND.description);
    },
  );
});
