import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { formatCalendarDate, messages, type Dependent } from '@tickets/domain';
import { failureMessage } from '../../shared/api/client';
import { BackLink, Button } from '../../shared/components/buttons';
import { ErrorBox } from '../../shared/components/error-box';
import { PageHeading } from '../../shared/components/page-heading';
import { Spinner } from '../../shared/components/spinner';
import { ErrorSummary, problemsFrom, summaryFocus } from '../../shared/forms/error-summary';
import { paths } from '../../shared/paths';
import { dependentsQuery } from './api';

const text = messages.companions;
/** A choice on this page, sent nowhere: the next page takes the chosen minor. */
const formSchema = z.object({ minor: z.string({ error: text.chooseMinorRequired }) });
type FormValues = z.infer<typeof formSchema>;

/**
 * docs/product-spec.md §2 "Choose minor": a radio list of the dependents; continue passes the chosen one on.
 */
export default function ChooseMinorPage() {
  const navigate = useNavigate();
  const dependents = useQuery(dependentsQuery);
  const { register, handleSubmit, formState } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    ...summaryFocus,
  });
  const error = formState.errors.minor?.message;

  const submit = (list: Dependent[]) => (values: FormValues) => {
    const minor = list.find((dependent) => dependent.amka === values.minor);
    if (minor) navigate(paths.tickets.selectedMinor, { state: { minor } });
  };

  return (
    <>
      <BackLink to={paths.tickets.chooseAction} />
      <PageHeading>{messages.screens.chooseMinor}</PageHeading>
      {dependents.status === 'pending' ? <Spinner /> : null}
      {dependents.status === 'error' ? (
        <ErrorBox message={failureMessage(dependents.error, messages.errors.loadFailed)} />
      ) : null}
      {dependents.status === 'success' && dependents.data.length === 0 ? (
        <p className="govgr-body">{text.noDependents}</p>
      ) : null}
      {dependents.status === 'success' && dependents.data.length > 0 ? (
        <form noValidate onSubmit={(event) => void handleSubmit(submit(dependents.data))(event)}>
          <ErrorSummary
            problems={problemsFrom(formState.errors, ['minor'], () => `minor-${dependents.data[0]?.amka}`)}
            submitCount={formState.submitCount}
          />
          <fieldset
            className={`govgr-fieldset ${error ? 'govgr-field__error' : ''}`.trim()}
            aria-describedby={error ? 'minor-error' : undefined}
          >
            <legend className="govgr-fieldset__legend govgr-heading-s">{text.chooseMinorLegend}</legend>
            {error ? (
              <p className="govgr-error-message" id="minor-error">
                {error}
              </p>
            ) : null}
            <div className="govgr-radios">
              {dependents.data.map((minor) => (
                <div className="govgr-radios__item" key={minor.amka}>
                  <label className="govgr-radios__label" htmlFor={`minor-${minor.amka}`}>
                    <input
                      className="govgr-radios__input"
                      type="radio"
                      id={`minor-${minor.amka}`}
                      value={minor.amka}
                      {...register('minor')}
                    />
                    {minor.firstName} {minor.lastName}
                    <span className="govgr-hint">
                      {text.born}: {formatCalendarDate(minor.birthdate)}
                    </span>
                  </label>
                </div>
              ))}
            </div>
          </fieldset>
          <Button type="submit">{text.continue}</Button>
        </form>
      ) : null}
    </>
  );
}
