import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * The development mailbox (issue #30 item 4): a real SMTP server on loopback that keeps the mail it
 * receives in memory, for the mailbox page (`/mailbox-standin`, `GET /api/standin/mailbox`). It exists
 * only in the development profile (config/profiles.ts refuses DEV_MAILBOX in production); delivery sends to it
 * over SMTP as it would to a real mail server.
 */
export interface ReceivedMail {
  messageId: string;
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
}

/** The oldest mail goes once the mailbox holds this many. */
const MAILBOX_CAPACITY = 500;

export interface DevMailbox {
  /** `smtp://127.0.0.1:<port>`, for nodemailer. */
  url: string;
  /** Newest first, optionally only those to `address`. */
  list(address?: string): ReceivedMail[];
  close(): Promise<void>;
}

/** On `port` (0: any free one). */
export async function startDevMailbox(listenPort = 0): Promise<DevMailbox> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          mails.unshift({
            messageId: parsed.messageId ?? '',
            to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
            from: parsed.from?.text ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            receivedAt: new Date().toISOString(),
          });
          mails.length = Math.min(mails.length, MAILBOX_CAPACITY);
          callback();
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listenPort, '127.0.0.1', () => resolve());
  });
  server.on('error', () => undefined); // a client's broken connection is its own problem
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    list: (address) =>
      address ? mails.filter((mail) => mail.to.includes(address.toLowerCase())) : [...mails],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
