import {
  whoEnters,
  gateMessages,
  parseGateCode,
  type GateManifestEntryInput,
  type GateManifestPatch,
} from '@tickets/domain';
import type { Db } from '../../../db/client';
import { CREDENTIAL_STATUS, credentialStatusesFor } from '../../../eu-wallet';
import {
  suspendedKeysAmong,
  ticketsAdmitting,
  walletCredentialsAdmitting,
  type TicketRow,
  type TicketsRead,
} from './manifest.queries';

/**
 * What the offline manifest says of each ticket a reading reads (docs/gate-codes.md §7): its codes'
 * entries with who enters by each, the prints and phones replaced, the EU wallets' credentials not
 * VALID. When a fixture is read, and what becomes of a reading, is manifest.service.ts's.
 */

const present = (keys: (string | null)[]) => [...new Set(keys.filter((key): key is string => key !== null))];

/** An entry before suspensions are resolved: with the identity keys they are met against. */
type EntryWithKeys = Omit<GateManifestEntryInput, 'holderSuspended'> & {
  holderKeys: string[];
  companionKeys: string[];
};

/** What a reading says of one ticket (GateManifestPatch's), its entries' suspensions not yet resolved. */
type TicketPart = Omit<GateManifestPatch['tickets'][number], 'entries'> & { entries: EntryWithKeys[] };

const notEntering = {
  holderName: null,
  documentType: null,
  documentHint: null,
  entersThisEvent: false,
  companionRequired: false,
  companion: null,
} satisfies Partial<GateManifestEntryInput>;

/**
 * What the manifest says of some tickets of the fixture (`which`: those changed, or a page of all),
 * read from the database in the caller's snapshot: every live code of each with who enters by it,
 * the prints and phones replaced, the EU wallets' credentials not VALID, and whether an active
 * suspension names who enters (resolved here, with the online rule: no identity key leaves the server).
 */
