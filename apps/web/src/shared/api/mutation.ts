import { useMutation, type QueryClient, type QueryKey, type UseMutationOptions } from '@tanstack/react-query';

/** What a screen adds to a feature's mutation hook: its own reactions (navigate, toast, a refusal). */
export type MutationReactions<TData, TVariables> = Omit<
  UseMutationOptions<TData, Error, TVariables>,
  'mutationFn'
>;

interface CacheChanges<TData, TVariables> {
  /** The keys (or key prefixes) of what the write changed: read again once it is done. */
  invalidates?: (data: TData, variables: TVariables) => QueryKey[];
  /** What the write's answer replaces in the cache, set from it without asking again. */
  updates?: (client: QueryClient, data: TData, variables: TVariables) => void;
}

/**
 * A feature's mutation (docs/design.md §6): the call, and what it changes in the cache, owned by the
 * feature's `api.ts`; the screen adds only its reactions, which run after the cache is brought up to date.
 */
export function useApiMutation<TData, TVariables = void>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  { invalidates, updates }: CacheChanges<TData, TVariables>,
  reactions: MutationReactions<TData, TVariables> = {},
) {
  return useMutation({
    ...reactions,
    mutationFn,
    onSuccess: (data, variables, onMutateResult, context) => {
      updates?.(context.client, data, variables);
      for (const queryKey of invalidates?.(data, variables) ?? [])
        void context.client.invalidateQueries({ queryKey });
      return reactions.onSuccess?.(data, variables, onMutateResult, context);
    },
  });
}
