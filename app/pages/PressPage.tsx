import { PageShell } from '@/components/PageShell';

export default function PressPage() {
  return <PageShell title="Press Kit Coming Soon" />;
}
