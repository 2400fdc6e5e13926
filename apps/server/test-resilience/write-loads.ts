import pg from 'pg';
import { expect } from 'vitest';
import { DEVELOPMENT_CLAIM_CODE_KEY } from '../src/config';
import { claimCodeFor } from '../src/rules/claim-codes';

/**
 * The writes the failover tests put on the platform while its database primary dies
 * (failover.test.ts, promoted by hand; patroni-failover.test.ts, by Patroni): gate admissions from a
 * steward's device and wallet claims, beside support.ts's personalizationLoad; and the checks that
 * each one acknowledged is on the new primary.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Tonight's demo match (gates open): its tickets 305000000001–040, bound here and scanned at a gate. */
const tonightTicket = (serial: number) => `3050000000${String(serial).padStart(2, '0')}`;
const TONIGHT_SCANNED = 40;

async function query<Row extends Record<string, unknown>>(url: string, text: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(text)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Tonight's tickets bound at the ticket office and a gate device of the club paired, through the
 * platform at `base`: ready to scan. `databaseUrl` is the primary's, where the match's id is read.
 */
export async function stewardAt(base: string, cookie: string, databaseUrl: string) {
  const headers = { origin: base, cookie, 'content-type': 'application/json' };
  const rows = await query<{ id: number }>(
    databaseUrl,
    "select id::int as id from events where external_id = 'demo-tonight'",
  );
  const eventId = rows[0]?.id as number;
  const codes: [string, string][] = [];
  for (let serial = 1; serial <= TONIGHT_SCANNED; serial += 1) {
    const publicCode = tonightTicket(serial);
    const response = await fetch(`${base}/api/ticket-office/personalize`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        ticketCode: publicCode,
        firstName: 'ΙΩΑΝΝΗΣ',
        lastName: 'ΠΑΠΑΔΑΚΗΣ',
        documentType: 'NATIONAL_ID',
        documentId: `ΑΚ${serial}654`,
      }),
    });
    expect(response.status).toBe(200);
    codes.push([publicCode, ((await response.json()) as { privateCode: string }).privateCode]);
  }
  const registered = await fetch(`${base}/api/ticket-office/gate-devices`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ label: 'Θύρα 3', organisationId: 'ae-olympiada' }),
  });
  expect(registered.status).toBe(200);
  const { token } = (await registered.json()) as { token: string };
  const paired = await fetch(`${base}/api/gate/pairing`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(paired.status).toBe(200);
  const { credential } = (await paired.json()) as { credential: string };
  return { eventId, codes, credential };
}

/**
 * A steward's device scanning `codes` (printed codes of bound tickets) from 2 workers, a scan every
 * 250 ms each, until stopped; a scan answered 5xx is sent again, as the device does. Collects the
 * admissions acknowledged (200, ADMIT) and every answer.
 */
export function admissionLoad(base: string, credential: string, eventId: number, codes: [string, string][]) {
  const acknowledged: { publicCode: string; admissionId: string }[] = [];
  const answers: { status: number; retryAfter: string | null }[] = [];
  let next = 0;
  let stopped = false;
  const scan = async (code: string) => {
    try {
      const response = await fetch(`${base}/api/gate/admissions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${credential}`, 'content-type': 'application/json' },
        body: JSON.stringify({ eventId, code }),
      });
      answers.push({ status: response.status, retryAfter: response.headers.get('retry-after') });
      const body = (await response.json()) as { decision?: string; admissionId?: string | null };
      return { status: response.status, admissionId: body.decision === 'ADMIT' ? body.admissionId : null };
    } catch {
      return { status: 0, admissionId: null };
    }
  };
  const worker = async () => {
    while (!stopped && next < codes.length) {
      const [publicCode, code] = codes[next] as [string, string];
      next += 1;
      let answer = await scan(code);
      while (answer.status >= 500 && !stopped) {
        await sleep(200);
        answer = await scan(code);
      }
      if (answer.status === 200 && answer.admissionId)
        acknowledged.push({ publicCode, admissionId: answer.admissionId });
      await sleep(250);
    }
  };
  const done = Promise.all([worker(), worker()]);
  return {
    acknowledged,
    answers,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

/** The demo people who add a ticket of kae-akropoli's match to their wallets, one each (one per fixture). */
export const CLAIMANTS = ['100000003', '100000015', '100000027', '100000039', '100000040', '100000052'];
const claimedTicket = (index: number) => `4010000000${String(index + 1).padStart(2, '0')}`;

/**
 * Each of `cookies` adds a ticket to their wallet with its claim code, one every 600 ms; a claim
 * answered 5xx is sent again. Collects the claims acknowledged (201) and every answer.
 */
export function claimLoad(base: string, cookies: string[]) {
  const acknowledged: { publicCode: string; afm: string }[] = [];
  const answers: { status: number; retryAfter: string | null }[] = [];
  let stopped = false;
  const claim = async (cookie: string, publicCode: string) => {
    try {
      const response = await fetch(`${base}/api/wallet/tickets`, {
        method: 'POST',
        headers: { origin: base, cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ publicCode, claimCode: claimCodeFor(DEVELOPMENT_CLAIM_CODE_KEY, publicCode) }),
      });
      answers.push({ status: response.status, retryAfter: response.headers.get('retry-after') });
      return response.status;
    } catch {
      return 0;
    }
  };
  const done = (async () => {
    for (const [index, cookie] of cookies.entries()) {
      if (stopped) return;
      const publicCode = claimedTicket(index);
      let status = await claim(cookie, publicCode);
      while (status >= 500 && !stopped) {
        await sleep(200);
        status = await claim(cookie, publicCode);
      }
      if (status === 201) acknowledged.push({ publicCode, afm: CLAIMANTS[index] as string });
      await sleep(600);
    }
  })();
  return {
    acknowledged,
    answers,
    /** Waits for the claims still to be made, then stops. */
    finish: () => done,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

/**
 * Every wallet claim and gate admission the platform acknowledged is in the database at `url` (the
 * new primary), each with its audit row.
 */
export async function expectAcknowledgedClaimsAndAdmissions(
  url: string,
  claims: ReturnType<typeof claimLoad>['acknowledged'],
  admissions: ReturnType<typeof admissionLoad>['acknowledged'],
) {
  const claimed = await query<{ publicCode: string; afm: string; audited: boolean }>(
    url,
    `select t.public_code as "publicCode", t.holder_afm as afm,
            exists (select from audit_log l where l.action = 'TICKET_WALLET_ADD' and l.subject = t.public_code) as audited
       from tickets t where t.public_code = any('{${claims.map((row) => row.publicCode).join(',')}}')`,
  );
  expect(claimed.map((row) => ({ ...row })).sort((a, b) => a.publicCode.localeCompare(b.publicCode))).toEqual(
    claims.map((row) => ({ ...row, audited: true })).sort((a, b) => a.publicCode.localeCompare(b.publicCode)),
  );
  const admitted = await query<{ id: string; audited: boolean }>(
    url,
    `select a.id::text as id, exists (select from audit_log l where l.action = 'GATE_ADMIT' and l.subject = t.public_code) as audited
       from gate_admissions a join tickets t on t.id = a.ticket_id
      where a.id::text = any('{${admissions.map((row) => row.admissionId).join(',')}}')`,
  );
  expect(admitted.map((row) => ({ ...row })).sort((a, b) => a.id.localeCompare(b.id))).toEqual(
    admissions
      .map((row) => ({ id: row.admissionId, audited: true }))
      .sort((a, b) => a.id.localeCompare(b.id)),
  );
}
