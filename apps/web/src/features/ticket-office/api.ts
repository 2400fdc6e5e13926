import type { IssuedTicket, StatsTicket, TicketIssueRequest, TicketUserKind } from '@tickets/domain';
import { apiCall } from '../../shared/api/client';
import { useApiMutation, type MutationReactions } from '../../shared/api/mutation';

/** docs/product-spec.md §7: identify (foreigner) or personalize (everyone else). */
const issueTicket = (kind: TicketUserKind, request: TicketIssueRequest): Promise<IssuedTicket> =>
  apiCall('post', kind === 'foreigner' ? '/api/ticket-office/identify' : '/api/ticket-office/personalize', {
    body: request,
  });

/** The ticket office caches nothing a ticket's issue changes. */
export const useIssueTicketMutation = (
  kind: TicketUserKind,
  reactions?: MutationReactions<IssuedTicket, TicketIssueRequest>,
) => useApiMutation((request: TicketIssueRequest) => issueTicket(kind, request), {}, reactions);

const lookUpTicket = (code: string): Promise<StatsTicket> =>
  apiCall('post', '/api/stats/ticket', { params: { query: { code } } });

/** A lookup the officer submits, once: a mutation, nothing to cache. */
export const useLookUpTicketMutation = (reactions?: MutationReactions<StatsTicket, string>) =>
  useApiMutation(lookUpTicket, {}, reactions);

/** The print screen's state: the request and the answer, merged (docs/product-spec.md §2). */
export type PrintState = Omit<TicketIssueRequest, 'documentType' | 'documentId'> & IssuedTicket;

/** The ticket-office success screen's state (docs/product-spec.md §2, default variant). */
export interface IssuedState {
  type: 'ticket-data';
  ticket: IssuedTicket;
}
