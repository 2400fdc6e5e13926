import { messages } from '@tickets/domain';
import { MessagePage } from '../../shared/components/message-page';
import { paths } from '../../shared/paths';

/** docs/product-spec.md §2 "Failed screen": a static page saying the validation did not succeed. */
export default function FailedPage() {
  return (
    <MessagePage
      title={messages.screens.failed}
      body={messages.ticketOffice.failedBody}
      link={{ to: paths.ticketOffice.chooseUser, text: messages.ticketOffice.addNew }}
    />
  );
}
