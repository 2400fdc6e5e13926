import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { GateManifest, PlatformPublicKey } from '@tickets/domain';

/**
 * What a gate device keeps for working offline (docs/design.md §8 "Offline"), in IndexedDB: the
 * platform's keys pinned at pairing, the signed manifest of each match it checks, and the tickets it
 * admitted, one entry per ticket and match, until the server has acknowledged them.
 */

export interface StoredManifest {
  eventId: number;
  manifest: GateManifest;
  /** The server's ETag for it: sent back in If-None-Match, answered 304 while it is current. */
  entityTag: string | null;
  /** This device's clock when the server last said this copy is current: the age a steward sees. */
  checkedAt: number;
}

export interface LocalAdmission {
  eventId: number;
  ticketCode: string;
  /** ISO 8601, this device's clock. */
  admittedAt: string;
  /** Decided here from the manifest (uploaded later), or by the server (known to it already). */
  offline: boolean;
  /** The server acknowledged it (or made it): nothing left to send. */
  uploaded: boolean;
}

interface GateDb extends DBSchema {
  keys: { key: 'platform'; value: PlatformPublicKey[] };
  manifests: { key: number; value: StoredManifest };
  admissions: { key: [number, string]; value: LocalAdmission };
}

const DATABASE = 'tickets-gate';

export class GateStore {
  private constructor(private readonly db: IDBPDatabase<GateDb>) {}

  static async open(name = DATABASE): Promise<GateStore> {
    const db = await openDB<GateDb>(name, 1, {
      upgrade(upgrading) {
        upgrading.createObjectStore('keys');
        upgrading.createObjectStore('manifests', { keyPath: 'eventId' });
        upgrading.createObjectStore('admissions', { keyPath: ['eventId', 'ticketCode'] });
      },
    });
    return new GateStore(db);
  }

  close() {
    this.db.close();
  }

  readKeys = () => this.db.get('keys', 'platform');
  saveKeys = async (keys: PlatformPublicKey[]) => {
    await this.db.put('keys', keys, 'platform');
  };

  readManifest = (eventId: number) => this.db.get('manifests', eventId);
  saveManifest = async (stored: StoredManifest) => {
    await this.db.put('manifests', stored);
  };

  /** Unpaired: the keys and manifests go (another club may pair next); unsent admissions stay. */
  async forgetDevice() {
    const tx = this.db.transaction(['keys', 'manifests'], 'readwrite');
    await Promise.all([tx.objectStore('keys').clear(), tx.objectStore('manifests').clear(), tx.done]);
  }

  findAdmission = (eventId: number, ticketCode: string) => this.db.get('admissions', [eventId, ticketCode]);

  /**
   * Records an admission unless the ticket has one already, in one transaction (two tabs of one
   * device cannot both admit it): the one found, or undefined when this one was recorded.
   */
  async recordAdmission(admission: LocalAdmission): Promise<LocalAdmission | undefined> {
    const tx = this.db.transaction('admissions', 'readwrite');
    const found = await tx.store.get([admission.eventId, admission.ticketCode]);
    if (!found) await tx.store.add(admission);
    await tx.done;
    return found;
  }

  /** An online admission undone on the server: the ticket may enter again. */
  async removeAdmission(eventId: number, ticketCode: string) {
    await this.db.delete('admissions', [eventId, ticketCode]);
  }

  /** Admissions made offline that the server has not acknowledged yet, oldest first. */
  async pendingAdmissions(): Promise<LocalAdmission[]> {
    const all = await this.db.getAll('admissions');
    return all
      .filter((admission) => !admission.uploaded)
      .sort((a, b) => a.admittedAt.localeCompare(b.admittedAt));
  }

  /** The server answered for these: recorded, sent before, a double entry or unknown, never to send again. */
  async markUploaded(eventId: number, ticketCodes: readonly string[]) {
    const tx = this.db.transaction('admissions', 'readwrite');
    for (const ticketCode of ticketCodes) {
      const found = await tx.store.get([eventId, ticketCode]);
      if (found && !found.uploaded) await tx.store.put({ ...found, uploaded: true });
    }
    await tx.done;
  }
}
