import { messages } from '@tickets/domain';
import { BackLink } from '../../shared/components/buttons';
import { PageHeading } from '../../shared/components/page-heading';
import { Tile } from '../../shared/components/tile';
import { paths } from '../../shared/paths';

const text = messages.companions;

export default function ChooseActionPage() {
  return (
    <>
      <BackLink to={paths.tickets.confirmation} />
      <PageHeading>{messages.screens.chooseAction}</PageHeading>
      <div className="app-tiles">
        <Tile to={paths.tickets.chooseMinor} title={text.tileIndicate} hint={text.tileIndicateHint} />
        <Tile to={paths.tickets.cancelEvents} title={text.tileList} hint={text.tileListHint} />
      </div>
    </>
  );
}
