import { eq, Placeholder, sql, type SQL } from 'drizzle-orm';
import { events } from '../db/schema';

/**
 * What an officer may see and change: the events of their own club, or of every club when the
 * officer is platform-wide (docs/design.md §5). Another club's event is as good as absent.
 *
 * For a query built per request, pass the officer (no condition when platform-wide); for a prepared
 * one, the placeholder the officer's organisation is bound to (null binds every club).
 */
export function officerScope(officer: { organisationId: string | null }): SQL | undefined;
export function officerScope(organisationId: Placeholder): SQL;
export function officerScope(scope: { organisationId: string | null } | Placeholder): SQL | undefined {
  if (scope instanceof Placeholder) {
    return sql`(${scope}::text is null or ${events.organisationId} = ${scope})`;
  }
  return scope.organisationId ? eq(events.organisationId, scope.organisationId) : undefined;
}
