import { afterAll, describe, expect, it } from 'vitest';
import { startDevMailbox, type DevMailbox } from '../src/shared/notifications/dev-mailbox';
import { jsonFrom, loginAs } from '../test/support/login';
import { noPerson } from '../test/support/suspensions-api';
import { createPostgresDatabase } from '../test/support/migrated-copies';
import { freePortish, killHard, serverOn, startServer, targets } from './support';

/**
 * The notifications' outbox across crashes and processes (issue #30): a message committed is
 * delivered after a `kill -9`, after the mail server was down for a minute, and two servers on one
 * PostgreSQL deliver each message once. The mail
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
    body: JSON.stringify({ ...noPerson, afm: GUARDIAN, endDate }),
  });
  expect(response.status).toBe(200);
}

/** A suspension entered, or (for one suspended already) changed. */
const suspensionMails = (mailbox: DevMailbox) =>
  mailbox.list(GUARDIAN_MAIL).filter((mail) => /^(Αποκλεισμός|Αλλαγή αποκλεισμού)/.test(mail.subject));

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

/** How long the mail server stays down: "for a minute" (issue #30). */
const SMTP_DOWN_MS = 62_000;

describe('notifications while the mail server is down', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  // The engines side by side: each test mostly waits out its minute. About 95 s of it is waiting; the
  // rest is starting a server on a fresh database (PGlite migrates in memory: 11–21 s on a loaded
  // machine), so the limit leaves a busy machine room: 114 s alone and 134 s beside another file were
  // seen against the 150 s it had.
  it.concurrent.for(targets)(
    'on %s: every message arrives once the mail server is back after a minute, each once, with its Message-ID',
    { timeout: 300_000 },
    async (target, { expect }) => {
      const MESSAGES = 5;
      let mailbox = await startDevMailbox();
      const smtpPort = Number(new URL(mailbox.url).port);
      // Retries back off from 4 s up to 8 s: a minute down is some ten attempts per message, and the
      // first retry after the mail server is back comes within 8 s (plus the worker's poll).
      const { base, server } = await serverOn(target, cleanups, {
        SMTP_URL: mailbox.url,
        MAIL_RETRY_DELAY_SECONDS: '4',
        MAIL_RETRY_MAX_DELAY_SECONDS: '8',
      });
      cleanups.push(() => killHard(server));
      const { cookie } = await loginAs(base, OFFICER);
      // The mail server goes down; the changes commit meanwhile, their messages wait in the outbox.
      await mailbox.close();
      const downSince = Date.now();
      for (let index = 0; index < MESSAGES; index += 1) await suspendGuardian(base, cookie, 30 + index);
      const guardian = (await loginAs(base, GUARDIAN)).cookie;
      const inbox = (await (
        await fetch(`${base}/api/wallet/notifications`, { headers: jsonFrom(base, guardian) })
      ).json()) as { id: string; kind: string }[];
      const sent = inbox.filter((entry) => entry.kind.startsWith('SUSPENSION_')).map((entry) => entry.id);
      expect(sent).toHaveLength(MESSAGES);
      await new Promise((resolve) => setTimeout(resolve, SMTP_DOWN_MS - (Date.now() - downSince)));

      // Back on the same port: every message arrives, once, each with its notification's Message-ID.
      mailbox = await startDevMailbox(smtpPort);
      const revived = mailbox;
      cleanups.push(() => revived.close());
      const received = () => suspensionMails(mailbox);
      await expect.poll(() => received().length, { timeout: 30_000, interval: 500 }).toBe(MESSAGES);
      await new Promise((resolve) => setTimeout(resolve, 3000));
      expect(
        received()
          .map((mail) => mail.messageId)
          .sort(),
      ).toEqual(sent.map((id) => `<${id}@localhost>`).sort());
    },
  );
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
    const postgres = await createPostgresDatabase();
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
