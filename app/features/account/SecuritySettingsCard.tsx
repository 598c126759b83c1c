import { ChevronRight, ShieldCheck, ShieldOff } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DisableTwoFactorDialog } from '@/features/twofactor/DisableTwoFactorDialog';
import { RecoveryCodesPanel } from '@/features/twofactor/RecoveryCodesPanel';
import { TwoFactorDialog } from '@/features/twofactor/TwoFactorDialog';
import { Link } from '@/lib/router';
import type { CurrentUser } from '../../../shared/contracts/account';

/** The profile's Security Settings card (spec §2 Profile): turn two-factor on or off. */
export function SecuritySettingsCard({ user }: { user: CurrentUser }) {
  const enabled = user.twoFactorEnabled;
  const Icon = enabled ? ShieldCheck : ShieldOff;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Security Settings</CardTitle>
        <CardDescription>Protect your account with a second step at sign-in.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="flex flex-col gap-4 rounded-lg border border-border p-4 sm:flex-row sm:items-center">
          <span
            className={
              enabled
                ? 'grid size-10 shrink-0 place-items-center rounded-full bg-emerald-500/15 text-emerald-600 dark:text-emerald-300'
                : 'grid size-10 shrink-0 place-items-center rounded-full bg-amber-500/15 text-amber-600 dark:text-amber-300'
            }
          >
            <Icon aria-hidden className="size-5" />
          </span>
          <div className="grid flex-1 gap-1">
            <p className="flex flex-wrap items-center gap-2 font-medium">
              Two-factor authentication
              <Badge variant={enabled ? 'success' : 'warning'}>
                {enabled ? 'Enabled' : 'Disabled'}
              </Badge>
            </p>
            <p className="text-sm text-muted-foreground">
              {enabled
                ? 'Signing in asks for a code from your authenticator app.'
                : 'Add a code from an authenticator app to every sign-in.'}
            </p>
          </div>
          {enabled ? (
            <DisableTwoFactorDialog>
              <Button variant="outline" className="w-full sm:w-auto">
                Disable Two-Factor Authentication
              </Button>
            </DisableTwoFactorDialog>
          ) : (
            <TwoFactorDialog>
              <Button className="w-full sm:w-auto">Enable Two-Factor Authentication</Button>
            </TwoFactorDialog>
          )}
        </div>
        {enabled && <RecoveryCodesPanel />}
        <Link
          to="/security"
          className="group flex items-center justify-between gap-3 rounded-lg border border-border p-4 transition-colors hover:bg-accent"
        >
          <span className="grid gap-1">
            <span className="font-medium">Account Security</span>
            <span className="text-sm text-muted-foreground">
              Change your password, see login activity and signed-in devices.
            </span>
          </span>
          <ChevronRight
            aria-hidden
            className="size-5 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
          />
        </Link>
      </CardContent>
    </Card>
  );
}
