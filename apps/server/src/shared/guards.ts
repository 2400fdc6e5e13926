import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error';
import type { SessionUser } from './sessions';

/**
 * Route guards (DESIGN.md §3): the server enforces roles on every request; the client's
 * guards are a convenience. `request.user` is resolved from the session cookie beforehand.
 */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.user) throw new AppError('UNAUTHENTICATED');
}

export async function requireOfficer(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.user) throw new AppError('UNAUTHENTICATED');
  if (request.user.role !== 'OFFICER') throw new AppError('FORBIDDEN');
}

/** The authenticated user, for handlers behind `requireUser`/`requireOfficer`. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('UNAUTHENTICATED');
  return request.user;
}
