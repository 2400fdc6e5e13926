import type { WalletTicket } from '@tickets/domain';

/** A single match's ticket as `GET /api/wallet/tickets` lists it, held by the person signed in. */
export const walletTicket = (publicCode: string): WalletTicket => ({
  publicCode,
  eventId: 7,
  eventDescription: 'Α.Ε. Ολυμπιάδα - Αστέρας Θεσσαλίας',
  eventDateTime: '2026-11-23T20:00:00Z',
  venue: 'Γήπεδο Ολυμπιάδας',
  sector: 'Α',
  gate: '3',
  row: '5',
  seat: '12',
  seasonal: false,
  seasonEndsAt: null,
  fixtures: [],
  lentBy: null,
  dependentName: null,
  blocked: false,
  blockedUntil: null,
  blockedNotice: null,
});
