import { Link } from 'react-router';
import { messages } from '@tickets/domain';
import { BackLink } from '../../shared/components/buttons';
import { PageHeading } from '../../shared/components/page-heading';
import { Tile } from '../../shared/components/tile';
import { paths } from '../../shared/paths';

const text = messages.ticketOffice;
/** The office's other screens, each linked by its own name. */
const OTHER_ACTIONS = ['statsTicket', 'suspendedUsers', 'gateDevices', 'matchDay'] as const;

/** docs/product-spec.md §2 "Choose user": three tiles, the foreigner one greyed and disabled. */
export default function ChooseUserPage() {
  return (
    <>
      <BackLink to={paths.ticketOffice.confirmation} />
      <PageHeading>{messages.screens.chooseUser}</PageHeading>
      <div className="app-tiles">
        <Tile
          to={`${paths.ticketOffice.ticketInfo}?user=foreigner`}
          title={text.tileForeigner}
          hint={text.tileForeignerHint}
          disabled
        />
        <Tile
          to={`${paths.ticketOffice.ticketInfo}?user=over-67`}
          title={text.tileOver67}
          hint={text.tileOver67Hint}
        />
        <Tile
          to={paths.ticketOffice.transferEvents}
          title={text.tileTransfers}
          hint={text.tileTransfersHint}
        />
      </div>
      <h2 className="govgr-heading-s">{text.otherActions}</h2>
      <ul className="govgr-list app-actions">
        {OTHER_ACTIONS.map((screen) => (
          <li key={screen}>
            <Link className="govgr-link" to={paths.ticketOffice[screen]}>
              {messages.screens[screen]}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
