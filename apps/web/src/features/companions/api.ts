import { queryOptions } from '@tanstack/react-query';
import type { Declaration, Dependent, IndicateCompanionRequest } from '@tickets/domain';
import { apiCall, apiGet } from '../../shared/api/client';

/** The five dependents/declarations calls of docs/product-spec.md §7. */
export const fetchDependents = () => apiGet<Dependent[]>('/api/tickets/dependents/');

export const indicateCompanion = (request: IndicateCompanionRequest) =>
  apiCall<Declaration>('POST', '/api/tickets/dependents/declarations/indicate', request);

/** Newest first by timestamp (docs/product-spec.md §7), whatever order the server used. */
export const fetchDeclarations = async () =>
  (await apiGet<Declaration[]>('/api/tickets/dependents/declarations')).sort((a, b) =>
    b.timestamp.localeCompare(a.timestamp),
  );

/** The person's minors and their declarations, each one entry of the query cache. */
export const dependentsQuery = queryOptions({
  queryKey: ['companions', 'dependents'],
  queryFn: fetchDependents,
});
export const declarationsQuery = queryOptions({
  queryKey: ['companions', 'declarations'],
  queryFn: fetchDeclarations,
});

export const cancelDeclaration = (declarationId: string) =>
  apiCall<Declaration>(
    'DELETE',
    `/api/tickets/dependents/declarations/${encodeURIComponent(declarationId)}/cancel`,
    [],
  );

export const changeCompanion = (declarationId: string, companionAfm: string) =>
  apiCall<Declaration>('POST', '/api/tickets/dependents/declarations/modify', {
    declarationId,
    companionAfm,
  });

/** What the success screens need (docs/product-spec.md §2 "Success screen"). */
export interface CompanionSuccessState {
  declaration: Declaration;
}
