import { LockKeyhole } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { PageShell } from './PageShell';

/** What a signed-out visitor sees on a page that needs an account (spec §2). */
export function SignInRequired({ title, message }: { title: string; message: string }) {
  return (
    <PageShell title={title} backTo={null}>
      <div className="flex flex-col items-start gap-5">
        <p className="flex items-center gap-2">
          <LockKeyhole aria-hidden className="size-5 shrink-0 text-primary" />
          {message}
        </p>
        <Button asChild size="lg">
          <Link to="/auth">Sign In</Link>
        </Button>
      </div>
    </PageShell>
  );
}
