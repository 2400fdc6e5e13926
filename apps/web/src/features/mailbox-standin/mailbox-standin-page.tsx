import { formatDateTime, mailboxStandInMessages as text } from '@tickets/domain';
import { Button } from '../../shared/components/buttons';
import { ErrorBox } from '../../shared/components/error-box';
import { PageHeading } from '../../shared/components/page-heading';
import { Spinner } from '../../shared/components/spinner';
import { useMailbox } from './api';

/**
 * The development mailbox (issue #30 item 4): what a real SMTP server on loopback received from the
 * platform, newest first, each message's plain-text part as sent. The server answers 404 in production.
 */
export default function MailboxStandInPage() {
  const mails = useMailbox();
  return (
    <>
      <PageHeading>{text.title}</PageHeading>
      <p className="govgr-body">{text.notice}</p>
      <Button variant="secondary" onClick={() => void mails.refetch()}>
        {text.refresh}
      </Button>
      {mails.status === 'pending' ? (
        <Spinner />
      ) : mails.status === 'error' ? (
        <ErrorBox message={text.notAvailable} />
      ) : mails.data.length === 0 ? (
        <p className="govgr-body">{text.empty}</p>
      ) : (
        <ul className="app-mailbox">
          {mails.data.map((mail) => (
            <li key={mail.messageId} className="govgr-card govgr-card--border">
              <article className="govgr-card__body" aria-label={mail.subject}>
                <h2 className="govgr-card__heading govgr-heading-s">{mail.subject}</h2>
                <p className="govgr-hint">
                  {text.to}: {mail.to.join(', ')} · {text.receivedAt}: {formatDateTime(mail.receivedAt)}
                </p>
                <div className="govgr-body app-mailbox__text">{mail.text}</div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
