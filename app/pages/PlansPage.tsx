import { PageShell } from '@/components/PageShell';
import { useAuth } from '@/features/auth/useAuth';
import { PlanChoices } from '@/features/plans/PlanChoices';
import { usePageMeta } from '@/lib/pageMeta';

/**
 * `/plans` (issue #17): where every "upgrade your plan" leads — the three plans of spec §9, the
 * account's own marked, and early access to a paid one while plans cannot be bought.
 */
export default function PlansPage() {
  usePageMeta('Plans', 'Free, Premium and Pro: what each Tripmates plan includes.');
  const { user } = useAuth();
  return (
    <PageShell
      title="Plans"
      wide
      backTo={user ? { href: '/dashboard', label: 'Back to Dashboard' } : undefined}
    >
      <p className="max-w-2xl">
        Only the trip host pays; everyone they invite joins free. Tripmates is in private beta, so
        plans can’t be bought yet: ask for early access to Premium or Pro, and an administrator will
        switch it on for your account.
      </p>
      <PlanChoices user={user} />
    </PageShell>
  );
}
