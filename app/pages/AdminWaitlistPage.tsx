import { PageShell } from '@/components/PageShell';
import { SignInRequired } from '@/components/SignInRequired';
import { useAuth } from '@/features/auth/useAuth';

/** `/admin/waitlist` (spec §2 Waitlist admin). */
export default function AdminWaitlistPage() {
  const { user } = useAuth();
  if (!user) {
    return (
      <SignInRequired
        title="Admin Access Required"
        message="Please sign in to access the waitlist admin panel"
      />
    );
  }
  return <PageShell title="Waitlist" />;
}
