type NamedUser =
  | {
      firstName?: string | null;
      lastName?: string | null;
      email?: string | null;
      /** The address given at sign-up, before its link is opened. */
      pendingEmail?: string | null;
    }
  | null
  | undefined;

const firstLetter = (value: string | null | undefined) =>
  (value ?? '').trim().charAt(0).toUpperCase();

/**
 * The avatar fallback on the profile and in the account menu (spec §2 Profile): first letters of
 * first and last name, else the first letter of the e-mail, else U.
 */
export function profileInitials(user: NamedUser): string {
  const first = firstLetter(user?.firstName);
  const last = firstLetter(user?.lastName);
  if (first && last) return first + last;
  return firstLetter(user?.email ?? user?.pendingEmail) || 'U';
}

/** The landing page header's avatar (spec §2 Profile): name initials, else NS. */
export function headerInitials(user: NamedUser): string {
  return firstLetter(user?.firstName) + firstLetter(user?.lastName) || 'NS';
}

/** Initials from a display name alone ("Ana Lima" → AL), for members and presence avatars. */
export function nameInitials(name: string): string {
  const [firstName, ...rest] = name.trim().split(/\s+/);
  return profileInitials({ firstName, lastName: rest.at(-1), email: name });
}
