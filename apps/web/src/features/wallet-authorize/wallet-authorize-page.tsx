import { useEffect } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useLocation, useSearchParams } from 'react-router';
import {
  credentialIssuanceMessages,
  formatDateTime,
  gateMessages,
  LOGIN_PATH,
  messages,
  walletStandInMessages,
  type WalletTicket,
} from '@tickets/domain';
import { failureMessage } from '../../shared/api/client';
import { useAuth } from '../../shared/auth/use-auth';
import { Button } from '../../shared/components/buttons';
import { ErrorBox } from '../../shared/components/error-box';
import { PageHeading } from '../../shared/components/page-heading';
import { Spinner } from '../../shared/components/spinner';
import { Form } from '../../shared/forms/form';
import { useWalletAuthorization, useWalletAuthorizationDecision } from './api';
import {
  forgetWalletAuthorization,
  rememberWalletAuthorization,
} from '../../shared/auth/pending-wallet-authorization';

const text = credentialIssuanceMessages.authorize;
type FormValues = { ticket: string };

/**
 * The page an EU wallet opens in the authorization code flow (issue #53 item 4, docs/design.md §12):
 * the link carries the wallet's pushed request (`request_uri`) and its `client_id`. Signed in with
 * TaxisNet, the person sees which wallet asks and chooses which of their tickets it gets (their own,
 * a minor's in their care, a fixture lent to them); the browser then goes back to the wallet with a
 * code, or with a refusal. Signed out, they sign in first and come back here (pending.ts).
 */
export default function WalletAuthorizePage() {
  const [search] = useSearchParams();
  const location = useLocation();
  const { isAuth, initialized } = useAuth();
  const ref = { requestUri: search.get('request_uri') ?? '', clientId: search.get('client_id') ?? '' };
  // A link without the wallet's request (typed, cut short) asks nothing: said so, no call made.
  const complete = ref.requestUri !== '' && ref.clientId !== '';
  const authorization = useWalletAuthorization(ref, isAuth && complete);
  const decision = useWalletAuthorizationDecision();

  // Back from TaxisNet: the pending request is this one, answered here now.
  useEffect(() => {
    if (isAuth) forgetWalletAuthorization();
  }, [isAuth]);
  // The wallet's redirect URI is another application (a custom scheme): a full navigation.
  useEffect(() => {
    if (decision.data) window.location.assign(decision.data.redirectTo);
  }, [decision.data]);

  if (!initialized) return <Spinner />;
  if (!isAuth) {
    return (
      <>
        <PageHeading>{text.title}</PageHeading>
        <p className="govgr-body">{text.signInFirst}</p>
        <a
          className="govgr-btn govgr-btn-primary"
          href={LOGIN_PATH}
          onClick={() => rememberWalletAuthorization(`${location.pathname}${location.search}`)}
        >
          {messages.login.link}
        </a>
      </>
    );
  }
  const answer = (publicCode?: string) =>
    decision.mutate({ ...ref, ...(publicCode === undefined ? {} : { publicCode }) });

  return (
    <>
      <PageHeading>{text.title}</PageHeading>
      {!complete ? <ErrorBox message={text.expired} /> : null}
      {complete && authorization.status === 'pending' ? <Spinner label={text.loading} /> : null}
      {authorization.status === 'error' ? (
        <ErrorBox message={failureMessage(authorization.error, messages.errors.loadFailed)} />
      ) : null}
      {decision.data ? (
        <p className="govgr-body" role="status">
          {text.returning}
        </p>
      ) : null}
      {authorization.status === 'success' && !decision.data ? (
        <>
          <p className="govgr-body">{text.intro(authorization.data.walletName)}</p>
          {decision.error ? <ErrorBox message={failureMessage(decision.error, text.failed)} /> : null}
          {authorization.data.tickets.length === 0 ? (
            <>
              <p className="govgr-body">{text.noTickets}</p>
              <Button variant="secondary" busy={decision.isPending} onClick={() => answer()}>
                {text.refuse}
              </Button>
            </>
          ) : (
            <Form<FormValues>
              schema={() => import('./form-schemas').then((schemas) => schemas.chooseTicketSchema)}
              // The ticket the person offered this wallet on the site, if it started from the offer.
              defaultValues={authorization.data.offered ? { ticket: authorization.data.offered } : {}}
              fields={['ticket']}
              idOf={() => `ticket-${authorization.data.tickets[0]?.publicCode}`}
              onSubmit={(values) => answer(values.ticket)}
              submitLabel={decision.isPending ? text.giving : text.give}
              busy={decision.isPending}
              actions={
                <Button variant="secondary" disabled={decision.isPending} onClick={() => answer()}>
                  {text.refuse}
                </Button>
              }
            >
              {({ register, formState }) => (
                <TicketChoice
                  tickets={authorization.data.tickets}
                  error={formState.errors.ticket?.message}
                  register={register('ticket')}
                />
              )}
            </Form>
          )}
        </>
      ) : null}
    </>
  );
}

function TicketChoice({
  tickets,
  error,
  register,
}: {
  tickets: WalletTicket[];
  error: string | undefined;
  register: UseFormRegisterReturn<'ticket'>;
}) {
  return (
    <fieldset
      className={`govgr-fieldset ${error ? 'govgr-field__error' : ''}`.trim()}
      aria-describedby={error ? 'ticket-error' : undefined}
    >
      <legend className="govgr-fieldset__legend govgr-heading-s">{text.choose}</legend>
      {error ? (
        <p className="govgr-error-message" id="ticket-error">
          {error}
        </p>
      ) : null}
      <div className="govgr-radios">
        {tickets.map((ticket) => (
          <div className="govgr-radios__item" key={`${ticket.publicCode}-${ticket.eventId}`}>
            <label className="govgr-radios__label" htmlFor={`ticket-${ticket.publicCode}`}>
              <input
                className="govgr-radios__input"
                type="radio"
                id={`ticket-${ticket.publicCode}`}
                value={ticket.publicCode}
                {...register}
              />
              {ticket.eventDescription}
              <span className="govgr-hint">{ticketHint(ticket)}</span>
            </label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/** When, where and which seat, and whose it is when it is not the person's own. */
function ticketHint(ticket: WalletTicket): string {
  const standIn = walletStandInMessages;
  return [
    `${formatDateTime(ticket.eventDateTime)}, ${ticket.venue}`,
    gateMessages.seat(ticket) ?? standIn.noSeat,
    ticket.seasonal ? standIn.seasonTicket : null,
    ticket.lentBy ? standIn.lentBy(ticket.lentBy) : null,
    ticket.dependentName ? standIn.dependent(ticket.dependentName) : null,
    ticket.publicCode,
  ]
    .filter((part): part is string => part !== null)
    .join(' · ');
}
