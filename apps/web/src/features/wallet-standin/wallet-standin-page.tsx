import { useEffect, useRef, useState } from 'react';
import {
  addTicketMessages,
  formatDateTime,
  gateMessages,
  messages,
  walletStandInMessages,
  type WalletTicket,
} from '@tickets/domain';
import { failureMessage } from '../../shared/api/client';
import { Button } from '../../shared/components/buttons';
import { ErrorBox } from '../../shared/components/error-box';
import { PageHeading } from '../../shared/components/page-heading';
import { Spinner } from '../../shared/components/spinner';
import { useWalletStandInAvailable } from '../../shared/api/wallet-stand-in';
import { AddTicketForm } from './add-ticket-form';
import { CredentialOffer } from './credential-offer';
import { useWalletTickets } from './api';
import { readDeviceKey } from './device-storage';
import { RotatingCode } from './rotating-code';

const text = walletStandInMessages;

/** A season ticket enters the soonest fixture it still carries (one lent to someone else it does not). */
const nextFixtureOf = (ticket: WalletTicket) => ticket.fixtures.find((fixture) => fixture.lentTo === null);

/** The event a ticket enters next and when: the match, or for a season ticket its next fixture. */
function entryOf(ticket: WalletTicket) {
  const fixture = ticket.seasonal ? nextFixtureOf(ticket) : undefined;
  // A match ticket's one fixture is its match: whether the club cancelled it.
  const cancelled = (fixture ?? ticket.fixtures[0])?.cancelled ?? false;
  return fixture
    ? { description: fixture.eventDescription, at: fixture.eventDateTime, venue: fixture.venue, cancelled }
    : { description: ticket.eventDescription, at: ticket.eventDateTime, venue: ticket.venue, cancelled };
}

function TicketDetails({ ticket }: { ticket: WalletTicket }) {
  const entry = entryOf(ticket);
  return (
    <dl className="govgr-summary-list">
      {entry.cancelled ? (
        <div className="govgr-summary-list__row">
          <dt className="govgr-summary-list__key">{text.fixtureStatus}</dt>
          <dd className="govgr-summary-list__value">
            <strong>{text.fixtureCancelled}</strong>
          </dd>
        </div>
      ) : null}
      {ticket.seasonal ? (
        <div className="govgr-summary-list__row">
          <dt className="govgr-summary-list__key">{text.nextFixture}</dt>
          <dd className="govgr-summary-list__value">{entry.description}</dd>
        </div>
      ) : null}
      <div className="govgr-summary-list__row">
        <dt className="govgr-summary-list__key">{messages.ticketOffice.matchDateTime}</dt>
        <dd className="govgr-summary-list__value">
          {formatDateTime(entry.at)}, {entry.venue}
        </dd>
      </div>
      <div className="govgr-summary-list__row">
        <dt className="govgr-summary-list__key">{messages.ticketOffice.seat}</dt>
        <dd className="govgr-summary-list__value">{gateMessages.seat(ticket) ?? text.noSeat}</dd>
      </div>
      <div className="govgr-summary-list__row">
        <dt className="govgr-summary-list__key">{text.ticketCode}</dt>
        <dd className="govgr-summary-list__value">{ticket.publicCode}</dd>
      </div>
    </dl>
  );
}

function TicketNotes({ ticket }: { ticket: WalletTicket }) {
  const notes = [
    ticket.seasonal ? text.seasonTicket : null,
    ticket.lentBy ? text.lentBy(ticket.lentBy) : null,
    ticket.dependentName ? text.dependent(ticket.dependentName) : null,
  ].filter((note): note is string => note !== null);
  return notes.length > 0 ? <p className="govgr-hint">{notes.join(' · ')}</p> : null;
}

