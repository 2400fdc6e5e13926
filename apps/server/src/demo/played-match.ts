import { GATES_OPEN_MINUTES_BEFORE, type OfflineAdmissions } from '@tickets/domain';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { DeviceContacts } from '../features/gate/devices/contacts.service';
import {
  authenticateDevice,
  createGateDevice,
  pairGateDevice,
} from '../features/gate/devices/devices.service';
import { recordOfflineAdmissions } from '../features/gate/admission/offline-admissions.service';
import { issueTicket } from '../features/ticket-office/service';
import type { SessionUser } from '../shared/sessions';
import type { PlayedMatch, PrintedTicket } from './events';

/**
 * The demo's played match as its gates saw it (issue #55 item 4), so that the match-day view and its
 * CSV show every part of a real one: tickets bound at the ticket office before the match, three
 * gate devices registered and paired by the club's officer, and what each decided uploaded through
 * the gate's own upload (`recordOfflineAdmissions`, POST /api/gate/admissions/batch), verified at
 * the device's time over the gates' opening: entries spread from the gates' opening to kick-off,
 * refusals of several kinds, and a double entry. Every upload arrives after the match (the demo data is
 * made later), as an offline device's does: every admission is recorded `offline`, at the device's time.
 */

export type DemoGateSettings = Pick<
  Config,
  'gateKeys' | 'gateDeviceCredentialMarginHours' | 'gatePairingTokenHours'
>;

const requestId = 'demo-data';
const clubOfficer: SessionUser = {
  afm: '100000015',
  firstName: 'ΓΕΩΡΓΙΟΣ',
  lastName: 'ΝΙΚΟΛΑΟΥ',
  role: 'OFFICER',
  organisationId: 'ae-olympiada',
};

/** Fans' surnames for the tickets bound at the office (each a passport of its own: one ticket a person). */
const SURNAMES = ['ΠΑΠΑΔΟΠΟΥΛΟΣ', 'ΚΑΡΑΓΙΑΝΝΗΣ', 'ΒΛΑΧΟΣ', 'ΜΑΚΡΗΣ', 'ΣΤΑΥΡΟΥ', 'ΛΑΜΠΡΟΥ'];

/** How the demo's past match was played, with the server's gate keys and pairing hours. */
export const playedMatchOf = (db: Db, settings: DemoGateSettings): PlayedMatch => ({
  bindTickets: (ticketCodes) => bindTickets(db, settings, ticketCodes),
  play: (eventId, startsAt, printed) => playMatch(db, settings, eventId, startsAt, printed),
});

/** Binds the tickets at the ticket office while the match is ahead; answers their printed codes. */
async function bindTickets(db: Db, settings: DemoGateSettings, ticketCodes: string[]) {
  const printed: PrintedTicket[] = [];
  for (const [index, ticketCode] of ticketCodes.entries()) {
    const issued = await issueTicket(
      db,
      { user: clubOfficer, requestId },
      'PERSONALIZE',
      {
        ticketCode,
        firstName: 'ΙΩΑΝΝΗΣ',
        lastName: SURNAMES[index % SURNAMES.length] ?? 'ΠΑΠΑΔΟΠΟΥΛΟΣ',
        documentType: 'PASSPORT',
        documentId: `ΔΕ${String(700_000 + index)}`,
      },
      settings.gateKeys.signer,
    );
    printed.push({ publicCode: ticketCode, code: issued.privateCode });
  }
  return printed;
}

const MINUTE_MS = 60_000;

/** The devices at the played match's gates, as the club's officer named them. */
export const DEMO_GATE_DEVICES = ['Θύρα 1 - κινητό', 'Θύρα 5 - κινητό', 'Θύρα 9 - κινητό'];

/** Codes a gate read that no ticket of the match has: a scan of something else, a photo of a code. */
const STRANGE_CODES = ['QX7-DEMO-0001', 'QX7-DEMO-0002', 'QX7-DEMO-0003'];

