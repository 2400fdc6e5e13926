import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../shared/api/client';

export interface ReceivedMail {
  messageId: string;
  to: string[];
  subject: string;
  text: string;
  receivedAt: string;
}

export const mailboxKeys = { all: ['mailbox'] as const };

const fetchMailbox = (): Promise<ReceivedMail[]> => apiCall('get', '/api/standin/mailbox');

const mailboxQuery = queryOptions({ queryKey: mailboxKeys.all, queryFn: fetchMailbox });

export const useMailbox = () => useQuery(mailboxQuery);