export async function readTickets(
  db: Db,
  event: { id: number },
  admitting: number[],
  which: TicketsRead,
): Promise<{ tickets: GateManifestPatch['tickets']; rowsRead: number; lastId: number | undefined }> {
  const rows = await ticketsAdmitting(db, event.id, admitting, which);
  // One row per ticket: a ticket has at most one entry-giving loan per fixture and one accepted
  // companion, but a left join must not make two entries of one code if data ever says otherwise.
  const byTicket = new Map<number, TicketRow>();
  for (const row of rows) if (!byTicket.has(row.id)) byTicket.set(row.id, row);
  const ids = [...byTicket.keys()];
  const [credentials, statuses] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          walletCredentialsAdmitting(db, admitting, ids),
          credentialStatusesFor(db, admitting, ids),
        ]);

  const parts = new Map<number, TicketPart>();
  for (const row of byTicket.values()) {
    parts.set(row.id, {
      ticketCode: row.publicCode,
      entries: [],
      // Every print before the live one was replaced by a reprint (tickets.code_serial).
      revokedSerials: Array.from({ length: Math.max(row.codeSerial - 1, 0) }, (_, at) => at + 1),
      credentialIds: [],
      revokedCredentialIds: [],
      issuedStatusNumbers: [],
      invalid: [],
      suspended: [],
    });
  }
  /**
   * The entry of one code of `row`'s ticket. `bearer` is the ΑΦΜ a wallet's phone was registered by (none
   * for the print, which is the holder's). As online (admission/admissions.service.ts): on a fixture the
   * holder lent, the holder's codes are NOT_FOR_THIS_EVENT and only the recipient's admit; a wallet's
   * code admits only the one who enters, or a young holder's guardian: another's phone has no entry and
   * is listed as revoked (REVOKED, as online). Answers whether the code has an entry.
   */
  const addEntry = (row: TicketRow, code: GateManifestEntryInput['code'], bearer?: string) => {
    const entries = parts.get(row.id)?.entries ?? [];
    const lent = row.loanAfm !== null;
    const seat = gateMessages.seat(row);
    if (lent && (bearer === undefined || bearer === row.holderAfm)) {
      // Whom it does not let in is not the device's to know: no name, no keys.
      entries.push({
        ...notEntering,
        code,
        ticketCode: row.publicCode,
        seat,
        holderKeys: [],
        companionKeys: [],
      });
      return true;
    }
    const entrantAfm = lent ? row.loanAfm : row.holderAfm;
    if (bearer !== undefined && (entrantAfm ? bearer !== entrantAfm : !row.guardianAfms.includes(bearer)))
      return false;
    const entrant = whoEnters({
      holder: {
        name: row.fullName ?? row.registryName,
        age: row.age,
        documentType: row.documentType,
        documentId: row.documentId,
      },
      loan: lent ? { name: row.loanName } : null,
      // A suspended companion is left out below, with the suspensions of everyone's keys.
      companion:
        row.companionAfm === null
          ? null
          : { name: row.companionName, afm: row.companionAfm, suspended: false },
    });
    entries.push({
      code,
      ...entrant.shown,
      ticketCode: row.publicCode,
      seat,
      entersThisEvent: true,
      holderKeys: present(row.entrantKeys),
      companionRequired: entrant.companionRequired,
      companionKeys: entrant.shown.companion ? present(row.companionKeys) : [],
    });
    return true;
  };

  for (const row of byTicket.values()) {
    const printed = row.privateCode === null ? undefined : parseGateCode(row.privateCode);
    // A signed print of another ticket (never made by the platform) would be refused by the builder.
    if (printed?.kind === 'random' || (printed?.kind === 'paper' && printed.ticketCode === row.publicCode)) {
      addEntry(row, { kind: printed.kind, code: row.privateCode as string });
    }
  }
  // A live credential whose phone was registered by someone who does not enter (a loan's recipient
  // after the loan ended): the phone key is not the entrant's, refused as a replaced phone.
  for (const credential of credentials) {
    const row = byTicket.get(credential.ticketId);
    const part = parts.get(credential.ticketId);
    if (!row || !part) continue;
    part.credentialIds.push(credential.id);
    const code = { kind: 'wallet' as const, credential: credential.credential };
    if (credential.revoked || !addEntry(row, code, credential.issuedTo))
      part.revokedCredentialIds.push(credential.id);
  }
  // The EU wallets' credentials for this fixture that are not VALID, as the status lists say
  // (docs/design.md §12): a device offline checks a presented one's status against them.
  // Each by its status number, as a presentation names it (never its id, which counts issuance).
  for (const { statusNumber, ticketId, status } of statuses) {
    const part = parts.get(ticketId);
    if (!part) continue;
    part.issuedStatusNumbers.push(statusNumber);
    if (status === CREDENTIAL_STATUS.INVALID) part.invalid.push(statusNumber);
    if (status === CREDENTIAL_STATUS.SUSPENDED) part.suspended.push(statusNumber);
  }

  // Of the keys of everyone these codes let in, those an active suspension names today: the holder is
  // marked, a suspended companion is no companion (as online). Only the marks reach the manifest.
  const everyKey = new Set<string>();
  for (const part of parts.values())
    for (const entry of part.entries)
      for (const key of [...entry.holderKeys, ...entry.companionKeys]) everyKey.add(key);
  const suspended = new Set(
    everyKey.size === 0 ? [] : (await suspendedKeysAmong(db, [...everyKey])).map((row) => row.key),
  );
  const isSuspended = (keys: string[]) => keys.some((key) => suspended.has(key));
  return {
    tickets: [...parts.values()].map((part) => ({
      ...part,
      entries: part.entries.map(({ holderKeys, companionKeys, companion, ...entry }) => ({
        ...entry,
        holderSuspended: isSuspended(holderKeys),
        companion: companion && !isSuspended(companionKeys) ? companion : null,
      })),
    })),
    rowsRead: rows.length,
    lastId: ids.at(-1),
  };
}