/**
 * Plays the match (kick-off `startsAt`, passed): each ticket of `printed` but the last enters by one of
 * the devices in turn, more of them as kick-off nears; the devices refuse what a stadium's gates meet.
 */
async function playMatch(
  db: Db,
  settings: DemoGateSettings,
  eventId: number,
  startsAt: Date,
  printed: PrintedTicket[],
) {
  const contacts = new DeviceContacts(db);
  const devices = [];
  for (const label of DEMO_GATE_DEVICES) {
    const { token } = await createGateDevice(db, { user: clubOfficer, requestId }, { label });
    const { credential } = await pairGateDevice(db, token, {
      requestId,
      tokenHours: settings.gatePairingTokenHours,
      marginHours: settings.gateDeviceCredentialMarginHours,
    });
    const device = await authenticateDevice(db, credential);
    if (device) devices.push(device);
  }
  const gatesOpenAt = startsAt.getTime() - GATES_OPEN_MINUTES_BEFORE * MINUTE_MS;
  // The crowd grows towards kick-off: the k-th of n enters at (k/n)^½ of the way from opening to kick-off.
  const entering = printed.slice(0, -1);
  const at = (share: number) => new Date(gatesOpenAt + share * (GATES_OPEN_MINUTES_BEFORE - 5) * MINUTE_MS);
  const uploads: OfflineAdmissions[] = devices.map(() => ({ eventId, admissions: [], refusals: [] }));
  entering.forEach(({ publicCode, code }, index) => {
    uploads[index % uploads.length]?.admissions.push({
      ticketCode: publicCode,
      code,
      admittedAt: at(Math.sqrt((index + 1) / entering.length)).toISOString(),
    });
  });
  const [first, second, third] = uploads;
  const [firstEntry] = entering;
  if (first && second && third && firstEntry) {
    // The first ticket shown again at another gate later: refused there, then entered at the third,
    // which had lost the network and let it in on its own (a double entry, kept for the office).
    second.refusals?.push({
      code: firstEntry.code,
      reason: 'ALREADY_ADMITTED',
      refusedAt: at(0.7).toISOString(),
    });
    third.admissions.push({
      ...firstEntry,
      ticketCode: firstEntry.publicCode,
      admittedAt: at(0.9).toISOString(),
    });
    first.refusals?.push(
      ...STRANGE_CODES.map((code, index) => ({
        code,
        reason: 'UNKNOWN_CODE' as const,
        refusedAt: at(0.5 + index * 0.15).toISOString(),
      })),
      {
        code: 'QX7-DEMO-EARLY',
        reason: 'NOT_OPEN_YET',
        refusedAt: new Date(gatesOpenAt - 5 * MINUTE_MS).toISOString(),
      },
    );
    // Another match's ticket (WRONG_EVENT: NOT_FOR_THIS_EVENT is a ticket lent to someone else for
    // the match), and one for the match shown by a suspended fan.
    second.refusals?.push({
      code: 'QX7-DEMO-OTHER',
      reason: 'WRONG_EVENT',
      refusedAt: at(0.8).toISOString(),
    });
    third.refusals?.push({ code: 'QX7-DEMO-BANNED', reason: 'SUSPENDED', refusedAt: at(0.95).toISOString() });
  }
  // Each uploads once, as its route does: heard from, holding its records, then acknowledged.
  for (const [index, device] of devices.entries()) {
    const upload = uploads[index];
    if (!upload) continue;
    await contacts.heardFrom({ id: device.id, contactDue: true });
    const results = await recordOfflineAdmissions(db, device, upload, {
      requestId,
      trustedKeys: settings.gateKeys.trusted,
    });
    await contacts.holdsUnsent(device.id, upload.admissions.length + (upload.refusals?.length ?? 0));
    await contacts.uploaded(device.id, results.results.length + results.refusals.length);
  }
}
