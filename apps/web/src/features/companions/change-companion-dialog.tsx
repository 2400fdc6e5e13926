import { AFM_LENGTH, messages, type ErrorCode } from '@tickets/domain';
import { ApiError } from '../../shared/api/client';
import { ConfirmDialog } from '../../shared/components/confirm-dialog';
import { ErrorSummary } from '../../shared/forms/error-summary';
import { Form } from '../../shared/forms/form';
import { TextField } from '../../shared/forms/text-field';
import type { Refusal } from '../../shared/forms/use-refusal';
import type { ChangeCompanionValues as FormValues } from './form-schemas';

const text = messages.companions;
const AFM_FIELD = 'new-companion-afm';
const MYSELF_FIELD = 'companion-myself';
/** The server's refusals about the companion named (docs/product-spec.md §4); the rest are the request's. */
const COMPANION_REFUSALS: ReadonlySet<ErrorCode> = new Set(['PERSON_CANNOT_BE_NAMED', 'SAME_COMPANION']);
const refusalField = (error: unknown, who: FormValues['who']) =>
  error instanceof ApiError && error.code && COMPANION_REFUSALS.has(error.code)
    ? who === 'myself'
      ? MYSELF_FIELD
      : AFM_FIELD
    : undefined;

/**
 * docs/product-spec.md §4: the new companion is the guardian (an empty ΑΦΜ is sent) or another person, whose
 * 9-digit ΑΦΜ must be typed before Send is enabled. The dialog is the form; its Send submits it.
 */
export function ChangeCompanionDialog({
  open,
  busy,
  onSend,
  onClose,
}: {
  open: boolean;
  busy: boolean;
  /** `refusal` keeps the server's refusal of this send in the dialog until the person changes a choice. */
  onSend(afm: string, refusal: Refusal): void;
  onClose(): void;
}) {
  return (
    <Form<FormValues>
      schema={() => import('./form-schemas').then((schemas) => schemas.changeCompanionSchema)}
      defaultValues={{ who: 'myself', afm: '' }}
      // Opened by a click: nothing left to paint first.
      eagerSchema
      // The summary is inside the dialog, above its choices.
      summary={false}
      onSubmit={({ who, afm }, { refusal }) =>
        onSend(who === 'myself' ? '' : afm, {
          ...refusal,
          // A refusal of the companion named points at what named them: the ΑΦΜ typed, or «myself».
          refuse: (error, fallback, at) => refusal.refuse(error, fallback, at ?? refusalField(error, who)),
        })
      }
    >
      {({ register, watch, refusal }) => {
        const who = watch('who');
        const ready = who === 'myself' || watch('afm').length === AFM_LENGTH;
        return (
          <ConfirmDialog
            open={open}
            title={text.changeCompanion}
            confirmLabel={messages.form.send}
            confirmDisabled={!ready}
            confirmSubmits
            busy={busy}
            onClose={onClose}
          >
            <ErrorSummary problems={[]} refusal={refusal} />
            <fieldset
              className={`govgr-fieldset ${refusal.messageAt(MYSELF_FIELD) ? 'govgr-field__error' : ''}`.trim()}
              aria-describedby={refusal.messageAt(MYSELF_FIELD) ? `${MYSELF_FIELD}-error` : undefined}
            >
              <legend className="govgr-fieldset__legend govgr-heading-s">{text.changeLegend}</legend>
              {refusal.messageAt(MYSELF_FIELD) ? (
                <p className="govgr-error-message" id={`${MYSELF_FIELD}-error`}>
                  {refusal.messageAt(MYSELF_FIELD)}
                </p>
              ) : null}
              <div className="govgr-radios">
                {(['myself', 'another'] as const).map((option) => (
                  <div className="govgr-radios__item" key={option}>
                    <label className="govgr-radios__label" htmlFor={`companion-${option}`}>
                      <input
                        className="govgr-radios__input"
                        type="radio"
                        id={`companion-${option}`}
                        value={option}
                        {...register('who')}
                      />
                      {option === 'myself' ? text.changeMyself : text.changeAnother}
                    </label>
                  </div>
                ))}
              </div>
            </fieldset>
            {who === 'another' ? (
              <TextField
                id={AFM_FIELD}
                label={text.companionAfm}
                error={refusal.messageAt(AFM_FIELD)}
                hint={text.companionAfmHint}
                digitsOnly
                maxLength={AFM_LENGTH}
                autoComplete="off"
                {...register('afm')}
              />
            ) : null}
          </ConfirmDialog>
        );
      }}
    </Form>
  );
}
