import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '@tickets/domain';
import { ErrorSummary } from './error-summary';
import { TextField } from './text-field';

const problems = [{ fieldId: 'afm', message: 'Το ΑΦΜ πρέπει να αποτελείται από 9 ψηφία' }];

function Form({ submitCount }: { submitCount: number }) {
  return (
    <form>
      <ErrorSummary problems={problems} submitCount={submitCount} />
      <TextField id="afm" label="Α.Φ.Μ." error={problems[0]?.message} />
    </form>
  );
}

describe('the error summary', () => {
  it('announces its heading and problems through an alert inside it', () => {
    render(<Form submitCount={0} />);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('heading', { name: messages.form.errorSummaryTitle })).toBeTruthy();
    expect(alert.parentElement?.className).toBe('govgr-error-summary');
  });

  it('takes focus on a submit, not when problems appear before one', () => {
    const { rerender } = render(<Form submitCount={0} />);
    expect(document.activeElement).toBe(document.body);
    rerender(<Form submitCount={1} />);
    expect(document.activeElement).toBe(screen.getByRole('alert').parentElement);
  });

  it('links each problem to its field, which takes focus', async () => {
    render(<Form submitCount={1} />);
    const link = screen.getByRole('link', { name: problems[0]?.message });
    expect(link.getAttribute('href')).toBe('#afm');
    await userEvent.click(link);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /Α\.Φ\.Μ\./ }));
  });
});
