import { beforeAll, describe, expect, it } from 'vitest';
import { eq, gt, sql } from 'drizzle-orm';
import { formatTime } from '@tickets/domain';
import { citizens, notifications, tickets } from '../src/db/schema';
import { DEMO_PEOPLE } from '../src/demo/seed';
import type { ReceivedMail } from '../src/shared/notifications';
import { GUARDIAN, HOLDER, tonightTicket, useGateFixture } from './support/gate';
import { engines, useTestServer } from './support/test-server';

/**
 * At the gate, a minor admitted → the guardian (issue #30, docs/design.md §11): online and in an
 * offline upload, in the admission's transaction; nothing for an adult, a refusal, a second scan,
 * an upload sent again or an admission undone.
 */
const ANNA = tonightTicket(3); // under 15: enters with an accepted companion
const NIKOLAOS = tonightTicket(4); // 15 and over: enters alone
const ADULT = tonightTicket(1);
const ADULT_OFFLINE = tonightTicket(2);
const GUARDIANS_MAIL = DEMO_PEOPLE.guardian.email ?? 'none';

interface Answer {
  decision: string;
  reason: string;
  admissionId: string | null;
  admittedAt: string | null;
}

describe.each(engines)('the guardian told of a minor’s admission on %s', (engine) => {
  const server = useTestServer(engine);
  const { ids, call, personalize, walletCode, addDevice } = useGateFixture(server, {
    tonightSerials: [1, 2, 3, 4],
  });
  let token = '';
  const db = () => server.database.db;
  const gate = (method: string, route: string, body?: unknown) =>
    fetch(`${server.baseUrl}${route}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const scan = async (code: string) => {
    const response = await gate('POST', '/api/gate/admissions', { eventId: ids.tonight, code });
    expect(response.status).toBe(200);
    return (await response.json()) as Answer;
  };
  const upload = async (admissions: { ticketCode: string; code: string; admittedAt: string }[]) => {
    const response = await gate('POST', '/api/gate/admissions/batch', { eventId: ids.tonight, admissions });
    expect(response.status).toBe(200);
    return ((await response.json()) as { results: { outcome: string }[] }).results.map((row) => row.outcome);
  };
  const since = async () => {
    const result = (await db().execute(sql`select now()::text as value`)) as unknown as {
      rows: { value: string }[];
    };
    return new Date(result.rows[0]?.value ?? Date.now());
  };
  const writtenSince = async (before: Date) =>
    (
      await db()
        .select({ to: notifications.recipientAfm, kind: notifications.kind })
        .from(notifications)
        .where(gt(notifications.createdAt, before))
    ).map((row) => `${row.to}:${row.kind}`);
  const mailTo = async (pattern: RegExp): Promise<ReceivedMail> => {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const response = await fetch(
        `${server.baseUrl}/api/standin/mailbox?to=${encodeURIComponent(GUARDIANS_MAIL)}`,
      );
      const found = ((await response.json()) as ReceivedMail[]).find((mail) =>
        pattern.test(`${mail.subject}\n${mail.text}`),
      );
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no mail to the guardian matching ${pattern}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  const minorAmka = async (firstName: string) =>
    (await db().select().from(citizens).where(eq(citizens.firstName, firstName)))[0]?.amka ?? '';

  beforeAll(async () => {
    ({ token } = await addDevice('Θύρα 3 - κινητό 1'));
    // The children's tickets of tonight, carried in the guardian's wallet (as gate.test.ts does).
    for (const [code, name] of [
      [ANNA, 'ΑΝΝΑ'],
      [NIKOLAOS, 'ΝΙΚΟΛΑΟΣ'],
    ] as const) {
      await db()
        .update(tickets)
        .set({ holderAmka: await minorAmka(name) })
        .where(eq(tickets.publicCode, code));
    }
  });

  it('online: a refusal tells nobody; the admission with a companion tells the guardian once, naming child, match, time and companion', async () => {
    const annasCode = (await walletCode(GUARDIAN, ANNA)) ?? '';
    let before = await since();
    expect(await scan(annasCode)).toMatchObject({ reason: 'COMPANION_REQUIRED' });
    expect(await writtenSince(before)).toEqual([]);

    const declared = await call(GUARDIAN, 'POST', '/api/tickets/dependents/declarations/indicate', {
      publicCode: ANNA,
      afm: HOLDER,
      amka: await minorAmka('ΑΝΝΑ'),
    });
    expect(declared.status).toBe(200);
    const { declarationId } = (await declared.json()) as { declarationId: string };
    expect(
      (await call(HOLDER, 'POST', `/api/wallet/companion-requests/${declarationId}/accept`)).status,
    ).toBe(200);

    before = await since();
    const admitted = await scan(annasCode);
    expect(admitted).toMatchObject({ decision: 'ADMIT' });
    expect(await writtenSince(before)).toEqual([`${GUARDIAN}:MINOR_ADMITTED`]);
    const mail = await mailTo(/^Ο\/Η ΑΝΝΑ μπήκε στο γήπεδο/);
    expect(mail.text).toContain('Ο/Η ΑΝΝΑ μπήκε στον αγώνα «Α.Ε. Ολυμπιάδα - Βραδινός αγώνας» (');
    expect(mail.text).toContain(
      `στις ${formatTime(admitted.admittedAt)} με τον/τη συνοδό ΚΩΝΣΤΑΝΤΙΝΟΣ ΔΗΜΗΤΡΙΟΥ.`,
    );
    expect(mail.text).not.toContain(await minorAmka('ΑΝΝΑ'));

    // Scanned again: refused as admitted already, and nothing more; undone: nothing more either.
    before = await since();
    expect(await scan(annasCode)).toMatchObject({ reason: 'ALREADY_ADMITTED' });
    expect((await gate('DELETE', `/api/gate/admissions/${admitted.admissionId}`)).status).toBe(200);
    expect(await writtenSince(before)).toEqual([]);
  });

  it('online: an adult’s admission tells nobody', async () => {
    const before = await since();
    expect(await scan(await personalize(ADULT))).toMatchObject({ decision: 'ADMIT' });
    expect(await writtenSince(before)).toEqual([]);
  });

  it('offline: an upload that records a minor’s admission tells the guardian once, an adult’s nobody, a resend nothing', async () => {
    const admittedAt = new Date().toISOString();
    const admissions = [
      { ticketCode: ADULT_OFFLINE, code: await personalize(ADULT_OFFLINE), admittedAt },
      { ticketCode: NIKOLAOS, code: (await walletCode(GUARDIAN, NIKOLAOS)) ?? '', admittedAt },
    ];
    let before = await since();
    expect(await upload(admissions)).toEqual(['RECORDED', 'RECORDED']);
    expect(await writtenSince(before)).toEqual([`${GUARDIAN}:MINOR_ADMITTED`]);
    const mail = await mailTo(/^Ο\/Η ΝΙΚΟΛΑΟΣ μπήκε στο γήπεδο/);
    expect(mail.text).toContain(`στις ${formatTime(admittedAt)}, χωρίς συνοδό.`);

    before = await since();
    expect(await upload(admissions)).toEqual(['ALREADY_RECORDED', 'ALREADY_RECORDED']);
    expect(await writtenSince(before)).toEqual([]);
  });
});
