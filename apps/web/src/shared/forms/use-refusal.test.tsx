import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { ErrorSummary } from './error-summary';
import { TextField } from './text-field';
import { useRefusal } from './use-refusal';

const REFUSED = 'Ο κωδικός δεν αντιστοιχεί σε εισιτήριο';

function Form() {
  const refusal = useRefusal('code');
  return (
    <form
      {...refusal.formProps}
      onSubmit={(event) => {
        event.preventDefault();
        refusal.refuse(new ApiError(404, REFUSED, REFUSED));
      }}
    >
      <ErrorSummary problems={[]} refusal={refusal} />
      <TextField id="code" label="Κωδικός" />
      <button type="submit">Αποστολή</button>
    </form>
  );
}

describe('a server refusal in the error summary', () => {
  it('stays, with focus on the summary, until the person changes something', async () => {
    render(<Form />);
    await userEvent.click(screen.getByRole('button', { name: 'Αποστολή' }));
    const link = screen.getByRole('link', { name: REFUSED });
    expect(link.getAttribute('href')).toBe('#code');
    expect(document.activeElement).toBe(screen.getByRole('alert').parentElement);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('link', { name: REFUSED })).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: 'Κωδικός' }), '1');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('takes focus again on each new refusal', async () => {
    render(<Form />);
    await userEvent.click(screen.getByRole('button', { name: 'Αποστολή' }));
    screen.getByRole('textbox', { name: 'Κωδικός' }).focus();
    await userEvent.click(screen.getByRole('button', { name: 'Αποστολή' }));
    expect(document.activeElement).toBe(screen.getByRole('alert').parentElement);
  });
});
