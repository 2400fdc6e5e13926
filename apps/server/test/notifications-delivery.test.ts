import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { listFailedNotifications, retryNotification } from '../src/admin/notifications';
import { rowsOf } from '../src/db/client';
import { notifications } from '../src/db/schema';
import { startDevMailbox, type DevMailbox } from '../src/shared/notifications/dev-mailbox';
import { enqueueDelivery, openOutbox, outboxOf } from '../src/shared/notifications/outbox';
import { jsonFrom, loginAs } from './support/login';
import {
  engines,
  startSecondServer,
  startTestServer,
  useTestServer,
  type UsedTestServer,
} from './support/test-server';

/**
 * Delivery while the mail server is down (issue #30 item 3): every message arrives once it is back,
 * with the same Message-ID whatever the attempts; a message past MAIL_GIVE_UP_MINUTES is FAILED,
 * listed for operators, and sent again by `notifications retry`.
 */
const HOLDER = '100000040';
const RECIPIENT = '100000039';
const RECIPIENT_MAIL = 'konstantinos.dimitriou@example.org';

/** A loopback port with no SMTP server on it, for now. */
async function freePort(): Promise<number> {
  const probe = await startDevMailbox();
  await probe.close();
  return Number(new URL(probe.url).port);
}

async function lendDerby(server: UsedTestServer, eventId: number): Promise<void> {
  const cookie = (await loginAs(server.baseUrl, HOLDER)).cookie;
  const response = await fetch(`${server.baseUrl}/api/wallet/tickets/303000000002/transfers`, {
    method: 'POST',
    headers: jsonFrom(server.baseUrl, cookie),
    body: JSON.stringify({ recipientAfm: RECIPIENT, eventId }),
  });
  expect(response.status).toBe(200);
}

const derbyOf = async (server: UsedTestServer) =>
  (await server.database.db.query.events.findFirst({
    where: (e, { eq: is }) => is(e.externalId, 'demo-derby'),
  }))!.id;

const statusOf = async (server: UsedTestServer) =>
  (
    await server.database.db
      .select({ status: notifications.emailStatus })
      .from(notifications)
      .where(and(eq(notifications.recipientAfm, RECIPIENT), eq(notifications.kind, 'LOAN_OFFERED')))
  ).map((row) => row.status);

/** The loan's delivery job while it waits for a retry: how many it had, and its wait after the last. */
const loanRetryOf = async (server: UsedTestServer) => {
  const [row] = rowsOf<{ retries: number; waitSeconds: number }>(
    await server.database.db.execute(sql`
      select job.retry_count as retries, extract(epoch from job.start_after - job.started_on)::float8 as "waitSeconds"
      from pgboss.job job join notifications on notifications.id = (job.data->>'notificationId')::uuid
      where notifications.kind = 'LOAN_OFFERED' and job.state = 'retry'`),
  );
  return row;
};

const loanMails = (mailbox: DevMailbox) =>
  mailbox.list(RECIPIENT_MAIL).filter((mail) => mail.subject.includes('σας δανείζει'));

/**
 * The first two tests start their own server and wait on purpose (the mail server down, then back):
 * room for a loaded machine, which the polls use only if they need it.
 */
const ROOM = 120_000;

