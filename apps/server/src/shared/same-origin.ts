import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence (docs/design.md §3): a state-changing call made with the session cookie must come
 * from the service's own pages (the browser's Origin header) and carry JSON, which a plain
 * HTML form cannot send.
 */
export function assertSameOriginJson(request: FastifyRequest, publicUrl: string): void {
  if (SAFE_METHODS.has(request.method)) return;
  if (request.headers.origin !== new URL(publicUrl).origin) throw new AppError('CROSS_ORIGIN_FORBIDDEN');
  const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'];
  const contentType = request.headers['content-type'] ?? '';
  if (hasBody && !/^application\/json\b/i.test(contentType)) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
}
