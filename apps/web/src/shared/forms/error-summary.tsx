import { useEffect, useRef, type MouseEvent } from 'react';
import { messages } from '@tickets/domain';
import type { Refusal } from './use-refusal';

export interface FieldProblem {
  /** The id of the field the link moves focus to; none for a problem of the whole form (a server's refusal). */
  fieldId?: string | undefined;
  message: string;
}

/** The summary's entries for the given fields, in the form's order; `idOf` maps a field to its input. */
export function problemsFrom(
  errors: Partial<Record<string, { message?: string } | string | undefined>>,
  fields: readonly string[],
  idOf: (field: string) => string = (field) => field,
): FieldProblem[] {
  return fields.flatMap((field) => {
    const error = errors[field];
    const message = typeof error === 'string' ? error : error?.message;
    return message ? [{ fieldId: idOf(field), message }] : [];
  });
}

/**
 * A link's field takes focus and its label is brought into view, as govuk-frontend does: the browser
 * alone would scroll the input to the top edge, hiding the label and the message above it.
 */
function focusField(event: MouseEvent<HTMLAnchorElement>, fieldId: string) {
  const field = document.getElementById(fieldId);
  if (!(field instanceof HTMLInputElement || field instanceof HTMLSelectElement)) return;
  event.preventDefault();
  const label = field.labels?.[0] ?? field.closest('fieldset')?.querySelector('legend');
  (label ?? field).scrollIntoView?.();
  field.focus({ preventScroll: true });
}

/**
 * The GOV.GR error summary, built as govuk-frontend's: taken into focus on each submit that finds
 * problems, its heading and list announced by the `role="alert"` inside, each problem a link that
 * focuses its field. A react-hook-form form passes its `submitCount`; a form without one has the
 * summary focused when problems appear. A form that submits to the server passes its `refusal`
 * (`useRefusal`): the server's refusal is listed last, and each new one takes focus too.
 */
export function ErrorSummary({
  problems: fieldProblems,
  submitCount,
  refusal,
}: {
  problems: FieldProblem[];
  submitCount?: number;
  refusal?: Refusal;
}) {
  const root = useRef<HTMLDivElement>(null);
  const problems = refusal?.message
    ? [...fieldProblems, { fieldId: refusal.fieldId, message: refusal.message }]
    : fieldProblems;
  const shown = problems.length > 0;
  // Only a submit moves focus: a message that appears as the person leaves a field must not.
  const focusWhen = submitCount ?? shown;
  const refusals = refusal?.count ?? 0;
  useEffect(() => {
    if (focusWhen !== false && focusWhen !== 0) root.current?.focus();
  }, [focusWhen]);
  useEffect(() => {
    if (refusals > 0) root.current?.focus();
  }, [refusals]);
  if (!shown) return null;
  return (
    <div className="govgr-error-summary" tabIndex={-1} ref={root} aria-labelledby="error-summary-title">
      <div role="alert">
        <h2 className="govgr-heading-m" id="error-summary-title">
          {messages.form.errorSummaryTitle}
        </h2>
        <ul className="govgr-list">
          {problems.map(({ fieldId, message }) => (
            <li key={fieldId ?? message}>
              {fieldId ? (
                <a
                  className="govgr-link"
                  href={`#${fieldId}`}
                  onClick={(event) => focusField(event, fieldId)}
                >
                  {message}
                </a>
              ) : (
                message
              )}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
