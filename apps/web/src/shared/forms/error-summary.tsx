import { useEffect, useRef } from 'react';
import { messages } from '@tickets/domain';

export interface FieldProblem {
  /** The id of the field the link moves focus to. */
  fieldId: string;
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

/** GOV.GR error summary: announced, focused, and linking to each field in trouble. */
export function ErrorSummary({ problems }: { problems: FieldProblem[] }) {
  const root = useRef<HTMLDivElement>(null);
  const count = problems.length;
  useEffect(() => {
    if (count > 0) root.current?.focus();
  }, [count]);
  if (count === 0) return null;
  return (
    <div
      className="govgr-error-summary"
      role="alert"
      tabIndex={-1}
      ref={root}
      aria-labelledby="error-summary-title"
    >
      <h2 className="govgr-heading-m" id="error-summary-title">
        {messages.form.errorSummaryTitle}
      </h2>
      <ul className="govgr-list">
        {problems.map((problem) => (
          <li key={problem.fieldId}>
            <a className="govgr-link" href={`#${problem.fieldId}`}>
              {problem.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
