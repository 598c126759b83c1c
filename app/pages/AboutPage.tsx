import { PageShell } from '@/components/PageShell';

export default function AboutPage() {
  return <PageShell title="About Tripmates" />;
}
