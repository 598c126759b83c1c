import { PageShell } from '@/components/PageShell';

export default function CareersPage() {
  return <PageShell title="Careers" />;
}
