import { useState, type ReactNode } from 'react';
import {
  formatCalendarDate,
  formatDateTime,
  suspensionMessages,
  type SuspensionRecord,
} from '@tickets/domain';
import { toastFailure, toastSuccess } from '../../shared/api/toast-failure';
import { Button } from '../../shared/components/buttons';
import { ConfirmDialog } from '../../shared/components/confirm-dialog';
import { Form } from '../../shared/forms/form';
import { useDeleteSuspensionMutation, useSearchSuspensionsMutation, type PersonFields } from './api';
import { emptyPerson, PersonFieldset, personProblems } from './person-fields';
import { TableHead } from '../../shared/components/table-head';

const text = suspensionMessages;

/** The results' columns: a header at a desk, each cell's label on a phone (docs/product-spec.md §2). */
const COLUMNS: {
  label: string;
  cell(record: SuspensionRecord, onDelete: (record: SuspensionRecord) => void): ReactNode;
}[] = [
  { label: text.afm, cell: (record) => record.afm ?? '-' },
  { label: text.amka, cell: (record) => record.amka ?? '-' },
  { label: text.documentId, cell: (record) => record.documentId ?? '-' },
  {
    label: text.identity,
    cell: (record) =>
      `${[record.firstName, record.fathersName, record.lastName].filter(Boolean).join(' ') || '-'}${
        record.dateOfBirth ? ` (${formatCalendarDate(record.dateOfBirth)})` : ''
      }`,
  },
  { label: text.endDate, cell: (record) => formatCalendarDate(record.endDate) },
  { label: text.createdOn, cell: (record) => formatDateTime(record.createdOn) },
  { label: text.createdBy, cell: (record) => record.createdBy },
  {
    label: text.delete,
    cell: (record, onDelete) =>
      record.active ? (
        <Button variant="warning" aria-label={text.deleteLabel(record.id)} onClick={() => onDelete(record)}>
          {text.delete}
        </Button>
      ) : (
        '-'
      ),
  },
];

/**
 * docs/product-spec.md §2/§4: search; only active records can be deleted, and a deleted row leaves the list.
 */
export function SearchForm() {
  const [results, setResults] = useState<SuspensionRecord[]>();
  const [deleting, setDeleting] = useState<SuspensionRecord>();

  // A search the officer submits, once (a POST in the spec): its results are this form's, not cached.
  const search = useSearchSuspensionsMutation({ onSuccess: setResults });

  const remove = useDeleteSuspensionMutation({
    onSuccess: (_, deleted) => {
      toastSuccess(text.deleted);
      setResults((list) => list?.filter((record) => record.id !== deleted.id));
      setDeleting(undefined);
    },
    onError: (error) => toastFailure(error),
  });

  return (
    <>
      <Form<PersonFields>
        // The route's schema checks; the API module shapes what was typed (`raw`).
        schema={() => import('./form-schemas').then((schemas) => schemas.suspensionSearchSchema)}
        raw
        defaultValues={emptyPerson()}
        problems={(errors) => personProblems(errors, 'search')}
        // A new search takes the last one's results away, whether or not it reaches the server.
        onSubmitStart={({ refusal }) => {
          setResults(undefined);
          refusal.clear();
        }}
        onSubmit={(values, { refusal }) =>
          search.mutate(values, { onError: (error) => refusal.refuse(error) })
        }
        submitLabel={text.submitSearch}
        busy={search.isPending}
      >
        {({ register, watch, formState: { errors } }) => (
          <PersonFieldset
            prefix="search"
            values={watch()}
            errors={errors}
            register={(field) => register(field)}
          />
        )}
      </Form>
      <div aria-live="polite">
        {results && results.length === 0 ? <p className="govgr-body">{text.noResults}</p> : null}
        {results && results.length > 0 ? (
          <div className="govgr-table-container app-wide">
            <table className="govgr-table govgr-table--stacked-m govgr-table--dense app-results-table">
              <caption className="govgr-table__caption govgr-table__caption--m">{text.results}</caption>
              <TableHead columns={COLUMNS.map((column) => column.label)} />
              <tbody className="govgr-table__body">
                {results.map((record) => (
                  <tr className="govgr-table__row" key={record.id}>
                    {COLUMNS.map(({ label, cell }) => (
                      // On a phone each cell is a line of its own, with its column's label (data-label).
                      <td className="govgr-table__cell" data-label={label} key={label}>
                        {cell(record, setDeleting)}
                      </td>
                    ))}
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
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(undefined)}
      />
    </>
  );
}
