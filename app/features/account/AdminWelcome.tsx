import { ClipboardList, ShieldCheck, Sparkles, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Link } from '@/lib/router';
import { APP_NAME } from '../../../shared/constants';
import type { CurrentUser } from '../../../shared/contracts/account';
import { useMarkAdminWelcomed } from './useAccount';

/** The admin screens, as the welcome and the account menu name them. */
export const ADMIN_SCREENS = [
  {
    to: '/admin/waitlist',
    label: 'Waitlist',
    what: 'who is waiting for the launch, and where they signed up',
    Icon: ClipboardList,
  },
  {
    to: '/admin/waitlist?tab=early-access',
    label: 'Early access',
    what: 'requests for a paid plan, to grant',
    Icon: Sparkles,
  },
  {
    to: '/admin/waitlist?tab=people',
    label: 'People',
    what: 'every account: plans, two-factor, last seen',
    Icon: Users,
  },
] as const;

function ScreenLink({
  to,
  onOpen,
  children,
}: {
  to: string;
  onOpen: () => void;
  children: ReactNode;
}) {
  return (
    <Link
      to={to}
      onClick={onOpen}
      className="flex items-start gap-3 rounded-lg border border-border p-3 transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      {children}
    </Link>
  );
}

/**
 * Issue #38: the first account (or one promoted later) learns once that it is the
 * administrator, and where its screens are. Closing it any way — Got it, Escape, a screen's link
 * — marks it seen on the server, so it never shows again for this account.
 */
export function AdminWelcome({ user }: { user: CurrentUser }) {
  const seen = useMarkAdminWelcomed();
  const open = user.role === 'admin' && user.adminWelcome && !seen.isPending && !seen.isSuccess;

  function handleSeen() {
    if (!seen.isPending && !seen.isSuccess) seen.mutate();
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !next && handleSeen()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <ShieldCheck aria-hidden className="size-5 shrink-0 text-primary" />
            You're the administrator
          </DialogTitle>
          <DialogDescription>
            Your account runs this {APP_NAME}: besides planning trips, you look after the people on
            it. The admin screens are always in your account menu, under Admin:
          </DialogDescription>
        </DialogHeader>
        <nav aria-label="Admin screens">
          <ul className="grid gap-2">
            {ADMIN_SCREENS.map(({ to, label, what, Icon }) => (
              <li key={to}>
                <ScreenLink to={to} onOpen={handleSeen}>
                  <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
                  <span className="grid gap-0.5">
                    <span className="font-medium">{label}</span>
                    <span className="text-sm text-muted-foreground">{what}</span>
                  </span>
                </ScreenLink>
              </li>
            ))}
          </ul>
        </nav>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button">Got it</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
