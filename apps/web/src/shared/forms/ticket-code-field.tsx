import type { ComponentPropsWithRef } from 'react';
import { messages, TICKET_CODE_LENGTH } from '@tickets/domain';
import { TextField } from './text-field';

/**
 * A ticket's 12-digit public code (docs/product-spec.md §5): digits only, kept as typed, at most
 * TICKET_CODE_LENGTH; the spec's label and hint unless a screen says it otherwise.
 */
export function TicketCodeField({
  label = messages.ticketOffice.ticketCode,
  hint = messages.ticketOffice.ticketCodeHint,
  ...input
}: ComponentPropsWithRef<'input'> & {
  id: string;
  label?: string;
  hint?: string;
  error?: string | undefined;
}) {
  return (
    <TextField
      label={label}
      hint={hint}
      digitsOnly
      maxLength={TICKET_CODE_LENGTH}
      autoComplete="off"
      className="govgr-input--width-20"
      {...input}
    />
  );
}
