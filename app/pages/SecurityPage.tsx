import { PageShell } from '@/components/PageShell';
import { SignInRequired } from '@/components/SignInRequired';
import { useAuth } from '@/features/auth/useAuth';

/** `/security` (spec §2). */
export default function SecurityPage() {
  const { user } = useAuth();
  if (!user) {
    return (
      <SignInRequired
        title="Sign In Required"
        message="Please sign in to manage your account security"
      />
    );
  }
  return (
    <PageShell title="Account Security" backTo={{ href: '/profile', label: 'Back to Profile' }} />
  );
}
