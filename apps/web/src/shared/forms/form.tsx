import { useEffect, useId, useState, type FormHTMLAttributes, type ReactNode } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Mode,
  type UseFormReturn,
} from 'react-hook-form';
import { Button } from '../components/buttons';
import { ErrorSummary, problemsFrom, type FieldProblem } from './error-summary';
import { lazyResolver, type RawSchemaLoader, type SchemaLoader } from './lazy-resolver';
import { useRefusal, type Refusal } from './use-refusal';

/**
 * What a form's render-prop and submit handler get: react-hook-form's methods, the refusal, and
 * `submit()`, the form's submit for a value that arrives otherwise (a code read by the camera).
 */
export type FormApi<Input extends FieldValues, Output> = UseFormReturn<Input, unknown, Output> & {
  refusal: Refusal;
  submit(): void;
};

/**
 * The route's domain schema, loaded in the background (see lazy-resolver.ts); with `raw`, the form
 * sends what was typed and the feature's API module shapes the payload.
 */
type SchemaProps<Input extends FieldValues, Output> =
  { schema: SchemaLoader<Input, Output>; raw?: false } | { schema: RawSchemaLoader<Input>; raw: true };

type FormProps<Input extends FieldValues, Output> = SchemaProps<Input, Output> & FormOwnProps<Input, Output>;

interface FormOwnProps<Input extends FieldValues, Output> extends Omit<
  FormHTMLAttributes<HTMLFormElement>,
  'onSubmit' | 'children'
> {
  defaultValues: DefaultValues<Input>;
  mode?: Mode;
  /** After a submit, when a field is checked again (react-hook-form's; on each change unless said). */
  reValidateMode?: Exclude<Mode, 'onTouched' | 'all'>;
  /** The fields in the summary, in the form's order; `idOf` maps a field to its input's id. */
  fields?: readonly string[];
  idOf?: (field: string) => string;
  /** The summary's entries, for a form whose problems are not one per field (a form-level message). */
  problems?: (errors: FieldErrors<Input>) => FieldProblem[];
  /** The field a server refusal points at; `toastRefusal: false` keeps a refusal out of the toasts. */
  refusalField?: string;
  toastRefusal?: boolean;
  /** Called on every submit, valid or not, before the check (a search drops its last results). */
  onSubmitStart?(form: FormApi<Input, Output>): void;
  onSubmit(values: Output, form: FormApi<Input, Output>): void;
  /** A submit the schema refused (the gate's panel is replaced by the field's refusal). */
  onRefused?(errors: FieldErrors<Input>): void;
  /** Above the summary, inside the form (a heading the form is labelled by). */
  heading?: ReactNode;
  /** None for a form submitted by a button of its own children (a dialog's confirm). */
  submitLabel?: string;
  /** `warning` for a submit that undoes something (GOV.GR's red button). */
  submitVariant?: 'primary' | 'warning';
  /** A call under way (a mutation's `isPending`): the submit shows it and cannot be pressed twice. */
  busy?: boolean;
  submitDisabled?: (form: FormApi<Input, Output>) => boolean;
  /**
   * Said beside the submit, and as its description, while it is disabled: what is still missing. A
   * disabled button alone tells nobody why a click does nothing.
   */
  submitNote?: (form: FormApi<Input, Output>) => string | undefined;
  /** Buttons beside the submit (a Cancel), in one GOV.GR button group (`null`: the submit alone in one). */
  actions?: ReactNode;
  /** After the form, outside it (a confirmation dialog, a camera that fills a field and submits). */
  footer?: ReactNode | ((form: FormApi<Input, Output>) => ReactNode);
  /** `false` for a form whose problems are said at its field alone (the gate's scan field). */
  summary?: boolean;
  /**
   * Its schema fetched at once, for a form opened by a click (a dialog), which may be valid as it
   * opens: its submit is enabled as soon as the schema says so.
   */
  eagerSchema?: boolean;
  children(form: FormApi<Input, Output>): ReactNode;
}

/**
 * The one form of the app: react-hook-form checked by the route's domain schema (loaded lazily), with
 * govuk-frontend's error summary at the top (focused on a submit with problems, not the first bad
 * field), a server's refusal kept in it until the person changes something (`useRefusal`), and the
 * submit's busy state. The page lays out its fields in `children(form)` with `form.register`.
 */
export function Form<Input extends FieldValues, Output = Input>({
  schema,
  raw,
  defaultValues,
  mode,
  reValidateMode,
  fields = [],
  idOf,
  problems,
  refusalField,
  toastRefusal,
  onSubmitStart,
  onSubmit,
  onRefused,
  heading,
  submitLabel,
  submitVariant,
  busy,
  submitDisabled,
  submitNote,
  actions,
  footer,
  summary = true,
  eagerSchema = false,
  children,
  ...formAttributes
}: FormProps<Input, Output>) {
  const [{ resolver, preload, hurry }] = useState(() => lazyResolver(schema, raw));
  useEffect(() => {
    if (eagerSchema) hurry();
    preload().catch(() => undefined); // in the background; a submit tries again if this failed
  }, [preload, hurry, eagerSchema]);
  const methods = useForm<Input, unknown, Output>({
    resolver,
    defaultValues,
    ...(mode ? { mode } : {}),
    ...(reValidateMode ? { reValidateMode } : {}),
    // The summary, not the first bad field, takes focus on a submit with problems (govuk-frontend).
    shouldFocusError: false,
  });
  const refusal = useRefusal(refusalField, toastRefusal);
  const form: FormApi<Input, Output> = {
    ...methods,
    refusal,
    submit: () => void methods.handleSubmit((values) => onSubmit(values, form), onRefused)(),
  };
  const { errors, submitCount } = methods.formState;
  const noteId = useId();
  const disabled = submitDisabled?.(form) ?? false;
  const note = disabled ? submitNote?.(form) : undefined;
  const submitButton =
    submitLabel === undefined ? null : (
      <>
        <Button
          type="submit"
          variant={submitVariant}
          busy={busy}
          disabled={disabled}
          aria-describedby={note ? noteId : undefined}
        >
          {submitLabel}
        </Button>
        {note ? (
          <p className="govgr-hint app-submit-note" id={noteId}>
            {note}
          </p>
        ) : null}
      </>
    );
  return (
    <>
      <form
        noValidate
        {...formAttributes}
        {...refusal.formProps}
        // The person is at the form: its schema now, not after SCHEMA_FETCH_DELAY_MS.
        onFocus={hurry}
        onPointerDown={hurry}
        onSubmit={(event) => {
          onSubmitStart?.(form);
          void methods.handleSubmit((values) => onSubmit(values, form), onRefused)(event);
        }}
      >
        {heading}
        {summary ? (
          <ErrorSummary
            problems={
              // A generic form's errors are keyed by its fields' names, as problemsFrom reads them.
              problems
                ? problems(errors)
                : problemsFrom(errors as Record<string, { message?: string }>, fields, idOf)
            }
            submitCount={submitCount}
            refusal={refusal}
          />
        ) : null}
        {children(form)}
        {actions === undefined ? (
          submitButton
        ) : (
          <div className="govgr-button-group">
            {submitButton}
            {actions}
          </div>
        )}
      </form>
      {typeof footer === 'function' ? footer(form) : footer}
    </>
  );
}
