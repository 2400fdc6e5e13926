import { eq } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import { generateGateKeyPair, makeWalletCode } from '@tickets/domain';
import { events } from '../../src/db/schema';
import { jsonFrom, loginAs } from './login';
import { putAsProvider } from './providers-api';
import type { UsedTestServer } from './test-server';

/** The demo people the gate tests act as, all logged in by `useGateFixture`. */
export const PLATFORM_OFFICER = '100000003';
export const CLUB_OFFICER = '100000015'; // ae-olympiada
export const GUARDIAN = '100000027';
export const HOLDER = '100000039'; // season ticket 303000000001
export const OTHER = '100000040'; // season ticket 303000000002

/** Tonight's tickets by serial: Θύρα 3, Σειρά 4, the seat the serial. */
export const tonightTicket = (serial: number) => `3059000000${String(serial).padStart(2, '0')}`;
/**
 * The document the ticket office binds a printed ticket to, unless a test names another: a card per
 * ticket, as one person holds one ticket per fixture (docs/design.md §10), each ending in 654 (what a
 * steward is shown of it).
 */
export const cardOf = (ticketCode: string) => `ΑΚ${ticketCode.slice(-3)}654`;
/** The card of tonight's first ticket. */
export const CARD = cardOf(tonightTicket(1));

export interface GateDevice {
  deviceId: string;
  label: string;
  /** The device's credential, from pairing: its bearer on every device call. */
  token: string;
  /** The one-time pairing token the officer was shown (spent by the pairing). */
  pairingToken: string;
}

/** Pairs a device with its one-time pairing token (POST /api/gate/pairing). */
export const pairDevice = (baseUrl: string, pairingToken: string) =>
  fetch(`${baseUrl}/api/gate/pairing`, {
    method: 'POST',
    headers: { authorization: `Bearer ${pairingToken}` },
  });

export interface GateFixture {
  /** Event ids by external id ('tonight', 'demo-season', 'demo-derby', …), filled in `beforeAll`. */
  ids: Record<string, number>;
  /** A same-origin JSON call as the logged-in person `afm`. */
  call(afm: string, method: string, route: string, body?: unknown): Promise<Response>;
  /** The ticket office binds a ticket to a person's document; the printed code. */
  personalize(ticketCode: string, documentId?: string): Promise<string>;
  /**
   * A new phone of the person registered for a ticket they carry (the one before it revoked), and the
   * code it shows now (docs/gate-codes.md §5); null when the wallet may not register it.
   */
  walletCode(afm: string, publicCode: string): Promise<string | null>;
  /** A gate device registered by an officer (the club officer unless named), and paired. */
  addDevice(label: string, afm?: string, organisationId?: string): Promise<GateDevice>;
  /** A gate device registered by an officer, not paired yet: its pairing token. */
  registerDevice(
    label: string,
    afm?: string,
    organisationId?: string,
  ): Promise<{ deviceId: string; token: string }>;
}

/**
 * What a gate test starts from, made in `beforeAll` (call it right after `useTestServer`; the
 * block's own `beforeAll` hooks then run after it): the five people above logged in; tonight's
 * match of ae-olympiada ('tonight', in 90 minutes, so the gates are open, a fixture of the demo
 * season) with `tonightTicket(serial)` for each of `tonightSerials`; the season's loans allowed up
 * to an hour before a fixture.
 */
export function useGateFixture(
  server: UsedTestServer,
  { tonightSerials }: { tonightSerials: number[] },
): GateFixture {
  const cookies: Record<string, string> = {};
  const ids: Record<string, number> = {};

  const call = (afm: string, method: string, route: string, body?: unknown) =>
    fetch(`${server.baseUrl}${route}`, {
      method,
      headers: jsonFrom(server.baseUrl, cookies[afm]),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const personalize = async (ticketCode: string, documentId = cardOf(ticketCode)) => {
    const response = await call(CLUB_OFFICER, 'POST', '/api/ticket-office/personalize', {
      ticketCode,
      firstName: 'ΙΩΑΝΝΗΣ',
      lastName: 'ΠΑΠΑΔΑΚΗΣ',
      documentType: 'NATIONAL_ID',
      documentId,
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { privateCode: string }).privateCode;
  };
  const walletCode = async (afm: string, publicCode: string) => {
    const phone = generateGateKeyPair();
    const registered = await call(afm, 'POST', `/api/wallet/tickets/${publicCode}/device-key`, {
      publicKey: phone.publicKey,
    });
    if (registered.status !== 200) return null;
    const { credential } = (await registered.json()) as { credential: string };
    return makeWalletCode({ credential, secretKey: phone.secretKey, now: new Date() });
  };
  const registerDevice = async (label: string, afm = CLUB_OFFICER, organisationId?: string) => {
    const response = await call(afm, 'POST', '/api/ticket-office/gate-devices', { label, organisationId });
    expect(response.status).toBe(200);
    return (await response.json()) as { deviceId: string; token: string };
  };
  const addDevice = async (
    label: string,
    afm = CLUB_OFFICER,
    organisationId?: string,
  ): Promise<GateDevice> => {
    const registered = await registerDevice(label, afm, organisationId);
    const paired = await pairDevice(server.baseUrl, registered.token);
    expect(paired.status).toBe(200);
    const { credential } = (await paired.json()) as { credential: string };
    return { deviceId: registered.deviceId, label, token: credential, pairingToken: registered.token };
  };

  beforeAll(async () => {
    const base = server.baseUrl;
    for (const afm of [PLATFORM_OFFICER, CLUB_OFFICER, GUARDIAN, HOLDER, OTHER])
      cookies[afm] = (await loginAs(base, afm)).cookie;
    const provider = (route: string, body: unknown) => putAsProvider(base, route, body);
    await provider('events', {
      events: [
        {
          externalId: 'tonight',
          description: 'Α.Ε. Ολυμπιάδα - Βραδινός αγώνας',
          startsAt: new Date(Date.now() + 90 * 60_000).toISOString(),
          venue: 'Γήπεδο Ολυμπιάδας',
          seasonExternalId: 'demo-season',
        },
      ],
    });
    await provider('tickets', {
      tickets: tonightSerials.map((serial) => ({
        publicCode: tonightTicket(serial),
        eventExternalId: 'tonight',
        sector: 'Θύρα 3',
        row: '4',
        seat: String(serial),
      })),
    });
    for (const event of await server.database.db.select().from(events)) ids[event.externalId] = event.id;
    await server.database.db
      .update(events)
      .set({ transferMinuteLimit: 60 })
      .where(eq(events.id, ids['demo-season'] ?? -1));
  });

  return { ids, call, personalize, walletCode, addDevice, registerDevice };
}
