/**
 * The floor's handlers that send the platform's statements themselves, the values in their places
 * (database.ts checks them against the recording): the session check, the stats lookup, the
 * declarations and the transfer-rules lists. What every handler works with is a `Floor`.
 */
import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import { LOOKUP_SWEEP_CODES, maskedAmka } from '@tickets/domain';
import { measuredWork } from '../../../apps/server/src/bench-api';
import { answer, iso, refuse } from './answers';
import type { auditBatches, Claim, Db, Row, Run, SentStatements } from './database';
import type { Sender } from './replay';
import type { Session } from './sessions';
import type { Captured, Samples } from './statements';

export type Handler = (
  request: http.IncomingMessage,
  response: http.ServerResponse,
  session: Session,
  query: string,
) => Promise<void>;

/** The floor as server.ts opened it: its database, the platform's recording and its samples. */
export interface Floor {
  run: Run;
  statements: SentStatements;
  captured: Captured;
  samples: Samples;
  sender: Sender;
  db: Db;
  claim?: Claim;
  audit: ReturnType<typeof auditBatches>;
  /** The platform's logout address, its origin the floor's (server.ts). */
  logoutUrl: string;
}

function ticketDetails(ticket: Row, row: Row) {
  return {
    fullName: ticket.full_name,
    documentType: ticket.document_type,
    documentId: ticket.document_id,
    publicCode: ticket.public_code,
    eventDescription: row.description,
    eventDateTime: iso(row.starts_at),
    venue: row.venue,
    sector: ticket.sector,
    gate: ticket.gate,
    row: ticket.row,
    seat: ticket.seat,
    provider: row.name,
    status: ticket.status,
    seasonal: ticket.seasonal,
    installationId: ticket.installation_id,
    skipMode: ticket.skip_mode,
    afm: ticket.holder_afm,
    amka: maskedAmka(ticket.holder_amka as string | null),
    createdOn: iso(ticket.created_at),
    modifiedOn: iso(ticket.modified_at),
    personalizedOn: iso(ticket.personalized_at),
    anonymous: ticket.anonymous,
  };
}

export function ownHandlers({ run, statements: S, db, audit, logoutUrl }: Floor) {
  const sessionCheck: Handler = async (_request, response, session) =>
    answer(response, 200, {
      firstname: session.firstName,
      lastname: session.lastName,
      taxid: session.afm,
      TICKET_ROLE: session.officer ? 'OFFICER' : 'STANDARD_USER',
      logoutUrl,
    });

  const statsLookup: Handler = async (_request, response, session, query) => {
    const code = new URLSearchParams(query).get('code') ?? '';
    const org = session.organisationId;
    // The platform's own count of the officer's neighbouring lookups, as the route runs it first.
    if ((await measuredWork.countNeighbourLookups(db, session.afm, code)) >= LOOKUP_SWEEP_CODES)
      return refuse(response, 429, 'TICKET_LOOKUP_SWEEP');
    const [row] = await run(S.ticket, [code, org, org, 1]);
    await audit([session.afm, row ? 'TICKET_LOOKUP' : 'TICKET_LOOKUP_MISS', code, randomUUID()]);
    if (!row) return refuse(response, 404, 'TICKET_NOT_FOUND');
    // The bench's tickets are single matches: a season ticket's fixtures are not part of the floor.
    if (row.seasonal) return refuse(response, 500, 'SEASON_TICKET_NOT_IN_THE_FLOOR');
    answer(response, 200, { ...ticketDetails(row, row), fixtures: [] });
  };

  const declarations: Handler = async (_request, response, session) => {
    const rows = await run(S.declarations, [session.afm, 'PENDING', 'ACCEPTED']);
    answer(
      response,
      200,
      rows.map((row) => ({
        declarationId: row.id,
        dependentName: `${row.first_name as string} ${row.last_name as string}`,
        birthDate: row.birth_date,
        eventDescription: row.description,
        eventDateTime: iso(row.starts_at),
        companionName: row.companion_name,
        companionAfm: row.companion_afm,
        ticketCode: row.public_code,
        status: row.status,
        timestamp: iso(row.updated_at),
      })),
    );
  };

  const transferRules: Handler = async (_request, response, session) => {
    const org = session.organisationId;
    const rows = await run(S.transferRules, [org, org]);
    answer(
      response,
      200,
      rows.map((event) => ({
        eventId: event.id,
        eventDescription: event.description,
        eventDateTime: iso(event.starts_at),
        seasonal: event.seasonal,
        allowTransfer: event.allow_transfer,
        maxTransfers: event.max_transfers,
        transferMinuteLimit: event.transfer_minute_limit,
        minToAutoRevertTransferredTicket: event.min_to_auto_revert_transferred_ticket,
        ignoreTransfers: event.ignore_transfers,
      })),
    );
  };
  return { sessionCheck, statsLookup, declarations, transferRules };
}
