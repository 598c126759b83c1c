/**
 * The recovery codes as a person keeps them (issue #35): a text file naming the account and the
 * day they were made, so an old download is told from the current one.
 */

/** `2026-11-28`, in the person's own time zone. */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Whose codes they are: the username, and the confirmed address when there is one. */
export type CodesAccount = { username: string; email: string | null };

/** `tripmates-recovery-codes-ana-2026-11-28.txt`: the username made safe for a file name. */
export function recoveryCodesFileName(account: CodesAccount, date: Date): string {
  const safe = account.username
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `tripmates-recovery-codes-${safe || 'account'}-${localDay(date)}.txt`;
}

/** What the file (and the clipboard) holds: who, when, how to use them, and the codes. */
export function recoveryCodesText(codes: string[], account: CodesAccount, date: Date): string {
  return [
    'Tripmates recovery codes',
    `Account: ${account.username}${account.email ? ` (${account.email})` : ''}`,
    `Made: ${localDay(date)}`,
    '',
    'Each code signs you in once, in place of a code from your authenticator app.',
    'Keep them somewhere safe, such as a password manager. Making new codes on your',
    'security page stops these from working.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/** Saves the codes as a .txt file through the browser's download. */
export function downloadRecoveryCodes(codes: string[], account: CodesAccount, date = new Date()) {
  const blob = new Blob([recoveryCodesText(codes, account, date)], {
    type: 'text/plain;charset=utf-8',
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = recoveryCodesFileName(account, date);
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has started the download; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
