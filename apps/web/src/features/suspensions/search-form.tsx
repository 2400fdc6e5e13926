import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import {
  formatCalendarDate,
  formatDateTime,
  messages,
  suspensionMessages,
  suspensionSearchSchema,
  type SuspensionRecord,
} from '@tickets/domain';
import { ApiError } from '../../shared/api/client';
import { Button } from '../../shared/components/buttons';
import { ConfirmDialog } from '../../shared/components/confirm-dialog';
import { ErrorSummary, problemsFrom } from '../../shared/forms/error-summary';
import { deleteSuspension, searchSuspensions } from './api';
import { emptyPerson, errorsByField, PersonFieldset } from './person-fields';

const text = suspensionMessages;

/**
 * docs/product-spec.md §2/§4: search; only active records can be deleted, and a deleted row leaves the list.
 */
export function SearchForm() {
  const [fields, setFields] = useState(emptyPerson);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [results, setResults] = useState<SuspensionRecord[]>();
  const [deleting, setDeleting] = useState<SuspensionRecord>();
  const [busy, setBusy] = useState(false);
  const fail = (error: unknown) =>
    toast.error(error instanceof ApiError ? error.message : messages.errors.system);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = suspensionSearchSchema.safeParse({ ...fields, dateOfBirth: fields.dateOfBirth || null });
    setErrors(parsed.success ? {} : errorsByField(parsed.error.issues));
    if (!parsed.success) return;
    setBusy(true);
    try {
      setResults(await searchSuspensions(fields));
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteSuspension(deleting);
      toast.success(text.deleted);
      setResults((list) => list?.filter((record) => record.id !== deleting.id));
      setDeleting(undefined);
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  // A form-level message (no field) points at the first field.
  const problems = problemsFrom(errors, Object.keys(errors), (field) => `search-${field || 'afm'}`);
  return (
    <>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <ErrorSummary problems={problems} />
        <PersonFieldset prefix="search" fields={fields} errors={errors} onChange={setFields} />
        <Button type="submit" busy={busy && !deleting}>
          {text.submitSearch}
        </Button>
      </form>
      <div aria-live="polite">
        {results && results.length === 0 ? <p className="govgr-body">{text.noResults}</p> : null}
        {results && results.length > 0 ? (
          <div className="govgr-table-container">
            <table className="govgr-table govgr-table--stacked-m">
              <caption className="govgr-table__caption govgr-table__caption--m">{text.results}</caption>
              <thead className="govgr-table__head">
                <tr className="govgr-table__row">
                  {[
                    text.afm,
                    text.amka,
                    text.documentId,
                    text.identity,
                    text.endDate,
                    text.createdOn,
                    text.createdBy,
                    text.delete,
                  ].map((header) => (
                    <th className="govgr-table__header" scope="col" key={header}>
                      {header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="govgr-table__body">
                {results.map((record) => (
                  <tr className="govgr-table__row" key={record.id}>
                    <td className="govgr-table__cell">{record.afm ?? '-'}</td>
                    <td className="govgr-table__cell">{record.amka ?? '-'}</td>
                    <td className="govgr-table__cell">{record.documentId ?? '-'}</td>
                    <td className="govgr-table__cell">
                      {[record.firstName, record.fathersName, record.lastName].filter(Boolean).join(' ') ||
                        '-'}
                      {record.dateOfBirth ? ` (${formatCalendarDate(record.dateOfBirth)})` : ''}
                    </td>
                    <td className="govgr-table__cell">{formatCalendarDate(record.endDate)}</td>
                    <td className="govgr-table__cell">{formatDateTime(record.createdOn)}</td>
                    <td className="govgr-table__cell">{record.createdBy}</td>
                    <td className="govgr-table__cell">
                      {record.active ? (
                        <Button
                          variant="warning"
                          aria-label={text.deleteLabel(record.id)}
                          onClick={() => setDeleting(record)}
                        >
                          {text.delete}
                        </Button>
                      ) : (
                        '-'
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </div>
      <ConfirmDialog
        open={deleting !== undefined}
        title={text.deleteConfirm}
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(undefined)}
      />
    </>
  );
}
