import { PageShell } from '@/components/PageShell';

export default function CookiesPage() {
  return <PageShell title="Cookies Policy" />;
}
