import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { ApiError, errorMessage } from '@/lib/apiError';

// The browser's side of a passkey ceremony: SimpleWebAuthn's browser half, loaded only when a
// person starts one, and what to tell them when it does not finish.

/** Whether this browser can use passkeys at all (WebAuthn). */
export function browserHasPasskeys(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** navigator.credentials.create() with the server's options. */
export async function createPasskey(
  options: PublicKeyCredentialCreationOptionsJSON,
): Promise<RegistrationResponseJSON> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  return startRegistration({ optionsJSON: options });
}

/** navigator.credentials.get() with the server's options. */
export async function answerWithPasskey(
  options: PublicKeyCredentialRequestOptionsJSON,
): Promise<AuthenticationResponseJSON> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return startAuthentication({ optionsJSON: options });
}

/** How a ceremony ended, for people: `cancelled` is a calm note, not an error. */
export type CeremonyFailure = { cancelled: boolean; message: string };

const CANCELLED = new Set(['NotAllowedError', 'AbortError']);

/**
 * What went wrong in a passkey ceremony, in words. The person closing the browser's prompt (or
 * letting it time out) is `NotAllowedError` — WebAuthn does not tell the two apart — and is not a
 * failure worth a red box.
 */
export function describeCeremonyFailure(
  error: unknown,
  purpose: 'add' | 'sign-in',
): CeremonyFailure {
  if (error instanceof ApiError) {
    return {
      cancelled: false,
      message: errorMessage(error, 'Something went wrong. Please try again.'),
    };
  }
  const name = error instanceof Error ? error.name : '';
  const code = (error as { code?: unknown } | null)?.code;
  if (CANCELLED.has(name) || code === 'ERROR_CEREMONY_ABORTED') {
    return {
      cancelled: true,
      message:
        purpose === 'add'
          ? 'No passkey was added. You can try again whenever you are ready.'
          : 'No passkey was used. You can try again, or use your password.',
    };
  }
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError') {
    return {
      cancelled: false,
      message: 'This device already has a passkey for your account.',
    };
  }
  if (
    code === 'ERROR_INVALID_DOMAIN' ||
    code === 'ERROR_INVALID_RP_ID' ||
    name === 'SecurityError'
  ) {
    return {
      cancelled: false,
      message:
        "Passkeys can't be used at this web address. Open Tripmates at its usual address and try again.",
    };
  }
  if (
    code === 'ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT' ||
    code === 'ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT' ||
    name === 'NotSupportedError'
  ) {
    return {
      cancelled: false,
      message:
        "This device or security key can't hold a passkey. Try your phone, your computer's screen lock or a password manager.",
    };
  }
  return {
    cancelled: false,
    message:
      purpose === 'add'
        ? 'The passkey could not be added. Please try again.'
        : 'The passkey could not be used. Please try again.',
  };
}
