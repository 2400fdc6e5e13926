import type { AuthUser } from '@tickets/domain';
import { useSessionUser } from './api';

/** Auth state (docs/product-spec.md §4): unauthenticated, uninitialised until the session check answers. */
export interface AuthState {
  isAuth: boolean;
  authUser: AuthUser | undefined;
  initialized: boolean;
}

/** The auth state, read from the session check's query (`useSessionUser`). */
export function useAuth(): AuthState {
  const session = useSessionUser();
  // docs/product-spec.md §8: any failure of the session check means "not authenticated", no message.
  const authUser = session.isSuccess ? (session.data ?? undefined) : undefined;
  return { isAuth: authUser !== undefined, authUser, initialized: !session.isPending };
}
