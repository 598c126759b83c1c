import { LockKeyhole } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { AuthCardHeader, AuthShell } from '@/features/auth/AuthShell';
import { signInUrl } from '@/features/auth/signInUrl';
import { Link, useAddress } from '@/lib/router';

/**
 * What a signed-out visitor sees on a page that needs an account (spec §2): the centred card of
 * the other single-message pages (issue #17). Sign In comes back here afterwards.
 */
export function SignInRequired({ title, message }: { title: string; message: string }) {
  const { pathname, search } = useAddress();
  return (
    <AuthShell>
      <Card className="shadow-xl shadow-black/5">
        <AuthCardHeader icon={<LockKeyhole aria-hidden />} title={title} description={message} />
        <CardContent>
          <Button asChild size="lg" className="w-full">
            <Link to={signInUrl(pathname + search)}>Sign In</Link>
          </Button>
        </CardContent>
      </Card>
    </AuthShell>
  );
}
