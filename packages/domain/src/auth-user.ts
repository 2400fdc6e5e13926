import { ROLES } from './constants';
import type { AuthUser } from './schemas/auth';

/**
 * The browser's check of GET /api/auth/user, without zod: the session check runs on every
 * page load, and zod stays out of the landing page's JavaScript. It checks the same fields
 * as `authUserSchema`, which the server answers through.
 */
export function isAuthUser(value: unknown): value is AuthUser {
  if (typeof value !== 'object' || value === null) return false;
  const user = value as Record<string, unknown>;
  return (
    ['firstname', 'lastname', 'taxid', 'logoutUrl'].every((key) => typeof user[key] === 'string') &&
    (ROLES as readonly unknown[]).includes(user.TICKET_ROLE)
  );
}
