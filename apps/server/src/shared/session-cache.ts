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
}
