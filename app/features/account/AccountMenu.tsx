import {
  Bell,
  Check,
  ClipboardList,
  Gem,
  LogOut,
  ShieldCheck,
  Sparkles,
  UserRound,
  Users,
} from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import { THEME_OPTIONS } from '@/components/ThemeToggle';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Link } from '@/lib/router';
import { isTheme, useTheme } from '@/lib/theme';
import { cn } from '@/lib/utils';
import type { CurrentUser } from '../../../shared/contracts/account';
import { profileInitials } from '../../../shared/initials';
import { PLAN_LIMITS } from '../../../shared/plans';
import { AdminWelcome } from './AdminWelcome';
import { displayName, shownEmail } from './ProfileHeader';

const itemClass = cn(
  'flex cursor-default select-none items-center gap-2 rounded-sm px-2 py-2 text-sm outline-none',
  'data-highlighted:bg-accent data-highlighted:text-accent-foreground [&_svg]:size-4 [&_svg]:text-muted-foreground',
);

function MenuLink({ to, icon, children }: { to: string; icon: ReactNode; children: ReactNode }) {
  return (
    <DropdownMenu.Item asChild className={itemClass}>
      <Link to={to}>
        {icon}
        {children}
      </Link>
    </DropdownMenu.Item>
  );
}

/**
 * The avatar menu of the top bar (spec §2 Trip dashboard, §4 Account menu): opens on a click of
 * the avatar, closes on an outside click or Escape. Log out is a full page navigation to
 * /logout (spec §2), so every in-memory state of the signed-in app goes with it. The Admin
 * section shows for administrators (the server checks the role again on every admin call); an
 * administrator new to it is welcomed once, with the admin screens named (issue #38).
 */
export function AccountMenu({ user }: { user: CurrentUser }) {
  const name = displayName(user);
  return (
    <>
      {user.role === 'admin' && <AdminWelcome user={user} />}
      <AccountMenuRoot user={user} name={name} />
    </>
  );
}

function AccountMenuRoot({ user, name }: { user: CurrentUser; name: string }) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={`Account menu for ${name}`}
        className="rounded-full outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
      >
        <Avatar className="size-9 text-sm">
          {user.profileImageUrl && <AvatarImage src={user.profileImageUrl} alt="" />}
          <AvatarFallback delayMs={user.profileImageUrl ? 600 : undefined}>
            {profileInitials(user)}
          </AvatarFallback>
        </Avatar>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          className="z-50 w-64 rounded-lg border border-border bg-popover p-1 text-popover-foreground shadow-lg"
        >
          <DropdownMenu.Label className="px-2 py-2">
            <p className="truncate text-sm font-semibold">{name}</p>
            <p className="truncate text-xs text-muted-foreground">{shownEmail(user)}</p>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <MenuLink to="/profile" icon={<UserRound aria-hidden />}>
            Profile
          </MenuLink>
          <MenuLink to="/profile?tab=security" icon={<ShieldCheck aria-hidden />}>
            Security &amp; 2FA
          </MenuLink>
          <MenuLink to="/profile?tab=notifications" icon={<Bell aria-hidden />}>
            Notification Settings
          </MenuLink>
          <MenuLink to="/plans" icon={<Gem aria-hidden />}>
            Plans
            <span className="ml-auto text-xs text-muted-foreground">
              {PLAN_LIMITS[user.plan].name}
            </span>
          </MenuLink>
          {user.role === 'admin' && (
            <>
              <DropdownMenu.Separator className="my-1 h-px bg-border" />
              <DropdownMenu.Group>
                <DropdownMenu.Label className="px-2 pt-1.5 pb-1 text-xs font-medium text-muted-foreground">
                  Admin
                </DropdownMenu.Label>
                <MenuLink to="/admin/waitlist" icon={<ClipboardList aria-hidden />}>
                  Waitlist Manager
                </MenuLink>
                <MenuLink to="/admin/waitlist?tab=early-access" icon={<Sparkles aria-hidden />}>
                  Early access
                </MenuLink>
                <MenuLink to="/admin/waitlist?tab=people" icon={<Users aria-hidden />}>
                  People
                </MenuLink>
              </DropdownMenu.Group>
            </>
          )}
          <ThemeChoice />
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item asChild className={itemClass}>
            {/* A plain link: a full page load, not a client-side route change. */}
            <a href="/logout">
              <LogOut aria-hidden />
              Log out
            </a>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/**
 * Light, Dark or System, in the menu on phones (issue #17): the top bar has no room for the
 * theme button there, which wider screens show beside the avatar.
 */
function ThemeChoice() {
  const { theme, setTheme } = useTheme();
  return (
    <div className="sm:hidden">
      <DropdownMenu.Separator className="my-1 h-px bg-border" />
      <DropdownMenu.Label className="px-2 pt-1.5 pb-1 text-xs font-medium text-muted-foreground">
        Theme
      </DropdownMenu.Label>
      <DropdownMenu.RadioGroup
        value={theme}
        onValueChange={(value) => {
          if (isTheme(value)) setTheme(value);
        }}
      >
        {THEME_OPTIONS.map(({ value, label, Icon }) => (
          <DropdownMenu.RadioItem key={value} value={value} className={itemClass}>
            <Icon aria-hidden />
            {label}
            <DropdownMenu.ItemIndicator className="ml-auto">
              <Check aria-hidden />
            </DropdownMenu.ItemIndicator>
          </DropdownMenu.RadioItem>
        ))}
      </DropdownMenu.RadioGroup>
    </div>
  );
}
