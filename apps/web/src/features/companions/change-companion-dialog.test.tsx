import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorCatalogue, messages } from '@tickets/domain';
import { ApiError } from '../../shared/api/client';
import { ChangeCompanionDialog } from './change-companion-dialog';

const text = messages.companions;
const refused = new ApiError(
  422,
  errorCatalogue.PERSON_CANNOT_BE_NAMED.description,
  errorCatalogue.PERSON_CANNOT_BE_NAMED.description,
  'PERSON_CANNOT_BE_NAMED',
);
const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('the change-companion dialog', () => {
  it('marks the ΑΦΜ typed when the server refuses the companion it names', { timeout: 15_000 }, async () => {
    render(
      <ChangeCompanionDialog
        open
        busy={false}
        onSend={(_afm, refusal) => refusal.refuse(refused)}
        onClose={() => undefined}
      />,
    );
    fireEvent.click(await screen.findByLabelText(text.changeAnother));
    const afm = await screen.findByLabelText(new RegExp(`^${text.companionAfm}`));
    fireEvent.change(afm, { target: { value: '100000052' } });
    const send = screen.getByRole('button', { name: messages.form.send, hidden: true });
    fireEvent.click(send);
    await screen.findAllByText(errorCatalogue.PERSON_CANNOT_BE_NAMED.description, undefined, {
      timeout: 5000,
    });
    expect(describedBy(afm)).toContain(errorCatalogue.PERSON_CANNOT_BE_NAMED.description);
  });
});
