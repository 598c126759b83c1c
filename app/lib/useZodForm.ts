import { zodResolver } from '@hookform/resolvers/zod';
import {
  type FieldErrors,
  type FieldValues,
  type UseFormProps,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form form checked by a zod schema: a shared contract, or a form-shaped schema
 * piped into one, so the rules and their words are the server's. Checked when sent, and again
 * only when sent: a message stays put while the person corrects the field (a form that wants its
 * message gone at the first keystroke clears it itself).
 */
export function useZodForm<S extends z.ZodType<unknown, FieldValues>>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    reValidateMode: 'onSubmit',
    ...options,
    resolver: zodResolver(schema),
  });
}

/**
 * The first message among a form's errors, in the order the schema found them (its fields in
 * order, a list's rows before the list as a whole) or the server's answer in `root`: for the
 * forms that show one message for the whole form.
 */
export function firstErrorMessage(errors: FieldErrors): string | undefined {
  for (const [key, error] of Object.entries(errors)) {
    // An error's `ref` is the field's element, not more errors.
    if (key === 'ref' || !error || typeof error !== 'object') continue;
    if (typeof error.message === 'string' && error.message) return error.message;
    const nested = firstErrorMessage(error as FieldErrors);
    if (nested) return nested;
  }
  return undefined;
}
