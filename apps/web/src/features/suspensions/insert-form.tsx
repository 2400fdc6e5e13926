import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import {
  messages,
  suspensionMessages,
  SUSPENSION_DEFAULT_MONTHS,
  SUSPENSION_MIN_MONTHS,
  suspensionRequestSchema,
  todayInAthens,
  type AffectedPerson,
} from '@tickets/domain';
import { ApiError } from '../../shared/api/client';
import { Button } from '../../shared/components/buttons';
import { ConfirmDialog } from '../../shared/components/confirm-dialog';
import { ErrorSummary, problemsFrom } from '../../shared/forms/error-summary';
import { TextField } from '../../shared/forms/text-field';
import { addSuspension, precheckSuspension } from './api';
import { emptyPerson, errorsByField, PersonFieldset } from './person-fields';

const text = suspensionMessages;

/** A calendar day `months` after today (Athens). */
function monthsFromToday(months: number): string {
  const [year, month, day] = todayInAthens().split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1 + months, day));
  return date.toISOString().slice(0, 10);
}

/**
 * docs/product-spec.md §4 insert flow: submit, pre-check, a confirmation listing who is affected, then add.
 */
export function InsertForm() {
  const [fields, setFields] = useState(emptyPerson);
  const [endDate, setEndDate] = useState(() => monthsFromToday(SUSPENSION_DEFAULT_MONTHS));
  const [months, setMonths] = useState('');
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [affected, setAffected] = useState<AffectedPerson[]>();
  const [busy, setBusy] = useState(false);

  const fail = (error: unknown) =>
    toast.error(error instanceof ApiError ? error.message : messages.errors.system);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = suspensionRequestSchema.safeParse({
      ...fields,
      dateOfBirth: fields.dateOfBirth || null,
      endDate,
    });
    setErrors(parsed.success ? {} : errorsByField(parsed.error.issues));
    if (!parsed.success) return;
    setBusy(true);
    try {
      setAffected(await precheckSuspension(fields, endDate));
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    setBusy(true);
    try {
      await addSuspension(fields, endDate);
      toast.success(text.added);
      setFields(emptyPerson());
      setEndDate(monthsFromToday(SUSPENSION_DEFAULT_MONTHS));
      setMonths('');
      setAffected(undefined);
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  // A form-level message (no field) points at the first field.
  const problems = problemsFrom(errors, Object.keys(errors), (field) => `insert-${field || 'afm'}`);
  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <ErrorSummary problems={problems} />
      <PersonFieldset prefix="insert" fields={fields} errors={errors} onChange={setFields} />
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
          if (Number.isInteger(count) && count >= SUSPENSION_MIN_MONTHS) setEndDate(monthsFromToday(count));
        }}
      />
      <TextField
        id="insert-endDate"
        label={text.endDate}
        error={errors.endDate}
        type="date"
        min={todayInAthens()}
        value={endDate}
        onChange={(change) => {
          setEndDate(change.target.value);
          setMonths('');
        }}
      />
      <Button type="submit" busy={busy && affected === undefined}>
        {text.submitInsert}
      </Button>
      <ConfirmDialog
        open={affected !== undefined}
        title={text.confirmTitle}
        busy={busy}
        onConfirm={() => void confirm()}
        onClose={() => setAffected(undefined)}
      >
        <p className="govgr-body">{text.confirmBody}</p>
        {affected && affected.length > 0 ? (
          <div className="app-warning" role="alert">
            <p className="govgr-body">{text.affectedWarning}</p>
            <ul className="govgr-list govgr-list--bullet">
              {affected.map((person, index) => (
                <li key={index}>
                  {person.firstName ?? '-'} {person.lastName ?? '-'} —{' '}
                  {text.ticketsCount(person.ticketsCount)}
                </li>
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
