import { Link, useLocation } from 'react-router';
import { messages } from '@tickets/domain';
import { PageHeading } from './page-heading';
import { routeBaseOf } from '../paths';

/** docs/product-spec.md §2 "Page not found": the home link goes to the route family of the current path. */
export default function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <>
      <PageHeading>{messages.notFound.title}</PageHeading>
      <p className="govgr-body">
        <Link className="govgr-link" to={routeBaseOf(pathname)}>
          {messages.notFound.home}
        </Link>
      </p>
    </>
  );
}
