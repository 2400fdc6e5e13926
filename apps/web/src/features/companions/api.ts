import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Declaration, IndicateCompanionRequest } from '@tickets/domain';
import { apiCall } from '../../shared/api/client';
import { useApiMutation, type MutationReactions } from '../../shared/api/mutation';

/** The declarations calls of docs/product-spec.md §7 (the minors: `useDependents`, shared/api/dependents.ts). */
export const declarationKeys = { all: ['declarations'] as const };

/** Newest first by timestamp (docs/product-spec.md §7), whatever order the server used. */
const fetchDeclarations = async (): Promise<Declaration[]> =>
  (await apiCall('get', '/api/tickets/dependents/declarations')).sort((a, b) =>
    b.timestamp.localeCompare(a.timestamp),
  );

const declarationsQuery = queryOptions({ queryKey: declarationKeys.all, queryFn: fetchDeclarations });

export const useDeclarations = () => useQuery(declarationsQuery);

const indicateCompanion = (request: IndicateCompanionRequest): Promise<Declaration> =>
  apiCall('post', '/api/tickets/dependents/declarations/indicate', { body: request });

const cancelDeclaration = (declarationId: string): Promise<Declaration> =>
  apiCall('delete', '/api/tickets/dependents/declarations/{declarationId}/cancel', {
    params: { path: { declarationId } },
    body: [],
  });

const changeCompanion = ({
  declarationId,
  afm,
}: {
  declarationId: string;
  afm: string;
}): Promise<Declaration> =>
  apiCall('post', '/api/tickets/dependents/declarations/modify', {
    body: { declarationId, companionAfm: afm },
  });

/** Each write changes the person's declarations: the list is read again. */
const changesDeclarations = { invalidates: () => [declarationKeys.all] };

export const useIndicateCompanionMutation = (
  reactions?: MutationReactions<Declaration, IndicateCompanionRequest>,
) => useApiMutation(indicateCompanion, changesDeclarations, reactions);

export const useCancelDeclarationMutation = (reactions?: MutationReactions<Declaration, string>) =>
  useApiMutation(cancelDeclaration, changesDeclarations, reactions);

export const useChangeCompanionMutation = (
  reactions?: MutationReactions<Declaration, { declarationId: string; afm: string }>,
) => useApiMutation(changeCompanion, changesDeclarations, reactions);

/** What the success screens need (docs/product-spec.md §2 "Success screen"). */
export interface CompanionSuccessState {
  declaration: Declaration;
}
