import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import {
  MANIFEST_FORMAT_VERSION,
  type GateManifest,
  type OfflineAdmissions,
  type PlatformPublicKey,
} from '@tickets/domain';

/**
 * What a gate device keeps for working offline (docs/design.md §8 "Offline"), in IndexedDB: the
 * platform's keys pinned at pairing, the signed manifest of each match it checks, the tickets it
 * admitted, one entry per ticket and match, with the code each was admitted by until the server has
 * acknowledged it (the server records nothing without it), and the refusals it decided offline, for
 * the match's counts, until acknowledged.
 */

export interface StoredManifest {
  eventId: number;
  manifest: GateManifest;
  /** The server's ETag for it: sent back in If-None-Match, answered 304 while it is current. */
  entityTag: string | null;
  /** This device's clock when the server last said this copy is current: the age a steward sees. */
  checkedAt: number;
  /**
   * The server said the club cancelled the match (its manifest refused, EVENT_CANCELLED): kept, so the
   * device refuses every code offline too, after a reload.
   */
  cancelled?: boolean;
}

export interface LocalAdmission {
  eventId: number;
  ticketCode: string;
  /** ISO 8601, this device's clock. */
  admittedAt: string;
  /**
   * The code exactly as scanned (trimmed), for an admission decided here: the proof the upload
   * carries, removed once the server has answered for it.
   */
  code?: string;
  /**
   * The key of the scan it was decided on (sent online first, unanswered): uploaded with it, so the
   * server knows it for its own admission of that scan, if it recorded one (docs/design.md §8).
   */
  idempotencyKey?: string;
  /** Decided here from the manifest (uploaded later), or by the server (known to it already). */
  offline: boolean;
  /** The server acknowledged it (or made it): nothing left to send. */
  uploaded: boolean;
}

type RefusalReason = NonNullable<OfflineAdmissions['refusals']>[number]['reason'];

/** A refusal decided here, offline, waiting to be counted by the server. */
export interface LocalRefusal {
  id?: number;
  eventId: number;
  code: string;
  reason: RefusalReason;
  /** ISO 8601, this device's clock. */
  refusedAt: string;
}

interface GateDb extends DBSchema {
  keys: { key: 'platform'; value: PlatformPublicKey[] };
  manifests: { key: number; value: StoredManifest };
  admissions: { key: [number, string]; value: LocalAdmission };
  refusals: { key: number; value: LocalRefusal };
}

const DATABASE = 'tickets-gate';

export class GateStore {
  #closed = false;
  private constructor(private readonly db: IDBPDatabase<GateDb>) {}

  static async open(name = DATABASE): Promise<GateStore> {
    const db = await openDB<GateDb>(name, 2, {
      upgrade(upgrading, oldVersion) {
        if (oldVersion < 1) {
          upgrading.createObjectStore('keys');
          upgrading.createObjectStore('manifests', { keyPath: 'eventId' });
          upgrading.createObjectStore('admissions', { keyPath: ['eventId', 'ticketCode'] });
        }
        // Version 2: refusals decided offline are uploaded too (issue #27).
        if (oldVersion < 2) upgrading.createObjectStore('refusals', { keyPath: 'id', autoIncrement: true });
      },
    });
    return new GateStore(db);
  }

  close() {
    this.#closed = true;
    this.db.close();
  }

  /** Closed by the screen that opened it: nothing more is read or written through it. */
  get closed() {
    return this.#closed;
  }

  readKeys = () => this.db.get('keys', 'platform');
  saveKeys = async (keys: PlatformPublicKey[]) => {
    await this.db.put('keys', keys, 'platform');
  };

  /** A copy of an earlier format (stored before an update, issue #27) is none: the whole one is fetched. */
  readManifest = async (eventId: number) => {
    const stored = await this.db.get('manifests', eventId);
    return stored?.manifest.version === MANIFEST_FORMAT_VERSION ? stored : undefined;
  };
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

  /**
   * The server answered for these: recorded, sent before, a double entry or not recorded, never to
   * send again; their codes and keys are forgotten (the ticket and time stay, so it is not admitted twice here).
   */
  async markUploaded(eventId: number, ticketCodes: readonly string[]) {
    const tx = this.db.transaction('admissions', 'readwrite');
    for (const ticketCode of ticketCodes) {
      const found = await tx.store.get([eventId, ticketCode]);
      if (found && !found.uploaded) {
        const { code: _sent, idempotencyKey: _key, ...kept } = found;
        await tx.store.put({ ...kept, uploaded: true });
      }
    }
    await tx.done;
  }

  /** A refusal decided here, offline: kept until the server has counted it. */
  async recordRefusal(refusal: Omit<LocalRefusal, 'id'>) {
    await this.db.add('refusals', refusal);
  }

  /** Refusals not yet counted by the server, oldest first. */
  async pendingRefusals(): Promise<LocalRefusal[]> {
    const all = await this.db.getAll('refusals');
    return all.sort((a, b) => a.refusedAt.localeCompare(b.refusedAt));
  }

  /** The server counted these (now or before): gone from the device. */
  async forgetRefusals(ids: readonly number[]) {
    const tx = this.db.transaction('refusals', 'readwrite');
    await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done]);
  }
}
