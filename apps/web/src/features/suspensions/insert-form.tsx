import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import {
  suspensionMessages,
  SUSPENSION_DEFAULT_MONTHS,
  SUSPENSION_MIN_MONTHS,
  suspensionRequestSchema,
  todayInAthens,
  type AffectedPerson,
} from '@tickets/domain';
import { Button } from '../../shared/components/buttons';
import { ConfirmDialog } from '../../shared/components/confirm-dialog';
import { ErrorSummary, summaryFocus } from '../../shared/forms/error-summary';
import { rawResolver } from '../../shared/forms/raw-resolver';
import { useRefusal } from '../../shared/forms/use-refusal';
import { TextField } from '../../shared/forms/text-field';
import { addSuspension, precheckSuspension, type PersonFields } from './api';
import { emptyPerson, PersonFieldset, personProblems } from './person-fields';

const text = suspensionMessages;
type FormValues = PersonFields & { endDate: string };

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
  const { register, handleSubmit, formState, watch, setValue, reset } = useForm<FormValues>({
    resolver: rawResolver<FormValues>()(suspensionRequestSchema),
    ...summaryFocus,
    defaultValues: emptyForm(),
  });
  const [months, setMonths] = useState('');
  const [checked, setChecked] = useState<{ values: FormValues; affected: AffectedPerson[] }>();
  const refusal = useRefusal();

  const precheck = useMutation({
    mutationFn: ({ endDate, ...person }: FormValues) => precheckSuspension(person, endDate),
    onSuccess: (affected, values) => setChecked({ values, affected }),
    onError: (error) => refusal.refuse(error),
  });
  const add = useMutation({
    mutationFn: ({ endDate, ...person }: FormValues) => addSuspension(person, endDate),
    onSuccess: () => {
      toast.success(text.added);
      reset(emptyForm());
      setMonths('');
      setChecked(undefined);
    },
    // The dialog stays open (the toast says why); the summary behind it keeps the reason for after.
    onError: (error) => refusal.refuse(error),
  });

  const { errors, submitCount } = formState;
  const affected = checked?.affected;
  const endDate = register('endDate', { onChange: () => setMonths('') });
  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit((values) => precheck.mutate(values))(event)}
      {...refusal.formProps}
    >
      <ErrorSummary
        problems={personProblems(errors, 'insert', ['endDate'])}
        submitCount={submitCount}
        refusal={refusal}
      />
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
        {...endDate}
      />
      <Button type="submit" busy={precheck.isPending}>
        {text.submitInsert}
      </Button>
      <ConfirmDialog
        open={affected !== undefined}
        title={text.confirmTitle}
        busy={add.isPending}
        onConfirm={() => checked && add.mutate(checked.values)}
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
    </form>
  );
}
