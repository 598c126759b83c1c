import { PageShell } from '@/components/PageShell';
import { SignInRequired } from '@/components/SignInRequired';
import { useAuth } from '@/features/auth/useAuth';

/** `/dashboard`, and `/` when signed in (spec §2 Trip dashboard). */
export default function DashboardPage() {
  const { user } = useAuth();
  if (!user) {
    return (
      <SignInRequired title="Sign In Required" message="Please sign in to access the dashboard" />
    );
  }
  return <PageShell title="Dashboard" backTo={null} />;
}
