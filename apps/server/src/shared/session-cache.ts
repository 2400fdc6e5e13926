/** A session row as read from the database with its officer's role (shared/sessions.ts). */
export interface KeptSession {
  afm: string;
  firstName: string;
  lastName: string;
  lastSeenAt: Date;
  expiresAt: Date;
  officerActive: boolean | null;
  organisationId: string | null;
}

/**
 * Sessions this process read recently, so that every request need not ask the database. An entry
 * is trusted only while the process hears every change that could end a session or a role: the
 * database announces each (migration 0004, channel `session_changes`), whichever process made
 * it. A read that a change overtook is not kept, and without the channel nothing is kept at all.
 */
export class SessionCache {
  static readonly CHANNEL = 'session_changes';
  private readonly entries = new Map<string, KeptSession>();
  private listening = false;
  /** Moves on at every change heard: a read begun before it may hold what the change undid. */
  private generation = 0;
  /** Reads under way, with the generation each began at. */
  private readonly reading = new Map<
    string,
    { generation: number; read: Promise<KeptSession | undefined> }
  >();

  constructor(private readonly maxEntries = 100_000) {}

  /** A session ended (its id hash), or `*`: any session or role may have changed. */
  readonly onMessage = (payload: string): void => {
    this.generation += 1;
    if (payload === '*') this.entries.clear();
    else this.entries.delete(payload);
  };

  readonly onListening = (listening: boolean): void => {
    this.generation += 1;
    this.listening = listening;
    this.entries.clear();
  };

  get(idHash: string): KeptSession | undefined {
    return this.listening ? this.entries.get(idHash) : undefined;
  }

  readBegins(): number {
    return this.generation;
  }

  keep(idHash: string, row: KeptSession, readBeganAt: number): void {
    if (!this.listening || readBeganAt !== this.generation) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(idHash, row);
  }

  forget(idHash: string): void {
    this.generation += 1;
    this.entries.delete(idHash);
  }

  /**
   * One read of a session at a time: when a kept session falls due its touch, every request of that
   * person arriving meanwhile shares the first one's read and touch instead of each updating the same
   * row in turn (a convoy on its lock, measured: bench/README.md "Tail"). Not a read a change overtook.
   */
  shareRead(idHash: string, read: () => Promise<KeptSession | undefined>): Promise<KeptSession | undefined> {
    const underWay = this.reading.get(idHash);
    if (underWay && underWay.generation === this.generation) return underWay.read;
    const entry = {
      generation: this.generation,
      read: read().finally(() => {
        if (this.reading.get(idHash) === entry) this.reading.delete(idHash);
      }),
    };
    this.reading.set(idHash, entry);
    return entry.read;
  }
}
