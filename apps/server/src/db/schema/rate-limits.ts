import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The rate limits' counters, shared by every server process on the database (docs/design.md §2): the
 * hits of one key (a route and a client address, or a limiter's own key) in its current window.
 * Rows past their window are purged with the other expired rows.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_hits_window_idx').on(t.windowEndsAt)],
);
