import { Bell, ShieldCheck, UserRound } from 'lucide-react';
import { PageShell } from '@/components/PageShell';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { NotificationSettings } from '@/features/account/NotificationSettings';
import { ProfileForm } from '@/features/account/ProfileForm';
import { ProfileHeader } from '@/features/account/ProfileHeader';
import { SecuritySettingsCard } from '@/features/account/SecuritySettingsCard';
import { signInUrl } from '@/features/auth/signInUrl';
import { useAuth } from '@/features/auth/useAuth';
import { PasskeysPanel } from '@/features/passkeys/PasskeysPanel';
import { Redirect, useAddress, useSearchParams } from '@/lib/router';

const TABS = ['profile', 'security', 'notifications'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab =>
  value !== null && (TABS as readonly string[]).includes(value);

/**
 * `/profile` (spec §2 Profile): summary, then tabs chosen by the query string:
 * `?tab=security` (Security & 2FA) and `?tab=notifications` (Notification Settings).
 * Signed-out visitors are sent to /auth, and come back here once signed in.
 */
export default function ProfilePage() {
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const { pathname, search } = useAddress();
  if (!user) return <Redirect to={signInUrl(pathname + search)} replace />;

  const requested = params.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'profile';

  function handleTabChange(value: string) {
    if (!isTab(value)) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'profile') next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  }

  return (
    <PageShell title="Your Profile" backTo={{ href: '/dashboard', label: 'Back to Dashboard' }}>
      <div className="grid gap-8 pt-2 text-foreground">
        <ProfileHeader user={user} />
        <Tabs value={tab} onValueChange={handleTabChange}>
          <TabsList aria-label="Profile sections">
            <TabsTrigger value="profile">
              <UserRound aria-hidden className="hidden sm:block" />
              Profile
            </TabsTrigger>
            <TabsTrigger value="security">
              <ShieldCheck aria-hidden className="hidden sm:block" />
              Security &amp; 2FA
            </TabsTrigger>
            <TabsTrigger value="notifications">
              <Bell aria-hidden className="hidden sm:block" />
              Notification Settings
            </TabsTrigger>
          </TabsList>
          <TabsContent value="profile">
            <ProfileForm key={user.id} user={user} />
          </TabsContent>
          <TabsContent value="security" className="grid gap-6">
            <SecuritySettingsCard user={user} />
            <PasskeysPanel />
          </TabsContent>
          <TabsContent value="notifications">
            <NotificationSettings />
          </TabsContent>
        </Tabs>
      </div>
    </PageShell>
  );
}
