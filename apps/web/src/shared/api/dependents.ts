import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Dependent } from '@tickets/domain';
import { apiCall } from './client';

/**
 * The signed-in person's minors, as the registry has them: one resource, one cache entry, read by the
 * companions' screens and by the wallet stand-in's "for whom" choice (two features, so it lives here).
 */
export const dependentKeys = { all: ['dependents'] as const };

const fetchDependents = (): Promise<Dependent[]> => apiCall('get', '/api/tickets/dependents/');

export const dependentsQuery = queryOptions({ queryKey: dependentKeys.all, queryFn: fetchDependents });

export const useDependents = () => useQuery(dependentsQuery);
