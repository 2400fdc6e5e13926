import { messages } from '@tickets/domain';
import { MessagePage } from '../../shared/components/message-page';
import { paths } from '../../shared/paths';

/** docs/product-spec.md §2 "Access-denied screen": shown to a person whose role does not fit the page. */
export default function AccessDeniedPage() {
  return (
    <MessagePage
      title={messages.accessDenied.title}
      body={messages.accessDenied.body}
      link={{ to: paths.tickets.base, text: messages.accessDenied.home }}
    />
  );
}
