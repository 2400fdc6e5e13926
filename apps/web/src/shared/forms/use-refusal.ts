import { useCallback, useMemo, useState } from 'react';
import { failureMessage } from '../api/client';
import { toastFailure } from '../api/toast-failure';

/**
 * A server's refusal of a form, kept in the form's error summary until the person changes something
 * (WCAG 2.2.1: the spec's toast closes after 5 s, and nobody should have to read at a set speed). The
 * toast stays as docs/product-spec.md §8 has it; the summary repeats its message.
 *
 * `refuse(error, fallback?, fieldId?)` toasts (unless `toast` is false) and keeps the message; pass the hook's value to the form's
 * `ErrorSummary` (`refusal={refusal}`), which lists it after the fields' problems and takes focus, and
 * spread `formProps` on the `<form>`: any change in it (typing, a radio, a select) clears it.
 */
export function useRefusal(fieldId?: string, toast = true) {
  const [refused, setRefused] = useState<{ message: string; count: number; at?: string | undefined }>();
  const clear = useCallback(() => setRefused(undefined), []);
  /** `at`: the field this refusal is about, when it is not the form's usual one. */
  const refuse = useCallback(
    (error: unknown, fallback?: string, at?: string) => {
      if (toast) toastFailure(error, fallback);
      setRefused((last) => ({
        message: failureMessage(error, fallback),
        count: (last?.count ?? 0) + 1,
        at: at ?? fieldId,
      }));
    },
    [fieldId, toast],
  );
  const formProps = useMemo(() => ({ onChange: clear }), [clear]);
  /** The refusal's message for the field `id` when it is about that field: said at the field too. */
  const messageAt = (id: string) => (refused && (refused.at ?? fieldId) === id ? refused.message : undefined);
  return {
    fieldId: refused?.at ?? fieldId,
    message: refused?.message,
    count: refused?.count ?? 0,
    refuse,
    clear,
    formProps,
    messageAt,
  };
}

export type Refusal = ReturnType<typeof useRefusal>;
