import pg from 'pg';
import { parseMultiHostUrl, type SessionTarget } from './multi-host-url';

/**
 * Every new PostgreSQL connection goes to the host that accepts writes, as libpq does with
 * `target_session_attrs=read-write` (docs/design.md §2): node-postgres connects to one host only, so
 * this is the platform's own small connection step. Which host is the primary is remembered until a
 * connection to it fails or finds it read-only; then the hosts are asked again, in their order. After
 * a failover the old primary's connections die with it, the pools drop them, and their replacements
 * come here and find the new primary: no restart.
 */

/** A dead or blackholed host must not hold up the search for long. */
const PROBE_TIMEOUT_MS = 2000;
/**
 * Nor a connection to the host taken for the primary: a machine that died without closing its
 * sockets would otherwise hold each new connection for the kernel's minutes of retries.
 */
const CONNECT_TIMEOUT_MS = 5000;

/** Connecting failed, or reached a host that does not accept writes: the database cannot take this now. */
export class DatabaseConnectError extends Error {
  /** Read by db/outage.ts: a server's refusal while connecting (55000) is an outage, not a failed statement. */
  readonly connecting = true;
  readonly code: string | undefined;
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'DatabaseConnectError';
    const code = (cause as { code?: unknown } | undefined)?.code;
    // No host writable is libpq's "could not connect" (class 08), so it reads as an outage too.
    this.code = cause === undefined ? '08001' : typeof code === 'string' ? code : undefined;
  }
}

interface Host {
  url: string;
  host: string;
  port: number;
}

/** The hosts of one DATABASE_URL and which of them was last found to accept writes. */
class PrimaryLocator {
  private primary: Host | undefined;
  private search: Promise<Host> | undefined;

  constructor(
    readonly hosts: Host[],
    readonly target: SessionTarget,
  ) {
    // One host and no demand: nothing to find, connect as node-postgres always did.
    if (hosts.length === 1 && target === 'any') this.primary = hosts[0];
  }

  /** The host to connect to: the one remembered, else the first in the list that accepts writes. */
  find(): Promise<Host> {
    if (this.primary) return Promise.resolve(this.primary);
    // Requests arriving together share one search.
    this.search ??= this.searchHosts().finally(() => {
      this.search = undefined;
    });
    return this.search;
  }

  forget(host: Host): void {
    if (this.primary === host && !(this.hosts.length === 1 && this.target === 'any'))
      this.primary = undefined;
  }

  /** Whether a connected session is what DATABASE_URL asks for (libpq asks the same questions). */
  async accepts(client: pg.Client): Promise<boolean> {
    if (this.target === 'any') return true;
    if (this.target === 'primary') {
      const { rows } = await client.query<{ standby: boolean }>('select pg_is_in_recovery() as standby');
      return rows[0]?.standby === false;
    }
    const { rows } = await client.query<{ transaction_read_only: string }>('show transaction_read_only');
    return rows[0]?.transaction_read_only === 'off';
  }

  private async searchHosts(): Promise<Host> {
    for (const host of this.hosts) {
      const probe = new pg.Client({ connectionString: host.url, connectionTimeoutMillis: PROBE_TIMEOUT_MS });
      probe.on('error', () => undefined); // a probe that breaks is only a host to skip
      try {
        await probe.connect();
        if (await this.accepts(probe)) {
          this.primary = host;
          return host;
        }
      } catch {
        // dead, starting, or refusing: the next host
      } finally {
        await probe.end().catch(() => undefined);
      }
    }
    throw new DatabaseConnectError('no host of DATABASE_URL accepts writes now');
  }
}

const locators = new Map<string, PrimaryLocator>();

function locatorFor(url: string): PrimaryLocator {
  let locator = locators.get(url);
  if (!locator) {
    const { urls, target } = parseMultiHostUrl(url);
    const hosts = urls.map((hostUrl) => {
      const parameters = new pg.Client({ connectionString: hostUrl });
      return { url: hostUrl, host: parameters.host, port: parameters.port };
    });
    locator = new PrimaryLocator(hosts, target);
    locators.set(url, locator);
  }
  return locator;
}

/**
 * What a pg.Pool or pg.Client is given for DATABASE_URL: the first host's URL (for everything but the
 * host: user, database, TLS) and a Client class whose `connect` goes to the primary. pg-boss passes
 * its options to pg.Pool as they are, so its connections take the same step.
 */
export function connectionToPrimary(url: string): {
  connectionString: string;
  connectionTimeoutMillis: number;
  Client: typeof pg.Client;
} {
  const locator = locatorFor(url);
  const first = locator.hosts[0] as Host;

  class PrimaryClient extends pg.Client {
    // pg-pool connects with a callback, the rest of the platform with the promise.
    override connect(): Promise<pg.Client>;
    override connect(callback: (error: Error | null, client?: pg.Client) => void): void;
    override connect(
      callback?: (error: Error | null, client?: pg.Client) => void,
    ): Promise<pg.Client> | void {
      const connected = this.connectToPrimary().then(() => this);
      if (!callback) return connected;
      connected.then(
        (client) => callback(null, client),
        (error: Error) => callback(error),
      );
    }

    private async connectToPrimary(): Promise<void> {
      const host = await locator.find();
      // node-postgres reads these two when it opens the socket; the rest of the URL is the same on every host.
      this.host = host.host;
      this.port = host.port;
      try {
        await super.connect();
      } catch (error) {
        locator.forget(host);
        throw new DatabaseConnectError('could not connect to the database', error);
      }
      let accepted: boolean;
      try {
        accepted = await locator.accepts(this);
      } catch (error) {
        locator.forget(host);
        await this.end().catch(() => undefined);
        throw new DatabaseConnectError('could not connect to the database', error);
      }
      if (!accepted) {
        // It was the primary when last asked: a failover since. The next connection searches again.
        locator.forget(host);
        await this.end().catch(() => undefined);
        throw new DatabaseConnectError('the host taken for the primary no longer accepts writes');
      }
    }
  }

  return { connectionString: first.url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, Client: PrimaryClient };
}
