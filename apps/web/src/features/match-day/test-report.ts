/** A match-day answer for the feature's unit tests. */
import type { MatchDay } from '@tickets/domain';

export const at = (hhmm: string) => `2026-11-28T${hhmm}:00.000Z`;

/** Gates open 17:00, kick-off 20:00, read at 19:07; three devices: two admitted, one never called. */
export const report: MatchDay = {
  eventId: 7,
  eventDescription: 'Α.Ε. Ολυμπιάδα - Αστέρας Θεσσαλίας',
  eventDateTime: at('20:00'),
  venue: 'Γήπεδο Ολυμπιάδας',
  gatesOpenAt: at('17:00'),
  endsAt: at('23:00'),
  over: false,
  readAt: '2026-11-28T19:07:30.000Z',
  admitted: 6,
  boundTickets: 40,
  refusedByReason: { UNKNOWN_CODE: 1, ALREADY_ADMITTED: 3 },
  alreadyAdmittedRefusals: 3,
  doubleEntries: 0,
  devices: [
    {
      deviceId: 'a',
      label: 'Θύρα Α',
      admitted: 5,
      lastContactAt: '2026-11-28T19:07:00.000Z',
      pendingUploads: 0,
      offline: false,
      revoked: false,
    },
    {
      deviceId: 'b',
      label: 'Θύρα Β',
      admitted: 1,
      lastContactAt: '2026-11-28T18:30:00.000Z',
      pendingUploads: 4,
      offline: true,
      revoked: false,
    },
    {
      deviceId: 'c',
      label: 'Θύρα Γ',
      admitted: 0,
      lastContactAt: null,
      pendingUploads: null,
      offline: true,
      revoked: false,
    },
  ],
  entriesPerMinute: [
    { deviceId: 'a', minute: at('19:00'), admitted: 2 },
    { deviceId: 'b', minute: at('19:00'), admitted: 1 },
    { deviceId: 'a', minute: at('19:05'), admitted: 3 },
  ],
  refusalSpanMinutes: 5,
  refusalsOverTime: [
    { reason: 'ALREADY_ADMITTED', from: at('19:00'), refused: 2 },
    { reason: 'UNKNOWN_CODE', from: at('19:00'), refused: 1 },
    { reason: 'ALREADY_ADMITTED', from: at('19:05'), refused: 1 },
  ],
};
