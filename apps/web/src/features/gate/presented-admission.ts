import { gateMessages, type Admission, type PresentationResult } from '@tickets/domain';

/** A decided presentation as the decision panel shows it, with what the wallet disclosed. */
export interface PresentedAdmission {
  admission: Admission;
  /** The disclosed `ticket_code`: an admission is remembered on this device by it, as a scan's is. */
  ticketCode?: string;
  /** The disclosed `under_15`: the panel says the child enters only with a companion. */
  under15: boolean;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/**
 * The decision of a presentation, for the panel the scanned codes use (docs/design.md §12): the server
 * sends it without the registry's name, document or companion, and the steward sees only what the
 * wallet disclosed in their place: the holder's name and the seat, as the credential says them.
 * Undefined while there is no decision (PENDING, EXPIRED, REFUSED).
 */
export function presentedAdmission(result: PresentationResult): PresentedAdmission | undefined {
  if (result.status !== 'DECIDED' || !result.admission) return undefined;
  const disclosed = record(result.disclosed);
  const seat = record(disclosed.seat);
  const ticketCode = text(disclosed.ticket_code);
  return {
    admission: {
      ...result.admission,
      holderName: text(disclosed.holder_name),
      seat:
        'seat' in disclosed
          ? gateMessages.seat({ sector: text(seat.sector), row: text(seat.row), seat: text(seat.number) })
          : null,
    },
    ...(ticketCode ? { ticketCode } : {}),
    under15: disclosed.under_15 === true,
  };
}
