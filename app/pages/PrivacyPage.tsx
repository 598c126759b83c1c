import { PageShell } from '@/components/PageShell';

export default function PrivacyPage() {
  return <PageShell title="Privacy Policy" />;
}