function TicketList({
  tickets,
  onShow,
}: {
  tickets: WalletTicket[];
  onShow: (ticket: WalletTicket) => void;
}) {
  if (tickets.length === 0) return <p className="govgr-body">{text.noTickets}</p>;
  return (
    <ul className="app-wallet-tickets">
      {tickets.map((ticket) => (
        <li key={`${ticket.publicCode}-${ticket.eventId}`} className="govgr-card govgr-card--border">
          <div className="govgr-card__body">
            <h3 className="govgr-card__heading govgr-heading-s">{ticket.eventDescription}</h3>
            <TicketNotes ticket={ticket} />
            <TicketDetails ticket={ticket} />
            {!ticket.blocked && !readDeviceKey(ticket.publicCode) ? (
              <p className="govgr-hint">{text.notRegistered}</p>
            ) : null}
            <Button
              variant="secondary"
              onClick={() => onShow(ticket)}
              aria-label={`${text.show}: ${ticket.eventDescription}, ${ticket.publicCode}`}
            >
              {text.show}
            </Button>
            {/* Beside the gate code, not behind it: an EU wallet takes the ticket without a phone registered here. */}
            {ticket.blocked ? null : <CredentialOffer ticket={ticket} />}
          </div>
        </li>
      ))}
    </ul>
  );
}

function ChosenTicket({ ticket, onBack }: { ticket: WalletTicket; onBack: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Keyboard and screen-reader users land on what they chose, not at the top of a changed page.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="wallet-code-heading">
      <h2 id="wallet-code-heading" className="govgr-heading-l" tabIndex={-1} ref={heading}>
        {text.codeHeading}: {ticket.eventDescription}
      </h2>
      <TicketNotes ticket={ticket} />
      {/* The code first: at the gate the phone is held up without scrolling. */}
      {ticket.blocked ? (
        <div className="govgr-warning-text">
          <h3 className="govgr-heading-s">{text.blocked}</h3>
          <p className="govgr-body">{ticket.blockedNotice}</p>
        </div>
      ) : (
        <RotatingCode ticket={ticket} />
      )}
      <TicketDetails ticket={ticket} />
      <Button variant="secondary" onClick={onBack}>
        {text.back}
      </Button>
    </section>
  );
}

/** The confirmation of a ticket just added, where focus lands once the form closes. */
function AddedNotice({ ticket }: { ticket: WalletTicket }) {
  const notice = useRef<HTMLParagraphElement>(null);
  useEffect(() => notice.current?.focus(), []);
  return (
    <p className="govgr-body app-status-ok" role="status" tabIndex={-1} ref={notice}>
      {ticket.dependentName
        ? addTicketMessages.addedFor(ticket.eventDescription, ticket.dependentName)
        : addTicketMessages.added(ticket.eventDescription)}
    </p>
  );
}

function WalletTickets() {
  const tickets = useWalletTickets();
  const [chosen, setChosen] = useState<WalletTicket>();
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState<WalletTicket>();
  if (tickets.status === 'pending') return <Spinner />;
  if (tickets.status === 'error')
    return <ErrorBox message={failureMessage(tickets.error, text.loadFailed)} />;
  if (chosen)
    return <ChosenTicket key={chosen.publicCode} ticket={chosen} onBack={() => setChosen(undefined)} />;
  if (adding)
    return (
      <AddTicketForm
        onCancel={() => setAdding(false)}
        onAdded={(ticket) => {
          setAdding(false);
          setAdded(ticket);
        }}
      />
    );
  return (
    <>
      {added ? <AddedNotice key={added.publicCode} ticket={added} /> : null}
      <Button
        variant="secondary"
        onClick={() => {
          setAdded(undefined);
          setAdding(true);
        }}
      >
        {addTicketMessages.open}
      </Button>
      <h2 className="govgr-heading-l">{text.ticketsHeading}</h2>
      <TicketList tickets={tickets.data} onShow={setChosen} />
    </>
  );
}

/**
 * The Gov.gr Wallet's part, played in the browser for development (issue #14 item 6): the signed-in
 * person's tickets and the rotating gate QR, to try the whole flow on one machine. The server says
 * whether it may be used; production refuses it.
 */
export default function WalletStandInPage() {
  const available = useWalletStandInAvailable();
  return (
    <>
      <PageHeading>{text.title}</PageHeading>
      {available === undefined ? (
        <Spinner />
      ) : available ? (
        <>
          <p className="govgr-body">{text.notice}</p>
          <WalletTickets />
        </>
      ) : (
        <ErrorBox message={text.notAvailable} />
      )}
    </>
  );
}
