import { PageShell } from '@/components/PageShell';

export default function HelpPage() {
  return <PageShell title="Help Center" />;
}
