import type { AnyUseMutationOptions, MutationKey, QueryClient } from '@tanstack/react-query';

/**
 * What a mutation does wherever it runs (issue #37): its request and what follows its answer in
 * the cache, declared once under its key `[feature, action]` with TanStack Query's
 * `mutationOptions`. Each feature lists its own in a `<thing>Mutations` map, its `ClientFeature`
 * hands them to the registry, and every one is registered on the query client
 * (`registerMutations`), so that a mutation paused while offline, or kept across a reload, can be
 * run again from its key and its variables alone. Variables are therefore plain data holding
 * all the request needs (the trip's id, a new item's id), never a closure.
 */
export type RegisteredMutation = AnyUseMutationOptions & { mutationKey: MutationKey };

/**
 * Registers each mutation's defaults under its key; registering one again replaces it. (Loaded
 * with every page, this module holds no more than that: components use `useMutationWith`.)
 */
export function registerMutations(client: QueryClient, mutations: Iterable<RegisteredMutation>) {
  for (const { mutationKey, ...defaults } of mutations) {
    client.setMutationDefaults(mutationKey, defaults);
  }
}
