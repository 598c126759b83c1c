import { type ChangeEvent, type FocusEvent, type FormEvent, useId, useState } from 'react';
import { errorMessage } from '@/lib/apiError';
import { parseForm } from '@/lib/validation';
import {
  PASSKEY_NAME_MAX,
  type Passkey,
  renamePasskeyBody,
} from '../../../shared/contracts/passkeys';
import { useRenamePasskey } from './usePasskeys';

/**
 * A form that names a passkey (the row's inline rename, the dialog after adding one): the name,
 * checked with the server's schema, saved only when it changed. `onSaved` gets the name kept and
 * whether it was sent; `failure` is the message when the server refuses it.
 */
export function usePasskeyNameForm(
  passkey: Passkey,
  { onSaved, failure }: { onSaved: (name: string, renamed: boolean) => void; failure: string },
) {
  const id = useId();
  const rename = useRenamePasskey();
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string | null>(null);
  const errorId = `${id}-error`;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseForm(renamePasskeyBody, { name });
    if (!parsed.ok) {
      setError(parsed.message);
      return;
    }
    if (parsed.data.name === passkey.name) {
      onSaved(parsed.data.name, false);
      return;
    }
    setError(null);
    rename.mutate(
      { id: passkey.id, name: parsed.data.name },
      {
        onSuccess: () => onSaved(parsed.data.name, true),
        onError: (failed) => setError(errorMessage(failed, failure)),
      },
    );
  }

  return {
    handleSubmit,
    pending: rename.isPending,
    error,
    errorId,
    /** The name field's props, for the `Input` (and its label's `htmlFor`: `input.id`). */
    input: {
      id: `${id}-name`,
      value: name,
      maxLength: PASSKEY_NAME_MAX,
      autoComplete: 'off',
      onFocus: (event: FocusEvent<HTMLInputElement>) => event.currentTarget.select(),
      onChange: (event: ChangeEvent<HTMLInputElement>) => setName(event.target.value),
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? errorId : undefined,
    },
  };
}
