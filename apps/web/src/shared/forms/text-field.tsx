import { useId, type ComponentPropsWithRef } from 'react';
import { stripNonDigits } from '@tickets/domain';

/** An input's own props, `ref` among them (React 19 passes it as a prop). */
interface TextFieldProps extends ComponentPropsWithRef<'input'> {
  label: string;
  hint?: string;
  error?: string;
  /** Keeps only digits as the person types (docs/product-spec.md §5 code fields). */
  digitsOnly?: boolean;
  /** Reshapes what the person types, as they type it (a document number: `normalizeDocumentId`). */
  normalize?: (value: string) => string;
}

/** The input's value reshaped, the caret kept after the same typed characters. */
function reshape(input: HTMLInputElement, normalize: (value: string) => string) {
  const { value, selectionStart } = input;
  const next = normalize(value);
  if (next === value) return;
  input.value = next;
  if (selectionStart === null) return;
  const caret = normalize(value.slice(0, selectionStart)).length;
  input.setSelectionRange(caret, caret);
}

/** A labelled GOV.GR input with its hint and its error tied to it (WCAG 1.3.1, 3.3.1). */
export function TextField({
  label,
  hint,
  error,
  digitsOnly,
  normalize,
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
  const reshaping = digitsOnly ? stripNonDigits : normalize;
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
          if (reshaping) reshape(event.target, reshaping);
          onChange?.(event);
        }}
        {...input}
      />
    </div>
  );
}
