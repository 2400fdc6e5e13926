import { forwardRef, useId, type InputHTMLAttributes } from 'react';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: string;
  error?: string;
  /** Keeps only digits as the person types (spec §5 code fields). */
  digitsOnly?: boolean;
}

/** A labelled GOV.GR input with its hint and its error tied to it (WCAG 1.3.1, 3.3.1). */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, hint, error, digitsOnly, id, onChange, className, ...input },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`govgr-field ${error ? 'govgr-field__error' : ''}`.trim()}>
      <label className="govgr-label" htmlFor={inputId}>
        {label}
        {hint ? (
          <span className="govgr-hint" id={hintId}>
            {hint}
          </span>
        ) : null}
        {error ? (
          <p className="govgr-error-message" id={errorId}>
            {error}
          </p>
        ) : null}
      </label>
      <input
        ref={ref}
        id={inputId}
        className={`govgr-input ${error ? 'govgr-error-input' : ''} ${className ?? ''}`.trim()}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        inputMode={digitsOnly ? 'numeric' : input.inputMode}
        onChange={(event) => {
          if (digitsOnly) event.target.value = event.target.value.replace(/\D+/g, '');
          onChange?.(event);
        }}
        {...input}
      />
    </div>
  );
});
