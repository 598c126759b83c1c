import { type ComponentProps, type RefObject, useEffect, useRef } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { type FormParse, parseForm } from '@/lib/validation';
import {
  normalizeRecoveryCode,
  RECOVERY_CODE_LENGTH,
  twoFactorCodeBody,
} from '../../../shared/contracts/twofactor';
import { CODE_LENGTH, CodeInput } from './CodeInput';

/** Which proof a second-factor field asks for: the app's 6 digits, or a recovery code. */
export type CodeMode = 'app' | 'recovery';

/**
 * Whether the field holds enough to send: 6 characters from the app, or a recovery code's 10
 * (spaces and dashes aside). What it holds is checked when it is sent, with a message.
 */
export function codeReady(mode: CodeMode, value: string): boolean {
  if (mode === 'app') return value.trim().length >= CODE_LENGTH;
  return value.replace(/[\s-]/g, '').length >= RECOVERY_CODE_LENGTH;
}

/** What a recovery code field says when what it holds cannot be one. */
export const NOT_A_RECOVERY_CODE = 'A recovery code is 10 letters and digits, like 7kq2m-x9fde';

/**
 * The code to send, checked as the server will check it: the app's 6 digits (the same schema
 * and message as before recovery codes), or a recovery code in any form a person may type.
 */
export function parseSecondFactor(mode: CodeMode, value: string): FormParse<string> {
  if (mode === 'app') {
    const parsed = parseForm(twoFactorCodeBody, { token: value });
    return parsed.ok ? { ok: true, data: parsed.data.token } : parsed;
  }
  return normalizeRecoveryCode(value)
    ? { ok: true, data: value.trim() }
    : { ok: false, message: NOT_A_RECOVERY_CODE };
}

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
 * instead" (issue #35) and back. Switching empties the field and puts the cursor in it.
 */
export function SecondFactorField({
  id,
  mode,
  onModeChange,
  value,
  onValueChange,
  inputRef,
  disabled,
  autoFocus,
  describedBy,
}: {
  id: string;
  mode: CodeMode;
  onModeChange: (mode: CodeMode) => void;
  value: string;
  onValueChange: (value: string) => void;
  inputRef?: RefObject<HTMLInputElement | null>;
  disabled?: boolean;
  autoFocus?: boolean;
  describedBy?: string | undefined;
}) {
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
    onValueChange('');
    onModeChange(mode === 'app' ? 'recovery' : 'app');
  }

  const common = {
    ref,
    id,
    name: 'token',
    value,
    onValueChange,
    disabled,
    autoFocus,
    'aria-describedby': describedBy,
  };

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{mode === 'app' ? 'Authentication code' : 'Recovery code'}</Label>
      {mode === 'app' ? <CodeInput {...common} /> : <RecoveryCodeInput {...common} />}
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
