import { type ComponentProps, type RefObject, useEffect, useRef } from 'react';
import { FormError } from '@/components/FormError';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { CodeInput } from './CodeInput';
import type { SecondFactor } from './useSecondFactor';

/** A recovery code field: letters and digits as typed, `xxxxx-xxxxx` or any case and spacing. */
export function RecoveryCodeInput({
  value,
  onValueChange,
  className,
  ...props
}: Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type'> & {
  value: string;
  onValueChange: (value: string) => void;
}) {
  return (
    <Input
      type="text"
      autoComplete="off"
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      maxLength={32}
      placeholder="xxxxx-xxxxx"
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
      className={cn('h-12 text-center font-mono text-lg tracking-widest sm:text-lg', className)}
      {...props}
    />
  );
}

/**
 * Every place that asks for a second factor (signing in, turning two-factor off, deleting the
 * account, making new recovery codes): the app's 6-digit code, with "Use a recovery code
 * instead" (issue #35) and back. Switching empties the field and puts the cursor in it. An
 * `error` shows under the field, which it marks and describes (issue #38).
 */
export function SecondFactorField({
  id,
  factor,
  inputRef,
  disabled,
  autoFocus,
  describedBy,
  error,
}: {
  id: string;
  /** Its state, from `useSecondFactor()`. */
  factor: SecondFactor;
  inputRef?: RefObject<HTMLInputElement | null>;
  disabled?: boolean;
  autoFocus?: boolean;
  describedBy?: string | undefined;
  /** What is wrong with the code sent, shown under the field. */
  error?: string | null;
}) {
  const { mode, setMode, code, setCode } = factor;
  const ownRef = useRef<HTMLInputElement>(null);
  const ref = inputRef ?? ownRef;
  const switched = useRef(false);

  // The switch replaces the field the person was about to type in: focus follows it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on a switch only
  useEffect(() => {
    if (switched.current) ref.current?.focus();
  }, [mode]);

  function handleSwitch() {
    switched.current = true;
    setCode('');
    setMode(mode === 'app' ? 'recovery' : 'app');
  }

  const errorId = `${id}-error`;
  const common = {
    ref,
    id,
    name: 'token',
    value: code,
    onValueChange: setCode,
    disabled,
    autoFocus,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [describedBy, error && errorId].filter(Boolean).join(' ') || undefined,
  };

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{mode === 'app' ? 'Authentication code' : 'Recovery code'}</Label>
      {mode === 'app' ? <CodeInput {...common} /> : <RecoveryCodeInput {...common} />}
      <FormError id={errorId} message={error} />
      <button
        type="button"
        onClick={handleSwitch}
        disabled={disabled}
        className="justify-self-start rounded-sm text-sm font-medium text-primary hover:underline disabled:pointer-events-none disabled:opacity-50"
      >
        {mode === 'app' ? 'Use a recovery code instead' : 'Use your authenticator app instead'}
      </button>
    </div>
  );
}
