import { type MutateOptions, type UseMutationOptions, useMutation } from '@tanstack/react-query';

/**
 * A registered mutation as a component calls it: `mutate(input)` with what the component has,
 * made into the mutation's variables by `variablesOf` (which adds the trip's id, or a new item's
 * id chosen now, once, so that the request sent again is the same request). `variables` and the
 * callbacks a component passes to `mutate` see those variables.
 *
 * The defaults go to `useMutation` as well as to the client's registry: a component works on a
 * client that has not registered them yet (the landing page's, a test's).
 */
export function useMutationWith<TData, TVariables, TOnMutateResult, TInput>(
  defaults: UseMutationOptions<TData, Error, TVariables, TOnMutateResult>,
  variablesOf: (input: TInput) => TVariables,
) {
  const mutation = useMutation(defaults);
  type Callbacks = MutateOptions<TData, Error, TVariables, TOnMutateResult>;
  return {
    ...mutation,
    mutate: (input: TInput, callbacks?: Callbacks) =>
      mutation.mutate(variablesOf(input), callbacks),
    mutateAsync: (input: TInput, callbacks?: Callbacks) =>
      mutation.mutateAsync(variablesOf(input), callbacks),
  };
}
