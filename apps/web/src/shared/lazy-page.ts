import { lazy, type ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@tickets/domain';

/**
 * A page whose code loads on first visit, given up after the chunk timeout of docs/product-spec.md §9 so
 * that a stalled phone connection ends in the error page rather than a spinner forever.
 */
export function lazyPage<Props>(load: () => Promise<{ default: ComponentType<Props> }>) {
  return lazy(() =>
    Promise.race([
      load(),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('chunk load timed out')), CHUNK_LOAD_TIMEOUT_MS),
      ),
    ]),
  );
}
