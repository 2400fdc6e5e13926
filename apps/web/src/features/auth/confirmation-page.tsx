import { messages } from '@tickets/domain';
import { useAuth } from '../../shared/auth/auth-context';
import { ButtonLink } from '../../shared/components/buttons';
import { PageHeading } from '../../shared/components/page-heading';
import { paths } from '../../shared/paths';

/** docs/product-spec.md §2 "Confirmation": the person checks their details; officers choose where to go. */
export default function ConfirmationPage() {
  const { authUser } = useAuth();
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
      <div className="govgr-button-group">
        <ButtonLink to={paths.tickets.chooseAction}>{officer ? text.citizen : text.continue}</ButtonLink>
        {officer ? (
          <ButtonLink to={paths.ticketOffice.chooseUser} variant="secondary">
            {text.officer}
          </ButtonLink>
        ) : null}
      </div>
    </>
  );
}
