/**
 * How long a process told to stop keeps serving with /readyz failing before it closes: in production,
 * long enough for deploy/haproxy.cfg's health check (every 1 s, out after 2 failures) to take it out
 * of the rotation, with a margin for a check under way; in development a single process with no
 * balancer, so Ctrl-C stops it at once.
 */
export const SHUTDOWN_DRAIN_DEFAULT_SECONDS = { production: 5, development: 0 } as const;

/**
 * After the drain, how long the requests in flight have before the process exits anyway (main.ts): a
 * stuck connection cannot hold a stop for ever. deploy/systemd/athletic-tickets@.service's
 * TimeoutStopSec is above the drain plus this (test/systemd-units.test.ts).
 */
export const SHUTDOWN_GRACE_MS = 20_000;
