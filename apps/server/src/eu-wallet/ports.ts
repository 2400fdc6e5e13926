import type { Admission, PlatformPublicKey, WalletTicket } from '@tickets/domain';
import type { Db } from '../db/client';
import type { AuditEntry } from '../shared/audit';

/**
 * An EU wallet's credential the verifier found genuine (verifier/presentations.service.ts): the
 * issuer's signature, the key binding, the query and the status checked; the ticket code it discloses.
 */
export type PresentedCredential = {
  kind: 'presentation';
  /** The issued credential at its status entry's place; null when there is none (UNKNOWN_CODE). */
  credentialId: number | null;
  keyThumbprint: string;
  ticketCode: string;
  /** Its status in the issuer's list is not VALID. */
  revoked: boolean;
};

/**
 * What the EU wallet module asks of the rest of the platform (docs/design.md §12), given to it by the
 * composition root (plugins/routes.ts): it imports no feature, and no feature reaches into it but
 * through its entry (index.ts).
 */
export interface EuWalletPorts {
  /**
   * The tickets a person's Gov.gr wallet lists (features/wallet): what can be offered and issued is
   * what the person carries, asked the same way.
   */
  walletTickets(db: Db, afm: string): Promise<WalletTicket[]>;
  /** The gate's one decision (features/gate), on a verified presentation answering a device's request. */
  decidePresentation(
    db: Db,
    device: { id: string },
    presented: PresentedCredential,
    request: { eventId: number; proofDigest: string },
    context: {
      audit: (entry: AuditEntry) => Promise<void>;
      requestId: string;
      trustedKeys: readonly PlatformPublicKey[];
    },
  ): Promise<Admission>;
}
