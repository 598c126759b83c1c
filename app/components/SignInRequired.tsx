import { LockKeyhole } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { signInUrl } from '@/features/auth/signInUrl';
import { PageShell } from './PageShell';

/**
 * What a signed-out visitor sees on a page that needs an account (spec §2). Sign In comes back
 * here afterwards.
 */
export function SignInRequired({ title, message }: { title: string; message: string }) {
  const { pathname, search } = useLocation();
  return (
    <PageShell title={title} backTo={null}>
      <div className="flex flex-col items-start gap-5">
        <p className="flex items-center gap-2">
          <LockKeyhole aria-hidden className="size-5 shrink-0 text-primary" />
          {message}
        </p>
        <Button asChild size="lg">
          <Link to={signInUrl(pathname + search)}>Sign In</Link>
        </Button>
      </div>
    </PageShell>
  );
}
