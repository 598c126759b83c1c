import { ApiError } from '@/lib/apiError';
import { type LoginBody, loginBody, MESSAGES } from '../../../shared/contracts/auth';

export type LoginField = keyof LoginBody;

/**
 * Where a sign-in failure is shown (issue #38: in the form, as sign-up's are, not in a toast):
 * under the field `at` — the one to fix, where the cursor goes — or for the form as a whole
 * (`'form'`, a failure no field can fix). `invalid` are the fields marked wrong.
 */
export type SignInError = { message: string; at: LoginField | 'form'; invalid: LoginField[] };

const isLoginField = (name: unknown): name is LoginField =>
  name === 'username' || name === 'password';

/** The server was not reached: no answer, so nothing was wrong with what was typed. */
export const NO_CONNECTION = 'Please check your connection and try again.';

/**
 * The form's values as `POST /api/login` takes them, or the failure to show (spec §5: "Please
 * enter your username and password", at the first empty field).
 */
export function checkSignIn(
  values: LoginBody,
): { ok: true; data: LoginBody } | { ok: false; error: SignInError } {
  const parsed = loginBody.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const invalid = [
    ...new Set(parsed.error.issues.map((issue) => issue.path[0]).filter(isLoginField)),
  ];
  const message = parsed.error.issues[0]?.message ?? MESSAGES.missingCredentials;
  return { ok: false, error: { message, at: invalid[0] ?? 'form', invalid } };
}

/**
 * What a refused sign-in says, and where (spec §8: the server's message, else "Invalid username or
 * password"). A wrong name or password is one answer by design (the server does not tell which):
 * both fields are marked, the message sits under the password, the likelier one to retype. A
 * lock-out or too many tries is about the attempt, not a field.
 */
export function signInFailure(failure: unknown): SignInError {
  if (!(failure instanceof ApiError)) return { message: NO_CONNECTION, at: 'form', invalid: [] };
  const message = failure.serverMessage ?? MESSAGES.invalidCredentials;
  if (failure.code === 'invalid_credentials') {
    return { message, at: 'password', invalid: ['username', 'password'] };
  }
  const issue = failure.issues.find((each) => isLoginField(each.path));
  if (failure.code === 'invalid_input' && issue && isLoginField(issue.path)) {
    return { message: issue.message, at: issue.path, invalid: [issue.path] };
  }
  return { message, at: 'form', invalid: [] };
}
