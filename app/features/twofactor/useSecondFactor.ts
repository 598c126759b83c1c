import { useState } from 'react';
import { type FormParse, parseForm } from '@/lib/validation';
import {
  normalizeRecoveryCode,
  RECOVERY_CODE_LENGTH,
  twoFactorCodeBody,
} from '../../../shared/contracts/twofactor';
import { CODE_LENGTH } from './CodeInput';

/** Which proof a second-factor field asks for: the app's 6 digits, or a recovery code. */
export type CodeMode = 'app' | 'recovery';

/**
 * Whether the field holds enough to send: 6 characters from the app, or a recovery code's 10
 * (spaces and dashes aside). What it holds is checked when it is sent, with a message.
 */
function codeReady(mode: CodeMode, value: string): boolean {
  if (mode === 'app') return value.trim().length >= CODE_LENGTH;
  return value.replace(/[\s-]/g, '').length >= RECOVERY_CODE_LENGTH;
}

/** What a recovery code field says when what it holds cannot be one. */
const NOT_A_RECOVERY_CODE = 'A recovery code is 10 letters and digits, like 7kq2m-x9fde';

/**
 * The code to send, checked as the server will check it: the app's 6 digits (the same schema
 * and message as before recovery codes), or a recovery code in any form a person may type.
 */
function parseSecondFactor(mode: CodeMode, value: string): FormParse<string> {
  if (mode === 'app') {
    const parsed = parseForm(twoFactorCodeBody, { token: value });
    return parsed.ok ? { ok: true, data: parsed.data.token } : parsed;
  }
  return normalizeRecoveryCode(value)
    ? { ok: true, data: value.trim() }
    : { ok: false, message: NOT_A_RECOVERY_CODE };
}

/**
 * What a `SecondFactorField` holds — which proof it asks for and what is typed — with the checks
 * its form makes: `ready` (enough to send) and `parse()` (the code to send, or why not).
 */
export function useSecondFactor() {
  const [mode, setMode] = useState<CodeMode>('app');
  const [code, setCode] = useState('');
  return {
    mode,
    setMode,
    code,
    setCode,
    ready: codeReady(mode, code),
    parse: () => parseSecondFactor(mode, code),
    /** An empty field for the app's code again. */
    reset: () => {
      setCode('');
      setMode('app');
    },
  };
}

export type SecondFactor = ReturnType<typeof useSecondFactor>;
