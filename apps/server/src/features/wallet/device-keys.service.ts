import {
  canonicalDevicePublicKey,
  DEVICE_KEYS_PER_PERSON_PER_DAY,
  DEVICE_KEYS_PER_TICKET_PER_DAY,
  issueWalletCredential,
  type PlatformKey,
  type WalletCredentialResponse,
} from '@tickets/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../shared/app-error';
import { audit } from '../../shared/audit';
import type { Actor } from '../../shared/guards';
import {
  countRecentRegistrations,
  insertUnsignedCredential,
  lockTicketId,
  revokeLiveCredentials,
  storeCredential,
} from './device-keys.queries';
import { listWalletTickets } from './tickets.service';

/**
 * A wallet registers its phone's key for a ticket it carries (docs/design.md §8): the platform signs
 * a credential binding that key to the ticket and what it admits to — the ticket's own event (a match,
 * or a season) for its holder or a minor's guardian, the lent fixture (the soonest, if several) for a
 * loan's recipient. One phone per ticket: the credential before it is revoked in the same transaction.
 * At most DEVICE_KEYS_PER_TICKET_PER_DAY registrations for a ticket and DEVICE_KEYS_PER_PERSON_PER_DAY
 * by a person in 24 hours (DEVICE_KEY_LIMIT, in Greek).
 */
export async function registerDeviceKey(
  db: Db,
  actor: Actor,
  publicCode: string,
  phoneKey: string,
  signer: PlatformKey,
): Promise<WalletCredentialResponse> {
  // Kept as the credential carries it: the gate finds a wallet code's credential by id and this key.
  const devicePublicKey = canonicalDevicePublicKey(phoneKey);
  if (!devicePublicKey) throw new AppError('VALIDATION_ERROR');
  // What the wallet lists is what the person carries: the same rules, asked the same way.
  const carried = (await listWalletTickets(db, actor.user.afm)).find(
    (entry) => entry.publicCode === publicCode,
  );
  if (!carried) throw new AppError('TICKET_NOT_FOUND');
  if (carried.blocked) throw new AppError('TICKET_BLOCKED');
  const scopeEventId =
    carried.lentBy === null ? carried.eventId : (carried.fixtures[0]?.eventId ?? carried.eventId);

  return db.transaction(async (tx) => {
    const ticket = await lockTicketId(tx, publicCode);
    if (!ticket) throw new AppError('TICKET_NOT_FOUND');
    // Each registration revokes a phone and changes the match's manifest: a few a day are plenty.
    const recent = await countRecentRegistrations(tx, ticket.id, actor.user.afm);
    if (recent.ticket >= DEVICE_KEYS_PER_TICKET_PER_DAY || recent.person >= DEVICE_KEYS_PER_PERSON_PER_DAY)
      throw new AppError('DEVICE_KEY_LIMIT');
    const now = new Date();
    const replaced = await revokeLiveCredentials(
      tx,
      { ticketId: ticket.id, scopeEventId, issuedTo: actor.user.afm },
      now,
    );
    // The credential carries its own id (its serial), so the row comes first and the signature after.
    const row = await insertUnsignedCredential(tx, {
      ticketId: ticket.id,
      scopeEventId,
      issuedTo: actor.user.afm,
      devicePublicKey,
    });
    if (!row) throw new AppError('INTERNAL_ERROR');
    const credential = issueWalletCredential(
      { ticketCode: publicCode, scopeEventId, credentialId: row.id, devicePublicKey, issuedAt: now },
      signer,
    );
    await storeCredential(tx, row.id, credential);
    await audit(tx, {
      actor: actor.user.afm,
      action: 'WALLET_DEVICE_KEY',
      subject: publicCode,
      requestId: actor.requestId,
      details: { credentialId: row.id, eventId: scopeEventId, replaced: replaced.map((old) => old.id) },
    });
    return { credential };
  });
}
