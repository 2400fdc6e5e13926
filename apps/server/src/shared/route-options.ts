import type { FastifyContextConfig, FastifySchema } from 'fastify';
import type { Access } from './guards';

/**
 * A routes file's options for one kind of caller, written once: who may call the route
 * (`config.access`, enforced for every route by plugins/access.ts) and the OpenAPI tags it is listed
 * under. `officerRoute({ summary, body, response })` is
 * `{ config: { access: 'officer' }, schema: { tags, summary, body, response } }`; a route's own
 * config (a rate limit, `namesAPerson`) is the second argument, any other option stands beside the call.
 */
export const routeOptions =
  (access: Access, tags: string[]) =>
  <S extends FastifySchema>(schema: S, config: Omit<FastifyContextConfig, 'access'> = {}) => ({
    config: { access, ...config },
    schema: { tags, ...schema },
  });
