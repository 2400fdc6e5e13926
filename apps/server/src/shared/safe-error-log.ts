import pino from 'pino';

type ErrorLike = Error & Record<string, unknown>;

/** PostgreSQL's error fields that name the fault without the values involved. */
const DATABASE_FIELDS = ['code', 'severity', 'schema', 'table', 'column', 'dataType', 'constraint'];
const MAX_CAUSES = 5;
const VALUES_LEFT_OUT =
  'a database query failed (its message is left out of the log: it may hold personal data)';

/** What pino (and Fastify's types) expect of a logged error. */
export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/** drizzle's DrizzleQueryError (and PGlite's error): the query, and its values in `params` and the message. */
const isQueryError = (error: ErrorLike) => typeof error.query === 'string' && 'params' in error;
/** The database's own error (pg, PGlite): its message and `detail` can quote values ("Failing row contains …"). */
const isDatabaseError = (error: ErrorLike) =>
  typeof error.severity === 'string' && typeof error.code === 'string';

/**
 * The `err` of a log line. A failed query's error carries the ΑΦΜ, ΑΜΚΑ and document numbers it
 * was writing (drizzle's message and `params`, the database's message and `detail`), and the
 * logs must never hold them (docs/design.md §4). Such an error, wherever it sits in the cause chain,
 * is logged as what names the fault: each error's class and code, PostgreSQL's table, column
 * and constraint, the query text (values are `$n` placeholders in it) and the stack frames,
 * but no message. Any other error is logged whole, as pino does.
 */
export function serializeError(error: Error): LoggedError {
  const chain = causeChainOf(error);
  if (!chain.some((link) => isQueryError(link) || isDatabaseError(link)))
    return pino.stdSerializers.err(error);
  const [top = {}, ...causes] = chain.map(describeWithoutValues);
  // PGlite's own error repeats drizzle's query text: once is enough.
  for (const cause of causes) if (cause.query === top.query) delete cause.query;
  const cause = nestCauses(causes);
  return {
    type: String(top.type),
    message: VALUES_LEFT_OUT,
    stack: stackFramesOf(error) ?? '',
    ...top,
    ...(cause ? { cause } : {}),
  };
}

/** Nested as pino nests causes: the outermost error first. */
function nestCauses(causes: Record<string, unknown>[]): Record<string, unknown> | undefined {
  const [first, ...rest] = causes;
  if (!first) return undefined;
  const inner = nestCauses(rest);
  return inner ? { ...first, cause: inner } : first;
}

function causeChainOf(error: unknown): ErrorLike[] {
  const chain: ErrorLike[] = [];
  for (let link = error; link instanceof Error && chain.length < MAX_CAUSES; link = link.cause) {
    chain.push(link as ErrorLike);
  }
  return chain;
}

function describeWithoutValues(error: ErrorLike): Record<string, unknown> {
  // PGlite's bundle renames its DatabaseError class: the kind is what matters.
  const type = isDatabaseError(error) ? 'DatabaseError' : error.constructor.name || error.name;
  const summary: Record<string, unknown> = { type };
  for (const field of DATABASE_FIELDS) {
    const value = error[field];
    if (typeof value === 'string' || typeof value === 'number') summary[field] = value;
  }
  if (isQueryError(error)) summary.query = error.query;
  return summary;
}

/** The stack without its first lines, the message: left out when it cannot be cut off exactly. */
function stackFramesOf(error: Error): string | undefined {
  const header = `${error.name}: ${error.message}\n`;
  return error.stack?.startsWith(header) ? error.stack.slice(header.length) : undefined;
}
