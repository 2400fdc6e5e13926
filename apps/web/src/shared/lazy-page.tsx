import { lazy, type ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@tickets/domain';

/**
 * A page whose code loads on first visit, given up after the chunk timeout of docs/product-spec.md §9 so
 * that a stalled phone connection ends in the error page rather than a spinner forever. `preload()`
 * starts the download early (the page opened directly: while the session check is still out), and the page then
 * uses that same download.
 */
export function lazyPage<Props extends object>(load: () => Promise<{ default: ComponentType<Props> }>) {
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  const loadOnce = () => (loading ??= load());
  const Page = lazy(() =>
    Promise.race([
      loadOnce(),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('chunk load timed out')), CHUNK_LOAD_TIMEOUT_MS),
      ),
    ]),
  );
  // A failed preload is not reported here: the page's own load meets the same failure and shows it.
  return Object.assign(Page, { preload: () => void loadOnce().catch(() => undefined) });
}
