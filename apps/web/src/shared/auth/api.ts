import { queryOptions, useQuery } from '@tanstack/react-query';
import { isAuthUser, type AuthUser } from '@tickets/domain';
import { apiCall } from '../api/client';
import { useApiMutation, type MutationReactions } from '../api/mutation';
import { leaveFor } from '../browser';

/** The session of docs/product-spec.md §4: one resource, one cache entry. */
export const authKeys = {
  all: ['auth'] as const,
  sessionUser: () => [...authKeys.all, 'session-user'] as const,
};

/** The signed-in person, checked with `isAuthUser` (the fields of `authUserSchema`, without zod). */
async function fetchSessionUser(): Promise<AuthUser> {
  const body: unknown = await apiCall('get', '/api/auth/user');
  if (!isAuthUser(body)) throw new Error('not a user');
  return body;
}

/**
 * The session check, once a page load (docs/product-spec.md §4): never stale, never dropped, and a
 * failed check not asked again when another screen mounts. `null` once the person has logged out.
 */
const sessionUserQuery = queryOptions<AuthUser | null>({
  queryKey: authKeys.sessionUser(),
  queryFn: fetchSessionUser,
  staleTime: Infinity,
  gcTime: Infinity,
  retryOnMount: false,
});

export const useSessionUser = () => useQuery(sessionUserQuery);

const logOut = async (): Promise<void> => {
  await apiCall('post', '/api/auth/logout');
};

/**
 * Logs out the person it is given (docs/product-spec.md §4): POST /api/auth/logout; once it succeeds
 * the session is over here too, and the page goes on to the person's TaxisNet logout, which sends
 * them back to this site. A screen adds what it does on a failure.
 */
export const useLogoutMutation = ({ onError }: Pick<MutationReactions<void, AuthUser>, 'onError'> = {}) =>
  useApiMutation(
    (_user: AuthUser) => logOut(),
    { updates: (client) => client.setQueryData(sessionUserQuery.queryKey, null) },
    {
      onSuccess: (_answer, user) => {
        if (user.logoutUrl) leaveFor(`${user.logoutUrl}/?url=${window.location.origin}`);
      },
      onError,
    },
  );
