import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { AuthUser } from '@tickets/domain';
import { leaveFor } from '../browser';
import { fetchSessionUser, logOut } from './api';

/** Auth state (docs/product-spec.md §4): unauthenticated, uninitialised until the session check answers. */
export interface AuthState {
  isAuth: boolean;
  authUser: AuthUser | undefined;
  initialized: boolean;
}

interface AuthContextValue extends AuthState {
  /**
   * POST /api/auth/logout; on success, on to TaxisNet's logout (docs/product-spec.md §4). Throws on failure.
   */
  logout(): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | undefined>(undefined);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ isAuth: false, authUser: undefined, initialized: false });

  useEffect(() => {
    let current = true;
    fetchSessionUser().then(
      (authUser) => current && setState({ isAuth: true, authUser, initialized: true }),
      // docs/product-spec.md §8: any failure of the session check means "not authenticated", no message.
      () => current && setState({ isAuth: false, authUser: undefined, initialized: true }),
    );
    return () => {
      current = false;
    };
  }, []);

  const logout = useCallback(async () => {
    const logoutUrl = state.authUser?.logoutUrl;
    await logOut();
    setState({ isAuth: false, authUser: undefined, initialized: true });
    if (logoutUrl) leaveFor(`${logoutUrl}/?url=${window.location.origin}`);
  }, [state.authUser]);

  const value = useMemo(() => ({ ...state, logout }), [state, logout]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
}
