import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { PageShell } from '@/components/PageShell';
import { Button } from '@/components/ui/button';

/** Any path outside the route table (spec §2). */
export default function NotFoundPage() {
  return (
    <PageShell title="404 Page Not Found" backTo={null}>
      <p className="flex items-center gap-2">
        <Compass aria-hidden className="size-5 shrink-0 text-primary" />
        This page took a different route. Check the address, or head back home.
      </p>
      <Button asChild>
        <Link to="/">Back to Home</Link>
      </Button>
    </PageShell>
  );
}
