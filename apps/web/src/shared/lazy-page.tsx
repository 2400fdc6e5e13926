import { lazy, type ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@tickets/domain';

/**
 * A page whose code loads on first visit, given up after the chunk timeout of docs/product-spec.md §9 so
 * that a stalled phone connection ends in the error page rather than a spinner forever. It renders
 * under the one query client, whose code loads beside the first such page.
 */
export function lazyPage<Props extends object>(load: () => Promise<{ default: ComponentType<Props> }>) {
  return lazy(() =>
    Promise.race([
      Promise.all([load(), import('./api/query-client')]).then(([page, { withQueryClient }]) => ({
        default: withQueryClient(page.default),
      })),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('chunk load timed out')), CHUNK_LOAD_TIMEOUT_MS),
      ),
    ]),
  );
}
