import { ClipboardList, Sparkles, Users } from 'lucide-react';
import { useState } from 'react';
import { PageShell } from '@/components/PageShell';
import { SignInRequired } from '@/components/SignInRequired';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { PeopleList } from '@/features/account/admin/PeopleList';
import { useAuth } from '@/features/auth/useAuth';
import { EarlyAccessRequests } from '@/features/plans/admin/EarlyAccessRequests';
import { AdminAccessOnly } from '@/features/waitlist/admin/AdminAccessOnly';
import { useWaitlistEntries } from '@/features/waitlist/admin/useWaitlistEntries';
import { WaitlistManager } from '@/features/waitlist/admin/WaitlistManager';
import { usePageMeta } from '@/lib/pageMeta';
import { useSearchParams } from '@/lib/router';

const EARLY_ACCESS_TAB = 'early-access';
const PEOPLE_TAB = 'people';
const TABS = ['waitlist', EARLY_ACCESS_TAB, PEOPLE_TAB] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);

/**
 * `/admin/waitlist` (spec §2 Waitlist admin). Signed out: a sign-in prompt. Signed in without the
 * admin role, or refused by the server (403): a no-access message; the list is not even asked for
 * when the role already says no. Beside the waitlist, on `?tab=early-access`, the requests for
 * early access to a paid plan (issue #17), and on `?tab=people` every account (issue #38).
 */
export default function AdminWaitlistPage() {
  usePageMeta('Waitlist Manager', 'Review and contact the people waiting for Tripmates to launch.');
  const { user } = useAuth();
  const isAdmin = user?.role === 'admin';
  const [search, setSearch] = useState('');
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = isTab(asked) ? asked : 'waitlist';
  const list = useWaitlistEntries({ search, enabled: isAdmin && tab === 'waitlist' });

  if (!user) {
    return (
      <SignInRequired
        title="Admin Access Required"
        message="Please sign in to access the waitlist admin panel"
      />
    );
  }
  if (!isAdmin || list.isForbidden) return <AdminAccessOnly />;

  function handleTabChange(value: string) {
    setParams(isTab(value) && value !== 'waitlist' ? { tab: value } : {}, { replace: true });
  }

  return (
    <PageShell title="Waitlist Manager" backTo={{ href: '/', label: 'Back' }} wide>
      <Tabs value={tab} onValueChange={handleTabChange} className="text-foreground">
        <TabsList aria-label="Admin lists" className="sm:w-fit">
          <TabsTrigger value="waitlist" className="sm:whitespace-nowrap sm:px-4">
            <ClipboardList aria-hidden className="hidden sm:block" />
            Waitlist
          </TabsTrigger>
          <TabsTrigger value={EARLY_ACCESS_TAB} className="sm:whitespace-nowrap sm:px-4">
            <Sparkles aria-hidden className="hidden sm:block" />
            Early access
          </TabsTrigger>
          <TabsTrigger value={PEOPLE_TAB} className="sm:whitespace-nowrap sm:px-4">
            <Users aria-hidden className="hidden sm:block" />
            People
          </TabsTrigger>
        </TabsList>
        <TabsContent value="waitlist" className="grid gap-5">
          <p className="text-muted-foreground">
            Everyone waiting for the launch. Mark people as contacted once you have reached out.
          </p>
          <WaitlistManager list={list} search={search} onSearchChange={setSearch} />
        </TabsContent>
        <TabsContent value={EARLY_ACCESS_TAB}>
          <EarlyAccessRequests enabled={tab === EARLY_ACCESS_TAB} />
        </TabsContent>
        <TabsContent value={PEOPLE_TAB}>
          <PeopleList enabled={tab === PEOPLE_TAB} myId={user.id} />
        </TabsContent>
      </Tabs>
    </PageShell>
  );
}
