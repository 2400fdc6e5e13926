import { useEffect, useRef } from 'react';
import {
  addTicketMessages,
  formatCalendarDate,
  formatClaimCode,
  isClaimCode,
  normalizeClaimCode,
  type ErrorCode,
  type PurchaseProof,
  type WalletTicket,
} from '@tickets/domain';
import { ApiError, failureMessage } from '../../shared/api/client';
import { useDependents } from '../../shared/api/dependents';
import { Button } from '../../shared/components/buttons';
import { Form } from '../../shared/forms/form';
import { TextField } from '../../shared/forms/text-field';
import { TicketCodeField } from '../../shared/forms/ticket-code-field';
import { useAddWalletTicketMutation } from './api';
import type { AddTicketInput as FormInput, AddTicketOutput as FormOutput } from './form-schemas';
import { PurchaseQrInput } from './purchase-qr-input';

const text = addTicketMessages;
/** The holder radio's value for the signed-in person; a minor's is their ΑΜΚΑ (11 digits). */
const SELF = 'self';

interface HolderChoice {
  value: string;
  label: string;
  born?: string;
}

const idOf = (field: string) => `add-ticket-${field}`;
const holderId = (holder: string) => idOf(`holder-${holder}`);
/** Refusals about who will hold the ticket point at the holder chosen; the rest at the codes. */
const HOLDER_REFUSALS: ReadonlySet<ErrorCode> = new Set([
  'ALREADY_HOLDS_FIXTURE',
  'MINOR_CANNOT_ADD_TICKET',
  'PERSON_SUSPENDED',
  'DEPENDENT_NOT_FOUND',
]);
const refusalField = (error: unknown, holder: string) =>
  error instanceof ApiError && error.code && HOLDER_REFUSALS.has(error.code)
    ? holderId(holder)
    : error instanceof ApiError && error.code?.startsWith('CLAIM_')
      ? idOf('claimCode')
      : idOf('publicCode');

/**
 * «Προσθήκη εισιτηρίου» (issue #26): the purchase confirmation's two codes, read from its QR or typed,
 * and for whom — the person or one of their minors. A refusal stays in the summary until the person
 * changes something.
 */
export function AddTicketForm({
  onAdded,
  onCancel,
}: {
  onAdded(ticket: WalletTicket): void;
  onCancel(): void;
}) {
  const dependents = useDependents();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const add = useAddWalletTicketMutation({ onSuccess: onAdded });

  const holders: HolderChoice[] = [
    { value: SELF, label: text.forMe },
    ...(dependents.status === 'success' ? dependents.data : []).map((minor) => ({
      value: minor.amka,
      label: `${minor.firstName} ${minor.lastName}`,
      born: `${text.born}: ${formatCalendarDate(minor.birthdate)}`,
    })),
  ];
  return (
    <section aria-labelledby="add-ticket-heading" className="app-add-ticket">
      <h2 id="add-ticket-heading" className="govgr-heading-l" tabIndex={-1} ref={heading}>
        {text.heading}
      </h2>
      <p className="govgr-body">{text.intro}</p>
      <Form<FormInput, FormOutput>
        schema={() => import('./form-schemas').then((schemas) => schemas.addTicketSchema)}
        defaultValues={{ publicCode: '', claimCode: '', holder: SELF }}
        fields={['publicCode', 'claimCode']}
        idOf={idOf}
        // A refusal is told in the summary only, at the field it is about (no toast on this page).
        toastRefusal={false}
        onSubmit={(values, { refusal }) =>
          add.mutate(
            {
              publicCode: values.publicCode,
              claimCode: values.claimCode,
              dependentAmka: values.holder === SELF ? undefined : values.holder,
            },
            {
              onError: (error) => refusal.refuse(error, undefined, refusalField(error, values.holder)),
            },
          )
        }
        submitLabel={text.submit}
        busy={add.isPending}
        actions={
          <Button variant="secondary" onClick={onCancel}>
            {text.cancel}
          </Button>
        }
      >
        {({ register, setValue, formState: { errors, isSubmitted }, refusal }) => (
          <>
            <PurchaseQrInput
              onRead={({ publicCode, claimCode }: PurchaseProof) => {
                // Codes read from a QR are a change too: the last refusal goes.
                refusal.clear();
                setValue('publicCode', publicCode, { shouldValidate: isSubmitted });
                setValue('claimCode', formatClaimCode(claimCode), { shouldValidate: isSubmitted });
              }}
            />
            <TicketCodeField
              id={idOf('publicCode')}
              label={text.publicCode}
              hint={text.publicCodeHint}
              error={errors.publicCode?.message}
              {...register('publicCode')}
            />
            <TextField
              id={idOf('claimCode')}
              label={text.claimCode}
              hint={text.claimCodeHint}
              error={errors.claimCode?.message}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              className="govgr-input--width-20 app-claim-code"
              {...register('claimCode', {
                // Shown as printed once typed: upper case, in groups of four.
                onBlur: (event: { target: HTMLInputElement }) => {
                  const typed = normalizeClaimCode(event.target.value);
                  if (isClaimCode(typed)) setValue('claimCode', formatClaimCode(typed));
                },
              })}
            />
            <fieldset className="govgr-fieldset">
              <legend className="govgr-fieldset__legend govgr-heading-s">{text.forWhom}</legend>
              {dependents.status === 'error' ? (
                <p className="govgr-hint">{failureMessage(dependents.error, text.dependentsFailed)}</p>
              ) : null}
              <div className="govgr-radios">
                {holders.map((holder) => (
                  <div className="govgr-radios__item" key={holder.value}>
                    <label className="govgr-radios__label" htmlFor={holderId(holder.value)}>
                      <input
                        className="govgr-radios__input"
                        type="radio"
                        id={holderId(holder.value)}
                        value={holder.value}
                        {...register('holder')}
                      />
                      {holder.label}
                      {holder.born ? <span className="govgr-hint">{holder.born}</span> : null}
                    </label>
                  </div>
                ))}
              </div>
            </fieldset>
          </>
        )}
      </Form>
    </section>
  );
}
