import { tickets } from '../../db/schema';

/**
 * What a steward is shown of a ticket, online and in the manifest's sealed entries (docs/design.md
 * §8): the name, the document's type and (of it only its last characters, cut later) number, the seat.
 */
export const shownAtTheGate = {
  fullName: tickets.fullName,
  documentType: tickets.documentType,
  documentId: tickets.documentId,
  sector: tickets.sector,
  row: tickets.row,
  seat: tickets.seat,
};
