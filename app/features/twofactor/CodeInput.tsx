import type { ComponentProps } from 'react';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

/** spec §5, §9: two-factor codes are 6 digits. */
export const CODE_LENGTH = 6;

const onlyDigits = (text: string) => text.replace(/\D/g, '').slice(0, CODE_LENGTH);

/**
 * The 6-digit code field of every two-factor step (spec §5): at most 6 characters, the numeric
 * keypad on phones, and the browser's one-time-code autofill. `digitsOnly` drops anything but
 * digits as it is typed or pasted (the security page's panel does that).
 */
export function CodeInput({
  value,
  onValueChange,
  digitsOnly = false,
  className,
  ...props
}: Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type'> & {
  value: string;
  onValueChange: (value: string) => void;
  digitsOnly?: boolean;
}) {
  return (
    <Input
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={CODE_LENGTH}
      spellCheck={false}
      placeholder="000000"
      value={value}
      onChange={(event) => {
        const typed = event.target.value;
        onValueChange(digitsOnly ? onlyDigits(typed) : typed.slice(0, CODE_LENGTH));
      }}
      onPaste={(event) => {
        // The browser would cut "123 456" to "123 45" (maxLength) before we could strip it.
        if (!digitsOnly) return;
        const field = event.currentTarget;
        const start = field.selectionStart ?? value.length;
        const end = field.selectionEnd ?? value.length;
        event.preventDefault();
        onValueChange(
          onlyDigits(
            value.slice(0, start) + event.clipboardData.getData('text') + value.slice(end),
          ),
        );
      }}
      className={cn(
        // The indent balances the letter-spacing after the last digit, so the code sits centred.
        'h-12 indent-[0.5em] text-center font-mono text-xl tracking-[0.5em] sm:text-xl',
        className,
      )}
      {...props}
    />
  );
}
