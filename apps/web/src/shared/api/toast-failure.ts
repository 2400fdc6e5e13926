import { failureMessage } from './client';

/**
 * A toast, its library fetched when one is shown: react-toastify is then already there for the toast
 * host (loaded beside the layout, app/app-layout.tsx), and stays off every screen's first load.
 */
function showToast(kind: 'success' | 'error', message: string): void {
  void import('react-toastify').then(({ toast }) => toast[kind](message));
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
