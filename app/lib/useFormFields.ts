import { type ChangeEvent, useId, useState } from 'react';

/**
 * State for a form of text inputs and its one error message. `field(name)` gives an input its
 * id, name, value and onChange, and — while there is an error — points aria-describedby at the
 * error (render it with id `${id}-error`), so screen readers read the message with the field.
 */
export function useFormFields<T extends Record<string, string>>(initial: T | (() => T)) {
  const id = useId();
  const [values, setValues] = useState<T>(initial);
  const [error, setError] = useState<string | null>(null);
  const field = (name: keyof T & string) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
    'aria-describedby': error ? `${id}-error` : undefined,
  });
  return { id, values, setValues, error, setError, field };
}
