import { useNavigate } from 'react-router';
import { formatCalendarDate, messages, type Dependent } from '@tickets/domain';
import { failureMessage } from '../../shared/api/client';
import { useDependents } from '../../shared/api/dependents';
import { BackLink } from '../../shared/components/buttons';
import { ErrorBox } from '../../shared/components/error-box';
import { PageHeading } from '../../shared/components/page-heading';
import { Spinner } from '../../shared/components/spinner';
import { Form } from '../../shared/forms/form';
import { paths } from '../../shared/paths';

const text = messages.companions;
type FormValues = { minor: string };

/**
 * docs/product-spec.md §2 "Choose minor": a radio list of the dependents; continue passes the chosen one on.
 */
export default function ChooseMinorPage() {
  const navigate = useNavigate();
  const dependents = useDependents();

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
        <Form<FormValues>
          schema={() => import('./form-schemas').then((schemas) => schemas.chooseMinorSchema)}
          defaultValues={{}}
          fields={['minor']}
          idOf={() => `minor-${dependents.data[0]?.amka}`}
          onSubmit={submit(dependents.data)}
          submitLabel={text.continue}
        >
          {({ register, formState }) => {
            const error = formState.errors.minor?.message;
            return (
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
            );
          }}
        </Form>
      ) : null}
    </>
  );
}
