import { isAuthUser, type AuthUser } from '@tickets/domain';
import { apiCall } from '../api/client';

/**
 * The session check and logout (docs/product-spec.md §4). Called by the auth provider, which the
 * landing page renders before the query library loads (shared/api/query-client.tsx), so these two
 * are plain calls of the client, not queries.
 */
export async function fetchSessionUser(): Promise<AuthUser> {
  const body: unknown = await apiCall('get', '/api/auth/user');
  if (!isAuthUser(body)) throw new Error('not a user');
  return body;
}

export const logOut = async (): Promise<void> => {
  await apiCall('post', '/api/auth/logout');
};
