import { PageShell } from '@/components/PageShell';

export default function BlogPage() {
  return <PageShell title="Our Blog is Coming Soon" />;
}
