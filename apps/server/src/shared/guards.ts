import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error';
import type { SessionUser } from './sessions';

/**
 * Who may call a route (docs/design.md §3), declared on every /api route as `config.access` and
 * enforced for all of them by one hook before the body is even read: the server is the
 * enforcement, the client's guards a convenience. `provider` routes check their API key, `device`
 * routes a gate device's token.
 */
export const ACCESS_LEVELS = ['public', 'user', 'officer', 'provider', 'device'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

export function enforceAccess(request: FastifyRequest): void {
  const access = request.routeOptions.config.access;
  if (access !== 'user' && access !== 'officer') return;
  if (!request.user) throw new AppError('UNAUTHENTICATED');
  if (access === 'officer' && request.user.role !== 'OFFICER') throw new AppError('FORBIDDEN');
}

/** The authenticated user, for handlers behind `requireUser`/`requireOfficer`. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('UNAUTHENTICATED');
  return request.user;
}
