import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { formatCalendarDate, messages, type Dependent } from '@tickets/domain';
import { BackLink, Button } from '../../shared/components/buttons';
import { ErrorBox } from '../../shared/components/error-box';
import { PageHeading } from '../../shared/components/page-heading';
import { Spinner } from '../../shared/components/spinner';
import { ErrorSummary } from '../../shared/forms/error-summary';
import { paths } from '../../shared/paths';
import { useLoad } from '../../shared/use-load';
import { fetchDependents } from './api';

const text = messages.companions;

/**
 * docs/product-spec.md §2 "Choose minor": a radio list of the dependents; continue passes the chosen one on.
 */
export default function ChooseMinorPage() {
  const navigate = useNavigate();
  const [dependents] = useLoad(fetchDependents, messages.errors.loadFailed);
  const [chosen, setChosen] = useState<string>();
  const [showError, setShowError] = useState(false);

  const submit = (event: FormEvent, list: Dependent[]) => {
    event.preventDefault();
    const minor = list.find((dependent) => dependent.amka === chosen);
    if (!minor) return setShowError(true);
    navigate(paths.tickets.selectedMinor, { state: { minor } });
  };

  return (
    <>
      <BackLink to={paths.tickets.chooseAction} />
      <PageHeading>{messages.screens.chooseMinor}</PageHeading>
      {dependents.status === 'loading' ? <Spinner /> : null}
      {dependents.status === 'failed' ? <ErrorBox message={dependents.message} /> : null}
      {dependents.status === 'ready' && dependents.data.length === 0 ? (
        <p className="govgr-body">{text.noDependents}</p>
      ) : null}
      {dependents.status === 'ready' && dependents.data.length > 0 ? (
        <form noValidate onSubmit={(event) => submit(event, dependents.data)}>
          <ErrorSummary
            problems={
              showError && !chosen
                ? [{ fieldId: `minor-${dependents.data[0]?.amka}`, message: text.chooseMinorRequired }]
                : []
            }
          />
          <fieldset
            className={`govgr-fieldset ${showError && !chosen ? 'govgr-field__error' : ''}`.trim()}
            aria-describedby={showError && !chosen ? 'minor-error' : undefined}
          >
            <legend className="govgr-fieldset__legend govgr-heading-s">{text.chooseMinorLegend}</legend>
            {showError && !chosen ? (
              <p className="govgr-error-message" id="minor-error">
                {text.chooseMinorRequired}
              </p>
            ) : null}
            <div className="govgr-radios">
              {dependents.data.map((minor) => (
                <div className="govgr-radios__item" key={minor.amka}>
                  <label className="govgr-radios__label" htmlFor={`minor-${minor.amka}`}>
                    <input
                      className="govgr-radios__input"
                      type="radio"
                      name="minor"
                      id={`minor-${minor.amka}`}
                      value={minor.amka}
                      checked={chosen === minor.amka}
                      onChange={() => setChosen(minor.amka)}
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
