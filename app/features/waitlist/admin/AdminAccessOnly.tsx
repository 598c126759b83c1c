import { ShieldAlert } from 'lucide-react';
import { PageShell } from '@/components/PageShell';
import { Button } from '@/components/ui/button';
import { Link } from '@/lib/router';
import { APP_NAME } from '../../../../shared/constants';

/**
 * What a signed-in account that is not an administrator sees on the waitlist admin page, whether
 * its role says so or the server refused the list with 403 (it enforces the role either way).
 */
export function AdminAccessOnly() {
  return (
    <PageShell title="Admin access only" backTo={null}>
      <div className="flex flex-col items-start gap-5">
        <p className="flex items-start gap-2">
          <ShieldAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
          This page is for {APP_NAME} administrators. Your account does not have access to the
          waitlist.
        </p>
        <Button asChild size="lg">
          <Link to="/dashboard">Back to Dashboard</Link>
        </Button>
      </div>
    </PageShell>
  );
}
