import { useLocation } from 'react-router';
import { messages } from '@tickets/domain';
import { routeBaseOf } from '../paths';
import { MessagePage } from './message-page';

/** docs/product-spec.md §2 "Page not found": the home link goes to the route family of the current path. */
export default function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <MessagePage
      title={messages.notFound.title}
      link={{ to: routeBaseOf(pathname), text: messages.notFound.home }}
    />
  );
}
