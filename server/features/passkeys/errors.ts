import { HttpError } from '../../platform/errors';

/** An answer that does not verify. `cause` (the library's reason) is for the log only. */
export const verificationFailed = (
  cause?: unknown,
  message = 'Your passkey could not be verified. Please try again.',
) => new HttpError('passkey_verification_failed', message, { cause });

export const unknownPasskey = (message = 'This passkey is not registered with Tripmates.') =>
  new HttpError('passkey_unknown', message);

export const noSuchPasskey = () => new HttpError('not_found', 'No such passkey');
