import { Compass } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { AuthCardHeader, AuthShell } from '@/features/auth/AuthShell';
import { usePageMeta } from '@/lib/pageMeta';
import { Link } from '@/lib/router';

/**
 * Any path outside the route table (spec §2); the server answers it with the status 404. The
 * same centred card as the other single-message pages (issue #17: it was bare text in a corner).
 */
export default function NotFoundPage() {
  usePageMeta('Page not found', 'There is no page at this address.');
  return (
    <AuthShell>
      <Card className="shadow-xl shadow-black/5">
        <AuthCardHeader
          icon={<Compass aria-hidden />}
          title="404 Page Not Found"
          description="This page took a different route. Check the address, or head back home."
        />
        <CardContent>
          <Button asChild size="lg" className="w-full">
            <Link to="/">Back to Home</Link>
          </Button>
        </CardContent>
      </Card>
    </AuthShell>
  );
}
