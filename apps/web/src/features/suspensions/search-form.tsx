import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import {
  formatCalendarDate,
  formatDateTime,
  suspensionMessages,
  suspensionSearchSchema,
  type SuspensionRecord,
} from '@tickets/domain';
import { toastFailure } from '../../shared/api/toast-failure';
import { Button } from '../../shared/components/buttons';
import { ConfirmDialog } from '../../shared/components/confirm-dialog';
import { ErrorSummary, summaryFocus } from '../../shared/forms/error-summary';
import { rawResolver } from '../../shared/forms/raw-resolver';
import { useRefusal } from '../../shared/forms/use-refusal';
import { deleteSuspension, searchSuspensions, type PersonFields } from './api';
import { emptyPerson, PersonFieldset, personProblems } from './person-fields';
import { TableHead } from '../../shared/components/table-head';

const text = suspensionMessages;

/**
 * docs/product-spec.md §2/§4: search; only active records can be deleted, and a deleted row leaves the list.
 */
export function SearchForm() {
  const { register, handleSubmit, formState, watch } = useForm<PersonFields>({
    resolver: rawResolver<PersonFields>()(suspensionSearchSchema),
    ...summaryFocus,
    defaultValues: emptyPerson(),
  });
  const [results, setResults] = useState<SuspensionRecord[]>();
  const [deleting, setDeleting] = useState<SuspensionRecord>();
  const [busy, setBusy] = useState(false);
  const refusal = useRefusal();

  const search = async (values: PersonFields) => {
    try {
      setResults(await searchSuspensions(values));
    } catch (error) {
      refusal.refuse(error);
    }
  };
  // A new search takes the last one's results away, whether or not it reaches the server.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    setResults(undefined);
    refusal.clear();
    void handleSubmit(search)(event);
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
      toastFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const { errors, isSubmitting, submitCount } = formState;
  return (
    <>
      <form noValidate onSubmit={submit} {...refusal.formProps}>
        <ErrorSummary
          problems={personProblems(errors, 'search')}
          submitCount={submitCount}
          refusal={refusal}
        />
        <PersonFieldset
          prefix="search"
          values={watch()}
          errors={errors}
          register={(field) => register(field)}
        />
        <Button type="submit" busy={isSubmitting}>
          {text.submitSearch}
        </Button>
      </form>
      <div aria-live="polite">
        {results && results.length === 0 ? <p className="govgr-body">{text.noResults}</p> : null}
        {results && results.length > 0 ? (
          <div className="govgr-table-container">
            <table className="govgr-table govgr-table--stacked-m">
              <caption className="govgr-table__caption govgr-table__caption--m">{text.results}</caption>
              <TableHead
                columns={[
                  text.afm,
                  text.amka,
                  text.documentId,
                  text.identity,
                  text.endDate,
                  text.createdOn,
                  text.createdBy,
                  text.delete,
                ]}
              />
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
