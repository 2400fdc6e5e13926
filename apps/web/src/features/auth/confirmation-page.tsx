import { Navigate } from 'react-router';
import { messages } from '@tickets/domain';
import { useAuth } from '../../shared/auth/use-auth';
import { ButtonLink } from '../../shared/components/buttons';
import { PageHeading } from '../../shared/components/page-heading';
import { paths } from '../../shared/paths';
import { pendingWalletAuthorization } from '../../shared/auth/pending-wallet-authorization';

/** docs/product-spec.md §2 "Confirmation": the person checks their details; officers choose where to go. */
export default function ConfirmationPage() {
  const { authUser } = useAuth();
  // Signed in to answer an EU wallet's request (issue #53 item 4): back to it.
  const pending = pendingWalletAuthorization();
  if (pending) return <Navigate to={pending} replace />;
  if (!authUser) return null;
  const text = messages.confirmation;
  const officer = authUser.TICKET_ROLE === 'OFFICER';
  return (
    <>
      <PageHeading>{text.title}</PageHeading>
      <dl className="govgr-summary-list">
        <div className="govgr-summary-list__row">
          <dt className="govgr-summary-list__key">{text.firstName}</dt>
          <dd className="govgr-summary-list__value">{authUser.firstname}</dd>
        </div>
        <div className="govgr-summary-list__row">
          <dt className="govgr-summary-list__key">{text.lastName}</dt>
          <dd className="govgr-summary-list__value">{authUser.lastname}</dd>
        </div>
        <div className="govgr-summary-list__row">
          <dt className="govgr-summary-list__key">{text.afm}</dt>
          <dd className="govgr-summary-list__value">{authUser.taxid}</dd>
        </div>
      </dl>
      <p className="govgr-body">{text.prompt}</p>
      {officer ? (
        <OfficerChoice />
      ) : (
        <div className="govgr-button-group">
          <ButtonLink to={paths.tickets.chooseAction}>{text.continue}</ButtonLink>
        </div>
      )}
    </>
  );
}

/**
 * An officer's two ways on (docs/product-spec.md §2, its labels and order), under a question, each with
 * a line saying where it leads: a basketball club's staff too should see which is theirs.
 */
function OfficerChoice() {
  const text = messages.confirmation;
  const choices = [
    {
      id: 'choice-citizen',
      to: paths.tickets.chooseAction,
      label: text.citizen,
      about: text.citizenDescription,
    },
    {
      id: 'choice-officer',
      to: paths.ticketOffice.chooseUser,
      label: text.officer,
      about: text.officerDescription,
    },
  ] as const;
  return (
    <section aria-labelledby="officer-question">
      <h2 className="govgr-heading-m" id="officer-question">
        {text.officerQuestion}
      </h2>
      <ul className="app-choices">
        {choices.map(({ id, to, label, about }, index) => (
          <li key={id} className="app-choice">
            <ButtonLink to={to} variant={index === 0 ? 'primary' : 'secondary'} aria-describedby={id}>
              {label}
            </ButtonLink>
            <p className="govgr-hint" id={id}>
              {about}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
