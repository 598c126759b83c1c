import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import type { CurrentUser } from '../../../shared/contracts/account';
import { profileInitials } from '../../../shared/initials';
import { ProfilePictureControl } from './ProfilePictureControl';

/** First and last name, else the username. */
export function displayName(user: CurrentUser) {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
}

/** The address to show: the confirmed one, else the one waiting for its link to be opened. */
export function shownEmail(user: CurrentUser) {
  return user.email ?? user.pendingEmail ?? '';
}

/**
 * The profile's summary (spec §2 Profile): avatar, name, e-mail, Account Type and 2FA Status,
 * with the picture's own controls beside the avatar (issue #38 item 9).
 */
export function ProfileHeader({ user }: { user: CurrentUser }) {
  return (
    <Card className="flex-col gap-5 p-5 sm:flex-row sm:items-center sm:gap-6 sm:p-6">
      <Avatar className="size-20 text-2xl ring-4 ring-primary/15">
        {user.profileImageUrl && (
          <AvatarImage src={user.profileImageUrl} alt={`Profile picture of ${displayName(user)}`} />
        )}
        <AvatarFallback delayMs={user.profileImageUrl ? 600 : undefined}>
          {profileInitials(user)}
        </AvatarFallback>
      </Avatar>
      <div className="grid min-w-0 flex-1 gap-1">
        <h2 className="truncate text-xl font-semibold tracking-tight">{displayName(user)}</h2>
        <p className="flex min-w-0 gap-1.5 text-sm text-muted-foreground">
          <span className="truncate">{shownEmail(user)}</span>
          {!user.email && user.pendingEmail && (
            <span className="shrink-0 text-amber-600 dark:text-amber-400">(not confirmed)</span>
          )}
        </p>
        <p className="truncate text-xs text-muted-foreground">@{user.username}</p>
        <ProfilePictureControl user={user} />
      </div>
      <dl className="grid grid-cols-2 gap-4 sm:flex sm:flex-col sm:gap-3 sm:text-right">
        <div className="grid gap-1 sm:justify-items-end">
          <dt className="text-xs font-medium text-muted-foreground">Account Type</dt>
          <dd>
            <Badge variant={user.isPremium ? 'default' : 'secondary'}>
              {user.isPremium ? 'Premium' : 'Free'}
            </Badge>
          </dd>
        </div>
        <div className="grid gap-1 sm:justify-items-end">
          <dt className="text-xs font-medium text-muted-foreground">2FA Status</dt>
          <dd>
            <Badge variant={user.twoFactorEnabled ? 'success' : 'warning'}>
              {user.twoFactorEnabled ? 'Enabled' : 'Disabled'}
            </Badge>
          </dd>
        </div>
      </dl>
    </Card>
  );
}
