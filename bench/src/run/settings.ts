/** `npm run bench`'s settings, from the environment (bench/README.md), and the ticket ranges they make. */

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** The servers listen on the five ports after this one (another bench on the machine takes others). */
export const PORTS = Number(process.env.BENCH_PORT_BASE ?? 9300);
export const PGLITE_TICKETS = Number(process.env.BENCH_PGLITE_TICKETS ?? 100_000);
export const PG_TICKETS = Number(process.env.BENCH_PG_TICKETS ?? 1_000_000);
export const PG_SUSPENSIONS = Number(process.env.BENCH_PG_SUSPENSIONS ?? 100_000);
export const PG_DECLARATIONS = Number(process.env.BENCH_PG_DECLARATIONS ?? 50_000);
/** Printed tickets for the gate scenario: each admission takes the next one. */
export const PG_PRINTED = Number(process.env.BENCH_PG_PRINTED ?? 300_000);
/**
 * Only the scenarios whose names contain one of these (comma-separated, any case), e.g. `gate`;
 * an engine none of them runs on is skipped, and so is the raw COPY. All when unset.
 */
export const ONLY = (process.env.BENCH_SCENARIOS ?? '')
  .split(',')
  .map((name) => name.trim().toLowerCase())
  .filter(Boolean);
export const selected = (scenario: { name: string }) =>
  ONLY.length === 0 || ONLY.some((name) => scenario.name.toLowerCase().includes(name));
/** Fans adding their tickets in the release rush (PostgreSQL; each a person and a ticket of their own). */
const PG_CLAIMS = Number(process.env.BENCH_PG_CLAIMS ?? 200_000);
/** The printed tickets come after the minors' of the declarations (a minor without a companion would be refused). */
export const PRINTED_FROM = PG_DECLARATIONS;
/** The claims' tickets come after the printed ones, and well before those personalization counts down from. */
export const CLAIMS_FROM = PRINTED_FROM + PG_PRINTED;
export const PERSONALIZATION_MARGIN = 100_000;
export const claimCount = (tickets: number) =>
  Math.max(0, Math.min(PG_CLAIMS, tickets - CLAIMS_FROM - PERSONALIZATION_MARGIN));
