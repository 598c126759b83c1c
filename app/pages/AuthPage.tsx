import { Navigate } from 'react-router';
import { PageShell } from '@/components/PageShell';
import { useAuth } from '@/features/auth/useAuth';

/** `/auth` (spec §2): sign-in, labelled Admin Login; signed-in users go to the dashboard. */
export default function AuthPage() {
  const { user } = useAuth();
  if (user) return <Navigate to="/dashboard" replace />;
  return <PageShell title="Admin Login" />;
}
