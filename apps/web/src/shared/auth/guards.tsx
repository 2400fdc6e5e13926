import { Navigate, Outlet } from 'react-router';
import type { Role } from '@tickets/domain';
import { paths } from '../paths';
import { useAuth } from './use-auth';

/**
 * docs/product-spec.md §6: unauthenticated → the start; authenticated with the wrong role → access denied.
 * A convenience only: the server enforces every role on every call.
 */
export function RequireRole({ roles }: { roles: readonly Role[] }) {
  const { isAuth, authUser } = useAuth();
  if (!isAuth || !authUser) return <Navigate to={paths.root} replace />;
  if (!roles.includes(authUser.TICKET_ROLE)) return <Navigate to={paths.tickets.error} replace />;
  return <Outlet />;
}

export const CITIZEN_ROLES = ['STANDARD_USER', 'OFFICER'] as const satisfies readonly Role[];
export const OFFICER_ROLES = ['OFFICER'] as const satisfies readonly Role[];
