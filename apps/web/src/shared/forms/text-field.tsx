import { useId, type ComponentPropsWithRef } from 'react';
import { stripNonDigits } from '@tickets/domain';

/** An input's own props, `ref` among them (React 19 passes it as a prop). */
interface TextFieldProps extends ComponentPropsWithRef<'input'> {
  label: string;
  hint?: string;
  error?: string;
  /** Keeps only digits as the person types (docs/product-spec.md §5 code fields). */
  digitsOnly?: boolean;
}

/** A labelled GOV.GR input with its hint and its error tied to it (WCAG 1.3.1, 3.3.1). */
export function TextField({
  label,
  hint,
  error,
  digitsOnly,
  id,
  onChange,
  className,
  ref,
  ...input
}: TextFieldProps) {
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
          if (digitsOnly) event.target.value = stripNonDigits(event.target.value);
          onChange?.(event);
        }}
        {...input}
      />
    </div>
  );
}
