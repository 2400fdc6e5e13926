import type { FastifyRequest } from 'fastify';

/**
 * A request's cookies, parsed when first asked for. The cookie plugin is registered without its hook
 * (plugins/sessions.ts), which would parse every request's cookies, and make each a map for the
 * cookies it may set, before any route ran: a gate's scan, a provider's import and a page read none,
 * and a session check only its own (measured: bench/README.md, "The access step, before and after").
 */
export function cookiesOf(request: FastifyRequest): FastifyRequest['cookies'] {
  // Null until parsed (the plugin declares it so); its type says what it holds once parsed.
  const parsed = request.cookies as FastifyRequest['cookies'] | null;
  return parsed ?? (request.cookies = request.server.parseCookie(request.headers.cookie ?? ''));
}
