import { Link } from 'react-router';
import { messages } from '@tickets/domain';
import { PageHeading } from '../../shared/components/page-heading';
import { paths } from '../../shared/paths';

/** docs/product-spec.md §2 "Access-denied screen": shown to a person whose role does not fit the page. */
export default function AccessDeniedPage() {
  return (
    <>
      <PageHeading>{messages.accessDenied.title}</PageHeading>
      <p className="govgr-body">{messages.accessDenied.body}</p>
      <p className="govgr-body">
        <Link className="govgr-link" to={paths.tickets.base}>
          {messages.accessDenied.home}
        </Link>
      </p>
    </>
  );
}
