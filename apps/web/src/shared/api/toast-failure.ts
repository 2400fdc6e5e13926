import { toast } from 'react-toastify';
import { failureMessage } from './client';

/**
 * The one way a failed call is told in a toast (docs/product-spec.md §8): the server's description,
 * else the screen's default (the system message unless the spec names another).
 */
export function toastFailure(error: unknown, fallback?: string): void {
  toast.error(failureMessage(error, fallback));
}
