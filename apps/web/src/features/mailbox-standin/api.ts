import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../shared/api/client';

export interface ReceivedMail {
  messageId: string;
  to: string[];
  subject: string;
  text: string;
  receivedAt: string;
}

const fetchMailbox = () => apiGet<ReceivedMail[]>('/api/standin/mailbox');

export const mailboxQuery = queryOptions({ queryKey: ['mailbox'], queryFn: fetchMailbox });
