import { failureMessage } from './client';

let hostWanted = false;
const listeners = new Set<() => void>();
let hostMounted: () => void = () => undefined;
const hostReady = new Promise<void>((resolve) => {
  hostMounted = resolve;
});

/**
 * The layout's toast host (app/app-layout.tsx) and react-toastify are fetched with the first toast,
 * not with the first screen (bench/README.md, Lighthouse): the layout shows the host once `wanted`,
 * and the host says when it is `mounted`, the toast then shown.
 */
export const toastHost = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  wanted: () => hostWanted,
  mounted: () => hostMounted(),
};

function showToast(kind: 'success' | 'error', message: string): void {
  if (!hostWanted) {
    hostWanted = true;
    for (const listener of listeners) listener();
  }
  void hostReady.then(() => import('react-toastify')).then(({ toast }) => toast[kind](message));
}

/**
 * The one way a failed call is told in a toast (docs/product-spec.md §8): the server's description,
 * else the screen's default (the system message unless the spec names another).
 */
export function toastFailure(error: unknown, fallback?: string): void {
  showToast('error', failureMessage(error, fallback));
}

/** A write done, told in a toast (the spec's success messages). */
export function toastSuccess(message: string): void {
  showToast('success', message);
}
