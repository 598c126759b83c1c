import { useId } from 'react';
import { errorCode, errorMessage } from './apiError';

/**
 * A form's ids: each field's control, its message, and the control's `aria-invalid` and
 * `aria-describedby` while `hasError(name)`.
 */
export function useFieldIds<Name extends string>(hasError: (name: Name) => boolean) {
  const id = useId();
  const errorId = (name: Name) => `${id}-${name}-error`;
  return {
    fieldId: (name: string) => `${id}-${name}`,
    errorId,
    describedBy: (name: Name) => ({
      'aria-invalid': hasError(name) ? (true as const) : undefined,
      'aria-describedby': hasError(name) ? errorId(name) : undefined,
    }),
  };
}

/**
 * Where a trip item's form (a flight, a plan item) tells a refused save: the item gone meanwhile
 * (`gone`: it leaves the cache, the form says `goneMessage`), a member picked in `memberField`
 * who has left the trip since the list was loaded (the members are read again), or the server's
 * message above the buttons.
 */
export function tellSaveRefusal<Field extends string>(
  failure: unknown,
  {
    setError,
    fallback,
    gone,
    goneMessage,
    memberField,
    refetchMembers,
  }: {
    setError: (name: 'root.server' | Field, error: { message: string }) => void;
    fallback: string;
    /** Forgets the item edited; absent for a new one. */
    gone: (() => void) | null;
    goneMessage: string;
    memberField: Field;
    refetchMembers: () => void;
  },
) {
  const code = errorCode(failure);
  if (gone && code === 'not_found') {
    gone();
    setError('root.server', { message: goneMessage });
    return;
  }
  const message = errorMessage(failure, fallback);
  if (code === 'not_a_member') {
    setError(memberField, { message });
    refetchMembers();
    return;
  }
  setError('root.server', { message });
}
