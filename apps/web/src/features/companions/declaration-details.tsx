import { formatCalendarDate, formatDateTime, messages, type Declaration } from '@tickets/domain';
import { SummaryList } from '../../shared/components/summary-list';

const text = messages.companions;

/** What a declaration names: the minor, the companion, the match (Greek date, 24-hour time), the ticket. */
export function DeclarationDetails({ declaration }: { declaration: Declaration }) {
  return (
    <SummaryList
      rows={[
        [text.minor, `${declaration.dependentName} (${formatCalendarDate(declaration.birthDate)})`],
        [text.companion, `${declaration.companionName} (${declaration.companionAfm})`],
        [text.event, declaration.eventDescription],
        [text.eventDate, formatDateTime(declaration.eventDateTime)],
        [text.ticketCode, declaration.ticketCode],
      ]}
    />
  );
}
