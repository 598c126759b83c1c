import { useState } from 'react';
import { PageShell } from '@/components/PageShell';
import { SignInRequired } from '@/components/SignInRequired';
import { useAuth } from '@/features/auth/useAuth';
import { AdminAccessOnly } from '@/features/waitlist/admin/AdminAccessOnly';
import { useWaitlistEntries } from '@/features/waitlist/admin/useWaitlistEntries';
import { WaitlistManager } from '@/features/waitlist/admin/WaitlistManager';
import { usePageMeta } from '@/lib/pageMeta';

/**
 * `/admin/waitlist` (spec §2 Waitlist admin). Signed out: a sign-in prompt. Signed in without the
 * admin role, or refused by the server (403): a no-access message; the list is not even asked for
 * when the role already says no.
 */
export default function AdminWaitlistPage() {
  usePageMeta('Waitlist Manager', 'Review and contact the people waiting for Tripmates to launch.');
  const { user } = useAuth();
  const isAdmin = user?.role === 'admin';
  const [search, setSearch] = useState('');
  const list = useWaitlistEntries({ search, enabled: isAdmin });

  if (!user) {
    return (
      <SignInRequired
        title="Admin Access Required"
        message="Please sign in to access the waitlist admin panel"
      />
    );
  }
  if (!isAdmin || list.isForbidden) return <AdminAccessOnly />;
  return (
    <PageShell title="Waitlist Manager" backTo={{ href: '/', label: 'Back' }} wide>
      <p>Everyone waiting for the launch. Mark people as contacted once you have reached out.</p>
      <WaitlistManager list={list} search={search} onSearchChange={setSearch} />
    </PageShell>
  );
}
