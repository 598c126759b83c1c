import { Navigate } from 'react-router';
import { PageShell } from '@/components/PageShell';
import { useAuth } from '@/features/auth/useAuth';

/** `/profile` (spec §2): signed-out visitors are sent to /auth. */
export default function ProfilePage() {
  const { user } = useAuth();
  if (!user) return <Navigate to="/auth" replace />;
  return (
    <PageShell title="Your Profile" backTo={{ href: '/dashboard', label: 'Back to Dashboard' }} />
  );
}
