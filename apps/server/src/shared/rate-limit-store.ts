import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimitHits } from '../db/schema';

type Hits = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Hits) => void;
/** What the plugin passes a child besides its typings: the route itself, under `routeInfo`. */
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0] & {
  routeInfo?: { method?: string | string[]; url?: string };
};

/** Milliseconds left in a window, by the database's clock: the same for every process. */
const msLeft = sql<number>`greatest(0, ceil(extract(epoch from ${rateLimitHits.windowEndsAt} - now()) * 1000))::int`;

/**
 * @fastify/rate-limit's counters in PostgreSQL, so that every server process on one database draws
 * on one allowance (docs/design.md §2: nothing in process memory that another process needs). Fixed
 * windows, as the plugin's in-memory store counts them: the first hit opens a window, and the hits
 * after it ends start a new one. A route's limit counts under the route's name; a limiter made with
 * `createRateLimit` has no route, so its key generator names the bucket (`naming:<afm>`).
 */
class PostgresRateLimitStore implements FastifyRateLimitStore {
  constructor(
    private readonly db: Db,
    private readonly bucket: string,
  ) {}

  incr(key: string, callback: Callback, timeWindow: number): void {
    countHit(this.db, this.bucket + key, timeWindow).then((hits) => callback(null, hits), callback);
  }

  /** The hits so far, without counting one (`limiter(request, { increment: false })`). */
  read(key: string, callback: Callback): void {
    readHits(this.db, this.bucket + key).then((hits) => callback(null, hits), callback);
  }

  child(options: ChildOptions): FastifyRateLimitStore {
    const route = options.routeInfo;
    const bucket = route?.url ? `${[route.method].flat().join(',')} ${route.url} ` : '';
    return new PostgresRateLimitStore(this.db, bucket);
  }
}

/** The plugin builds its store itself (`new store(options)`): the database comes in by closure. */
export function rateLimitStoreOn(db: Db): FastifyRateLimitStoreCtor {
  return class extends PostgresRateLimitStore {
    constructor() {
      super(db, '');
    }
  };
}

/**
 * One atomic statement per hit: concurrent hits from any process each count once. Also counts what a
 * service limits itself (wrong claim codes, features/wallet/claims.service.ts), in a transaction of its own.
 */
export async function countHit(db: Pick<Db, 'insert'>, key: string, windowMs: number): Promise<Hits> {
  const windowEnded = sql`${rateLimitHits.windowEndsAt} <= now()`;
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key, count: 1, windowEndsAt: sql`now() + ${windowMs} * interval '1 millisecond'` })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        count: sql`case when ${windowEnded} then 1 else ${rateLimitHits.count} + 1 end`,
        windowEndsAt: sql`case when ${windowEnded} then excluded.window_ends_at else ${rateLimitHits.windowEndsAt} end`,
      },
    })
    .returning({ current: rateLimitHits.count, ttl: msLeft });
  if (!row) throw new Error('the rate-limit counter was not written');
  return row;
}

/** The hits of the window still open (none when it has ended). */
export async function readHits(db: Pick<Db, 'select'>, key: string): Promise<Hits> {
  const [row] = await db
    .select({ current: rateLimitHits.count, ttl: msLeft })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.windowEndsAt, sql`now()`)));
  return row ?? { current: 0, ttl: 0 };
}

/** Removes the counters of ended windows; run periodically with the other purges. */
export async function purgeExpiredRateLimitHits(db: Db): Promise<void> {
  await db.delete(rateLimitHits).where(lte(rateLimitHits.windowEndsAt, sql`now()`));
}