describe.each(engines)('notification delivery on %s', (engine) => {
  it(
    'keeps retrying while the mail server is down, and delivers once, same Message-ID, when it is back',
    async () => {
      const port = await freePort();
      const server = await startTestServer(engine, {
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        MAIL_RETRY_DELAY_SECONDS: '1',
        MAIL_RETRY_MAX_DELAY_SECONDS: '2',
      });
      let mailbox: DevMailbox | undefined;
      try {
        await lendDerby(server, await derbyOf(server));
        // Refused a few times meanwhile: still PENDING, nothing given up, and each retry waits at most
        // MAIL_RETRY_MAX_DELAY_SECONDS (the doubling alone would wait 8 to 16 s after the third).
        await expect
          .poll(async () => (await loanRetryOf(server))?.retries ?? 0, { timeout: 40_000 })
          .toBeGreaterThanOrEqual(3);
        const retry = await loanRetryOf(server);
        expect(retry?.waitSeconds).toBeLessThanOrEqual(2 + 1);
        expect(await statusOf(server)).toEqual(['PENDING']);
        mailbox = await startDevMailbox(port);
        const box = mailbox;
        await expect.poll(() => loanMails(box).length, { timeout: 40_000 }).toBe(1);
        await expect.poll(() => statusOf(server), { timeout: 20_000 }).toEqual(['SENT']);
        const [row] = await server.database.db
          .select()
          .from(notifications)
          .where(eq(notifications.kind, 'LOAN_OFFERED'));
        expect(loanMails(box)[0]?.messageId).toBe(`<${row?.id}@localhost>`);
      } finally {
        await server.close();
        await mailbox?.close();
      }
    },
    ROOM,
  );

  it(
    'gives a message up after MAIL_GIVE_UP_MINUTES (FAILED, listed), and an operator’s retry sends it',
    async () => {
      const port = await freePort();
      const server = await startTestServer(engine, {
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        MAIL_GIVE_UP_MINUTES: '0',
      });
      let mailbox: DevMailbox | undefined;
      try {
        await lendDerby(server, await derbyOf(server));
        await expect.poll(() => statusOf(server), { timeout: 40_000 }).toEqual(['FAILED']);
        const failed = await listFailedNotifications(server.database);
        // The demo data's companion requests failed too (no mail server): the loan's is among them.
        const loan = failed.find((entry) => entry.kind === 'LOAN_OFFERED');
        expect(loan).toMatchObject({ recipientAfm: RECIPIENT });

        mailbox = await startDevMailbox(port);
        const box = mailbox;
        await retryNotification(server.database, 'admin-cli', loan!.id);
        await expect.poll(() => loanMails(box).length, { timeout: 40_000 }).toBe(1);
        expect(loanMails(box)[0]?.messageId).toBe(`<${loan!.id}@localhost>`);
        await expect.poll(() => statusOf(server), { timeout: 20_000 }).toEqual(['SENT']);
        expect((await listFailedNotifications(server.database)).map((entry) => entry.id)).not.toContain(
          loan!.id,
        );
        await expect(retryNotification(server.database, 'admin-cli', loan!.id)).rejects.toThrow(
          /No failed notification/,
        );
      } finally {
        await server.close();
        await mailbox?.close();
      }
    },
    ROOM,
  );
});

describe.runIf(engines.includes('postgres'))('a process started with MAIL_DELIVERY=false', () => {
  const server = useTestServer('postgres', { MAIL_DELIVERY: 'false' });

  it('writes the notification and leaves its e-mail to a process that delivers', async () => {
    await lendDerby(server, await derbyOf(server));
    // Three of the worker's polling intervals: a worker of its own would have sent it by now.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(await statusOf(server)).toEqual(['PENDING']);
    const mailbox = server.notifications.mailbox!;
    expect(loanMails(mailbox)).toHaveLength(0);
    const second = await startSecondServer(server);
    try {
      await expect.poll(() => loanMails(mailbox).length, { timeout: 20_000 }).toBe(1);
      await expect.poll(() => statusOf(server), { timeout: 5000 }).toEqual(['SENT']);
    } finally {
      await second.close();
    }
  });
});

describe.each(engines)('a notification no template renders, on %s', (engine) => {
  const server = useTestServer(engine);

  it('fails its own job only, logged without its contents: the messages beside it go', async () => {
    const db = server.database.db;
    // A row written by hand, of a kind no template has: no change of the service writes one.
    const [bad] = await db
      .insert(notifications)
      .values({ recipientAfm: RECIPIENT, kind: 'RETIRED_KIND', params: { holderName: 'ΜΑΡΙΑ' } })
      .returning({ id: notifications.id });
    await enqueueDelivery(outboxOf(db).boss, bad!.id);
    await lendDerby(server, await derbyOf(server));
    const mailbox = server.notifications.mailbox!;
    await expect.poll(() => loanMails(mailbox).length, { timeout: 20_000 }).toBe(1);
    await expect.poll(() => server.logs.some((line) => line.includes(bad!.id)), { timeout: 5000 }).toBe(true);
    const logged = server.logs.filter((line) => line.includes(bad!.id)).join('\n');
    expect(logged).toContain('notification not sent');
    expect(logged).not.toContain('ΜΑΡΙΑ');
    const [row] = await db.select().from(notifications).where(eq(notifications.id, bad!.id));
    expect(row?.emailStatus).toBe('PENDING');
  });
});

describe.each(engines)('a job queue schema a later pg-boss made, on %s', (engine) => {
  const server = useTestServer(engine);

  it('stops the outbox from opening, naming what to do, rather than failing every notifying change', async () => {
    const db = server.database.db;
    // As pg-boss 12 leaves it (schema 46): pg-boss 10 would start on it, and its job INSERT would fail.
    await db.execute(sql`update pgboss.version set version = version + 22`);
    try {
      await expect(
        openOutbox(server.database, { retryDelaySeconds: 1, write: true }, () => undefined),
      ).rejects.toThrow(/made by a later pg-boss .*README\.md, "Notifications"/);
    } finally {
      await db.execute(sql`update pgboss.version set version = version - 22`);
    }
  });
});
