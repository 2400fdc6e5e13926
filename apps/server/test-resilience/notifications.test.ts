import { afterAll, describe, expect, it } from 'vitest';
import { startDevMailbox, type DevMailbox } from '../src/shared/notifications/dev-mailbox';
import { jsonFrom, loginAs } from '../test/support/login';
import { freePortish, freshPostgres, killHard, serverOn, startServer, targets } from './support';

/**
 * The notifications' outbox across crashes and processes (issue #30): a message committed is
 * delivered after a `kill -9`, and two servers on one PostgreSQL deliver each message once. The mail
 * server is an SMTP server in this process (the development mailbox's, on a port of our choosing).
 */
const OFFICER = '100000003';
const GUARDIAN = '100000027';
const GUARDIAN_MAIL = 'eleni.georgiou@example.org';

/** A loopback port no one listens on yet. */
async function quietPort(): Promise<number> {
  const probe = await startDevMailbox();
  await probe.close();
  return Number(new URL(probe.url).port);
}

/** Suspends the guardian (a change that notifies her): answers when the change is committed. */
async function suspendGuardian(base: string, cookie: string, days: number): Promise<void> {
  const endDate = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const response = await fetch(`${base}/api/blackList-administration/add`, {
    method: 'POST',
    headers: jsonFrom(base, cookie),
    body: JSON.stringify({
      afm: GUARDIAN,
      amka: null,
      documentId: null,
      firstName: null,
      fathersName: null,
      lastName: null,
      dateOfBirth: null,
      endDate,
    }),
  });
  expect(response.status).toBe(200);
}

const suspensionMails = (mailbox: DevMailbox) =>
  mailbox.list(GUARDIAN_MAIL).filter((mail) => mail.subject.startsWith('Αποκλεισμός'));

describe.each(targets)('notifications across a crash on %s', (target) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('delivers after a kill -9 between the commit and the delivery, once, with its Message-ID', async () => {
    const smtpPort = await quietPort();
    const mail = {
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_RETRY_DELAY_SECONDS: '1',
      MAIL_RETRY_MAX_DELAY_SECONDS: '2',
    };
    const first = await serverOn(target, cleanups, mail);
    const { cookie } = await loginAs(first.base, OFFICER);
    // The mail server is down: the change commits, its message waits in the outbox.
    await suspendGuardian(first.base, cookie, 30);
    const guardian = (await loginAs(first.base, GUARDIAN)).cookie;
    const inbox = (await (
      await fetch(`${first.base}/api/wallet/notifications`, { headers: jsonFrom(first.base, guardian) })
    ).json()) as { id: string; kind: string }[];
    const entry = inbox.find((notification) => notification.kind === 'SUSPENSION_ENTERED');
    expect(entry).toBeDefined();
    await killHard(first.server);

    const mailbox = await startDevMailbox(smtpPort);
    cleanups.push(() => mailbox.close());
    const again = await startServer(first.port, { ...first.env, ...mail });
    cleanups.push(() => killHard(again));
    await expect.poll(() => suspensionMails(mailbox).length, { timeout: 90_000, interval: 500 }).toBe(1);
    expect(suspensionMails(mailbox)[0]?.messageId).toBe(`<${entry?.id}@localhost>`);
    // Nothing more comes: the delivery was marked.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(suspensionMails(mailbox)).toHaveLength(1);
  });
});

describe.runIf(Boolean(process.env.DATABASE_URL))('two servers on one PostgreSQL', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('deliver each message once', async () => {
    const MESSAGES = 20;
    const mailbox = await startDevMailbox();
    cleanups.push(() => mailbox.close());
    const postgres = await freshPostgres();
    cleanups.push(postgres.drop);
    const env = { DATABASE_URL: postgres.url, SMTP_URL: mailbox.url };
    const ports = [freePortish(), freePortish() + 1];
    for (const port of ports) {
      const server = await startServer(port, env);
      cleanups.push(() => killHard(server));
    }
    // The changes go through both servers; either may deliver any of them.
    const bases = ports.map((port) => `http://localhost:${port}`);
    const cookies = await Promise.all(bases.map(async (base) => (await loginAs(base, OFFICER)).cookie));
    await Promise.all(
      Array.from({ length: MESSAGES }, (_, index) =>
        suspendGuardian(bases[index % 2]!, cookies[index % 2]!, 30 + index),
      ),
    );
    await expect
      .poll(() => suspensionMails(mailbox).length, { timeout: 60_000, interval: 500 })
      .toBe(MESSAGES);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const ids = suspensionMails(mailbox).map((mail) => mail.messageId);
    expect(ids).toHaveLength(MESSAGES);
    expect(new Set(ids).size).toBe(MESSAGES);
  });
});
