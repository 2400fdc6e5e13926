import { Link } from 'react-router';
import { messages } from '@tickets/domain';
import { PageHeading } from '../../shared/components/page-heading';
import { paths } from '../../shared/paths';

/** docs/product-spec.md §2 "Failed screen": a static page saying the validation did not succeed. */
export default function FailedPage() {
  return (
    <>
      <PageHeading>{messages.screens.failed}</PageHeading>
      <p className="govgr-body">{messages.ticketOffice.failedBody}</p>
      <p className="govgr-body">
        <Link className="govgr-link" to={paths.ticketOffice.chooseUser}>
          {messages.ticketOffice.addNew}
        </Link>
      </p>
    </>
  );
}
