import { RECOVERY_CODE_COUNT, RECOVERY_CODES_LOW } from '../../../shared/contracts/twofactor';

/** What the security panels say about `left` recovery codes, and whether it is a warning. */
export function recoveryCodesSummary(left: number): { text: string; warn: boolean } {
  if (left === 0) {
    return {
      text: 'No recovery codes. Make some, so you can still sign in if you lose your phone.',
      warn: true,
    };
  }
  const count = `${left} of ${RECOVERY_CODE_COUNT} recovery codes left`;
  if (left <= RECOVERY_CODES_LOW) {
    return { text: `${count}. Make new ones before you run out.`, warn: true };
  }
  return { text: `${count}. Each one signs you in once if you lose your phone.`, warn: false };
}

/** What a sign-in with a recovery code says: how many are left, and to make more when few. */
export function recoveryCodesLeftMessage(left: number): string {
  if (left === 0) {
    return 'You used your last recovery code. Make new ones on your security page now.';
  }
  const count = `${left} of ${RECOVERY_CODE_COUNT} recovery codes left`;
  if (left <= RECOVERY_CODES_LOW) {
    return `Signed in with a recovery code. Only ${count}: make new ones on your security page.`;
  }
  return `Signed in with a recovery code. ${count}.`;
}
