import { PageShell } from '@/components/PageShell';

/** `/forgot-password` (spec §2). */
export default function ForgotPasswordPage() {
  return (
    <PageShell title="Reset Your Password" backTo={{ href: '/auth', label: 'Back to Login' }} />
  );
}
