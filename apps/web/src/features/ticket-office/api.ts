import type { IssuedTicket, StatsTicket, TicketIssueRequest, TicketUserKind } from '@tickets/domain';
import { apiCall } from '../../shared/api/client';

/** docs/product-spec.md §7: identify (foreigner) or personalize (everyone else). */
export const issueTicket = (kind: TicketUserKind, request: TicketIssueRequest) =>
  apiCall<IssuedTicket>(
    'POST',
    kind === 'foreigner' ? '/api/ticket-office/identify' : '/api/ticket-office/personalize',
    request,
  );

export const lookUpTicket = (code: string) =>
  apiCall<StatsTicket>('POST', `/api/stats/ticket?code=${encodeURIComponent(code)}`);

/** The print screen's state: the request and the answer, merged (docs/product-spec.md §2). */
export type PrintState = Omit<TicketIssueRequest, 'documentType' | 'documentId'> & IssuedTicket;

/** The ticket-office success screen's state (docs/product-spec.md §2, default variant). */
export interface IssuedState {
  type: 'ticket-data';
  ticket: IssuedTicket;
}
