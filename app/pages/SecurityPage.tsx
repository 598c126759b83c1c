import { History, KeyRound, type LucideIcon, ShieldCheck } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { PageShell } from '@/components/PageShell';
import { SignInRequired } from '@/components/SignInRequired';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/components/ui/card';
import { ChangePasswordDialog } from '@/features/account/ChangePasswordDialog';
import { DeleteAccountCard } from '@/features/account/DeleteAccountCard';
import { LoginActivityDialog } from '@/features/account/LoginActivityDialog';
import { useAuth } from '@/features/auth/useAuth';
import { PasskeysPanel } from '@/features/passkeys/PasskeysPanel';
import { DisableTwoFactorDialog } from '@/features/twofactor/DisableTwoFactorDialog';
import { RecoveryCodesPanel } from '@/features/twofactor/RecoveryCodesPanel';
import { TwoFactorPanel } from '@/features/twofactor/TwoFactorPanel';

function SecurityCard({
  Icon,
  title,
  badge,
  description,
  children,
}: {
  Icon: LucideIcon;
  title: string;
  badge?: ReactNode;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="gap-4">
      <CardHeader className="gap-3">
        <div className="flex items-center justify-between gap-2">
          <span className="grid size-10 place-items-center rounded-xl bg-primary/15 text-primary">
            <Icon aria-hidden className="size-5" />
          </span>
          {badge}
        </div>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className="flex-1">
        <CardDescription>{description}</CardDescription>
      </CardContent>
      <CardFooter className="flex-wrap gap-2">{children}</CardFooter>
    </Card>
  );
}

/** `/security` (spec §2 Security page): password, two-factor, login activity, account deletion. */
export default function SecurityPage() {
  const { user } = useAuth();
  const [panelOpen, setPanelOpen] = useState(false);
  if (!user) {
    return (
      <SignInRequired
        title="Sign In Required"
        message="Please sign in to manage your account security"
      />
    );
  }
  const enabled = user.twoFactorEnabled;

  return (
    <PageShell
      title="Account Security"
      backTo={{ href: '/profile', label: 'Back to Profile' }}
      links={[{ href: '/dashboard', label: 'Dashboard' }]}
      wide
    >
      <p>
        Keep your account safe: a strong password, a second step at sign-in, and an eye on who is
        signed in.
      </p>
      <div className="grid gap-6 pt-4 text-foreground">
        <div className="grid gap-4 md:grid-cols-3">
          <SecurityCard
            Icon={KeyRound}
            title="Password"
            description="Change the password you sign in with. Your other devices will be signed out."
          >
            <ChangePasswordDialog>
              <Button variant="outline">Change Password</Button>
            </ChangePasswordDialog>
          </SecurityCard>
          <SecurityCard
            Icon={ShieldCheck}
            title="Two-Factor Auth"
            badge={
              enabled ? (
                <Badge variant="success">Enabled</Badge>
              ) : (
                <Badge variant="warning">Recommended</Badge>
              )
            }
            description={
              enabled ? (
                <span className="flex items-start gap-1.5 font-medium text-foreground">
                  Two-factor authentication is on
                </span>
              ) : (
                'Ask for a code from an authenticator app each time you sign in.'
              )
            }
          >
            {enabled ? (
              <DisableTwoFactorDialog>
                <Button variant="outline">Disable</Button>
              </DisableTwoFactorDialog>
            ) : (
              <Button
                onClick={() => setPanelOpen(true)}
                disabled={panelOpen}
                aria-expanded={panelOpen}
              >
                Set Up 2FA
              </Button>
            )}
          </SecurityCard>
          <SecurityCard
            Icon={History}
            title="Login Activity"
            description="See recent sign-ins and failed attempts, and the devices signed in to your account."
          >
            <LoginActivityDialog>
              <Button variant="outline">View Activity</Button>
            </LoginActivityDialog>
          </SecurityCard>
        </div>
        {panelOpen && <TwoFactorPanel onClose={() => setPanelOpen(false)} />}
        {/* Issue #35: how many recovery codes are left, and new ones (set-up shows its own). */}
        {enabled && !panelOpen && <RecoveryCodesPanel variant="card" />}
        <PasskeysPanel />
        <DeleteAccountCard user={user} />
      </div>
    </PageShell>
  );
}
