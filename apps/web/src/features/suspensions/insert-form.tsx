import { useState } from 'react';
import {
  suspensionMessages,
  SUSPENSION_DEFAULT_MONTHS,
  SUSPENSION_MIN_MONTHS,
  todayInAthens,
  type AffectedPerson,
} from '@tickets/domain';
import { ConfirmDialog } from '../../shared/components/confirm-dialog';
import { Form, type FormApi } from '../../shared/forms/form';
import { TextField } from '../../shared/forms/text-field';
import { useAddSuspensionMutation, usePrecheckSuspensionMutation, type SuspensionRequest } from './api';
import { emptyPerson, PersonFieldset, personProblems } from './person-fields';
import { toastSuccess } from '../../shared/api/toast-failure';

const text = suspensionMessages;
type FormValues = SuspensionRequest;

/** A calendar day `months` after today (Athens). */
function monthsFromToday(months: number): string {
  const [year, month, day] = todayInAthens().split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1 + months, day));
  return date.toISOString().slice(0, 10);
}

const emptyForm = (): FormValues => ({
  ...emptyPerson(),
  endDate: monthsFromToday(SUSPENSION_DEFAULT_MONTHS),
});

/**
 * docs/product-spec.md §4 insert flow: submit, pre-check, a confirmation listing who is affected, then add.
 * The form checks with the route's schema and sends what was typed (`raw`): the API module shapes it.
 */
/**
 * One person the suspension would reach, as the pre-check tells it: of a minor only that; else the
 * names, with the tickets held at the officer's own club, or that they hold tickets of another club.
 */
function describeAffected(person: AffectedPerson): string {
  if (person.minor) return text.affectedMinor;
  const tickets =
    person.ticketsCount === 0 && person.holdsTickets
      ? text.ticketsElsewhere
      : text.ticketsCount(person.ticketsCount);
  return `${person.firstName ?? '-'} ${person.lastName ?? '-'} — ${tickets}`;
}

export function InsertForm() {
  const [months, setMonths] = useState('');
  const [checked, setChecked] = useState<{
    values: FormValues;
    affected: AffectedPerson[];
    form: FormApi<FormValues, FormValues>;
  }>();

  const precheck = usePrecheckSuspensionMutation();
  const add = useAddSuspensionMutation();
  const confirm = () => {
    if (!checked) return;
    const { form } = checked;
    add.mutate(checked.values, {
      onSuccess: () => {
        toastSuccess(text.added);
        form.reset(emptyForm());
        setMonths('');
        setChecked(undefined);
      },
      // The dialog stays open (the toast says why); the summary behind it keeps the reason for after.
      onError: (error) => form.refusal.refuse(error),
    });
  };

  const affected = checked?.affected;
  return (
    <Form<FormValues>
      // The route's schema checks; the API module shapes what was typed (`raw`).
      schema={() => import('./form-schemas').then((schemas) => schemas.suspensionRequestSchema)}
      raw
      defaultValues={emptyForm()}
      problems={(errors) => personProblems(errors, 'insert', ['endDate'])}
      onSubmit={(values, form) =>
        precheck.mutate(values, {
          onSuccess: (found) => setChecked({ values, affected: found, form }),
          onError: (error) => form.refusal.refuse(error),
        })
      }
      submitLabel={text.submitInsert}
      busy={precheck.isPending}
      footer={
        <ConfirmDialog
          open={affected !== undefined}
          title={text.confirmTitle}
          busy={add.isPending}
          onConfirm={confirm}
          onClose={() => setChecked(undefined)}
        >
          <p className="govgr-body">{text.confirmBody}</p>
          {affected && affected.length > 0 ? (
            <div className="app-warning" role="alert">
              <p className="govgr-body">{text.affectedWarning}</p>
              <ul className="govgr-list govgr-list--bullet">
                {affected.map((person, index) => (
                  <li key={index}>{describeAffected(person)}</li>
                ))}
              </ul>
            </div>
          ) : (
            <p className="govgr-body app-notice" role="status">
              {text.nobodyKnown}
            </p>
          )}
        </ConfirmDialog>
      }
    >
      {({ register, watch, setValue, formState: { errors } }) => (
        <>
          <PersonFieldset
            prefix="insert"
            values={watch()}
            errors={errors}
            register={(field) => register(field)}
          />
          <TextField
            id="insert-months"
            label={text.months}
            hint={text.monthsHint}
            digitsOnly
            maxLength={3}
            className="govgr-input--width-4"
            value={months}
            onChange={(change) => {
              setMonths(change.target.value);
              const count = Number(change.target.value);
              if (Number.isInteger(count) && count >= SUSPENSION_MIN_MONTHS) {
                setValue('endDate', monthsFromToday(count));
              }
            }}
          />
          <TextField
            id="insert-endDate"
            label={text.endDate}
            error={errors.endDate?.message}
            type="date"
            min={todayInAthens()}
            {...register('endDate', { onChange: () => setMonths('') })}
          />
        </>
      )}
    </Form>
  );
}
