/**
 * The floor's handlers that replay the platform's recorded statements (replay.ts) with each request's
 * values in place of the sample's: the personalization, the suspension search and the claim.
 */
import { randomUUID } from 'node:crypto';
import { canonicalIdentifier, fullNameInCapitals, identityKey } from '@tickets/domain';
import { answer, readBody, refuse } from './answers';
import type { AuditRow, Claim } from './database';
import type { Floor, Handler } from './handlers';
import { replay } from './replay';
import type { Session } from './sessions';

export function replayedHandlers({ sender, captured, samples, statements: S, audit, claim }: Floor) {
  /**
   * The audit rows the replayed requests write outside a transaction, group-committed as `audit` does:
   * the recorded INSERT (one row, a column each) as one row of the floor's group.
   */
  const groupedAudit = {
    text: S.audit.text,
    send: (columns: unknown[]) => audit((columns as unknown[][]).map((column) => column[0]) as AuditRow),
  };

  /** The officer's own values where the sample's officer had theirs, and a request id of its own. */
  const officerPairs = (session: Session): [unknown, unknown][] => [
    [captured.officer.afm, session.afm],
    [captured.officer.organisationId, session.organisationId],
    [samples.requestId, randomUUID()],
  ];

  const personalization = replay(sender, captured.personalization, groupedAudit);
  /** The platform's issueTicket, replayed (replay.ts) with this ticket, person and document. */
  const personalize: Handler = async (request, response, session) => {
    const body = JSON.parse(await readBody(request)) as typeof samples.personalization & {
      ticketCode: string;
    };
    const sample = samples.personalization;
    const issued = await personalization([
      ...officerPairs(session),
      [samples.spareTicketCode, body.ticketCode],
      [sample.firstName, body.firstName],
      [sample.lastName, body.lastName],
      [
        fullNameInCapitals(sample.firstName, sample.lastName),
        fullNameInCapitals(body.firstName, body.lastName),
      ],
      [sample.documentType, body.documentType],
      [sample.documentId, body.documentId],
      // The document's key, and the registry's key of it, as the rules send them.
      [canonicalIdentifier(sample.documentId), canonicalIdentifier(body.documentId)],
      [identityKey.document(sample.documentId), identityKey.document(body.documentId)],
    ]);
    if (!issued) return refuse(response, 409, 'TICKET_ALREADY_BOUND');
    answer(response, 200, issued);
  };

  const suspensionSearching = replay(sender, captured.suspensionSearch, groupedAudit);
  /**
   * The platform's searchSuspensions, replayed (replay.ts) with the searched ΑΦΜ. The audit row's
   * digests of the people matched are the sample's (the bench searches the sample's ΑΦΜ).
   */
  const suspensionSearch: Handler = async (request, response, session) => {
    const { afm } = JSON.parse(await readBody(request)) as { afm: string };
    const sample = samples.suspensionSearch.afm;
    const found = await suspensionSearching([
      ...officerPairs(session),
      [sample, afm],
      [canonicalIdentifier(sample), canonicalIdentifier(afm)],
      [identityKey.afm(sample), identityKey.afm(afm)],
    ]);
    answer(response, 200, found ?? []);
  };

  /** A fan adds a bought ticket: the platform's statements for it (floor/claim.ts). */
  const addToWallet: Handler = async (request, response, session) => {
    const body = JSON.parse(await readBody(request)) as { publicCode: string };
    const added = await (claim as Claim)(session.afm, body.publicCode);
    if (!added) return refuse(response, 409, 'TICKET_ALREADY_IN_WALLET');
    answer(response, 201, added);
  };
  return { personalize, suspensionSearch, addToWallet };
}
