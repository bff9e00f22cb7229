import type { QueryClient } from '@tanstack/react-query';

/**
 * Local edits of a cached list that hold under quick successive edits (review mode sends one a key
 * press): a refetch in flight is cancelled before each local change, so an answer from before the
 * change cannot undo it, and the list is fetched again only once the last pending edit has settled.
 */
export function optimisticList<T>(queryClient: QueryClient, queryKey: readonly unknown[]) {
  return {
    /** The mutation key that groups the edits of this list. */
    mutationKey: queryKey,
    apply: async (update: (list: T[]) => T[]) => {
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData<T[]>(queryKey, (list) => (list ? update(list) : list));
    },
    /** For onSettled: the settling edit still counts as pending there. */
    settle: () => (queryClient.isMutating({ mutationKey: queryKey }) <= 1 ? queryClient.invalidateQueries({ queryKey }) : undefined),
  };
}
