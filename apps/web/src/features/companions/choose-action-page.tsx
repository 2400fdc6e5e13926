import { messages, walletStandInMessages } from '@tickets/domain';
import { BackLink } from '../../shared/components/buttons';
import { PageHeading } from '../../shared/components/page-heading';
import { Tile } from '../../shared/components/tile';
import { paths } from '../../shared/paths';
import { useWalletStandInAvailable } from '../../shared/api/wallet-stand-in';

const text = messages.companions;

export default function ChooseActionPage() {
  // Development only: where a citizen looks for their tickets, the wallet stand-in (issue #14 item 6).
  const walletStandIn = useWalletStandInAvailable();
  return (
    <>
      <BackLink to={paths.tickets.confirmation} />
      <PageHeading>{messages.screens.chooseAction}</PageHeading>
      <div className="app-tiles">
        <Tile to={paths.tickets.chooseMinor} title={text.tileIndicate} hint={text.tileIndicateHint} />
        <Tile to={paths.tickets.cancelEvents} title={text.tileList} hint={text.tileListHint} />
        {walletStandIn ? (
          <Tile
            to={paths.walletStandIn}
            title={walletStandInMessages.link}
            hint={walletStandInMessages.linkHint}
          />
        ) : null}
      </div>
    </>
  );
}
