import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Form } from './form';
import { SCHEMA_FETCH_DELAY_MS } from './lazy-resolver';
import { TicketCodeField } from './ticket-code-field';

const WRONG = 'Ο κωδικός εισιτηρίου πρέπει να αποτελείται από 12 ψηφία.';
const schema = z.object({ code: z.string().regex(/^\d{12}$/, { error: WRONG }) });

/** A schema that arrives when the test says so, as a dynamic import does on a slow line. */
function lateSchema() {
  let arrive: () => void = () => undefined;
  const arrived = new Promise<typeof schema>((resolve) => {
    arrive = () => resolve(schema);
  });
  return { load: () => arrived, arrive: () => arrive() };
}

function CodeForm({ load, onSubmit }: { load: () => Promise<typeof schema>; onSubmit(code: string): void }) {
  return (
    <Form<{ code: string }>
      schema={load}
      defaultValues={{ code: '' }}
      fields={['code']}
      onSubmit={({ code }) => onSubmit(code)}
      submitLabel="Αναζήτηση"
    >
      {({ register, formState }) => (
        <TicketCodeField id="code" error={formState.errors.code?.message} {...register('code')} />
      )}
    </Form>
  );
}

describe('the one form', () => {
  it('takes typing before its schema arrives; a submit waits for it, then the summary takes focus', async () => {
    const { load, arrive } = lateSchema();
    const submitted = vi.fn();
    render(<CodeForm load={load} onSubmit={submitted} />);
    const field = screen.getByRole('textbox', { name: /Κωδικός εισιτηρίου/ });
    await userEvent.type(field, '12a3');
    expect((field as HTMLInputElement).value).toBe('123');
    await userEvent.click(screen.getByRole('button', { name: 'Αναζήτηση' }));
    expect(screen.queryByRole('alert')).toBeNull();
    arrive();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(WRONG);
    expect(document.activeElement).toBe(alert.parentElement);
    expect(submitted).not.toHaveBeenCalled();
  });

  it('fetches its schema once the person is at the form, or a moment after it appears: not with the first paint', async () => {
    const touched = vi.fn(() => Promise.resolve(schema));
    render(<CodeForm load={touched} onSubmit={vi.fn()} />);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(touched).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('textbox', { name: /Κωδικός εισιτηρίου/ }));
    await waitFor(() => expect(touched).toHaveBeenCalledTimes(1));

    const untouched = vi.fn(() => Promise.resolve(schema));
    render(<CodeForm load={untouched} onSubmit={vi.fn()} />);
    await waitFor(() => expect(untouched).toHaveBeenCalledTimes(1), {
      timeout: SCHEMA_FETCH_DELAY_MS + 2000,
    });
  });

  it('submits what the schema accepts', async () => {
    const submitted = vi.fn();
    render(<CodeForm load={() => Promise.resolve(schema)} onSubmit={submitted} />);
    await userEvent.type(screen.getByRole('textbox', { name: /Κωδικός εισιτηρίου/ }), '123456789012');
    await userEvent.click(screen.getByRole('button', { name: 'Αναζήτηση' }));
    await waitFor(() => expect(submitted).toHaveBeenCalledWith('123456789012'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
