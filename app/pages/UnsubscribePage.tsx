import { BellOff, CircleCheck, LinkIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { PendingButton } from '@/components/PendingButton';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { AuthCardHeader, AuthShell } from '@/features/auth/AuthShell';
import { useUnsubscribe } from '@/features/notifications/useNotifications';
import { errorMessage } from '@/lib/apiError';
import { usePageMeta } from '@/lib/pageMeta';
import { Link, useSearchParams } from '@/lib/router';
import {
  NOTIFICATION_LABELS,
  NOTIFICATION_MESSAGES,
  unsubscribeQuery,
} from '../../shared/contracts/notifications';

const SETTINGS_PATH = '/profile?tab=notifications';

/**
 * `/unsubscribe?token&kind` (issue #24): where an e-mail's unsubscribe link leads. Nothing
 * changes until the button is pressed (a link scanner opening the page turns nothing off); the
 * token is the proof, so it works signed out, and the answer names the address it was for.
 */
export default function UnsubscribePage() {
  usePageMeta('Unsubscribe', 'Stop one kind of e-mail from Tripmates.');
  const [params] = useSearchParams();
  const link = unsubscribeQuery.safeParse({
    token: params.get('token')?.trim() ?? '',
    kind: params.get('kind') ?? '',
  });
  const unsubscribe = useUnsubscribe();

  if (unsubscribe.isSuccess) {
    const { label } = NOTIFICATION_LABELS[unsubscribe.data.kind];
    return (
      <Shell icon={<CircleCheck aria-hidden />} title="Unsubscribed">
        <output className="rounded-lg border border-emerald-500/30 bg-emerald-500/10 p-4 text-center text-sm">
          You will no longer get {label} e-mails at{' '}
          <strong className="break-all">{unsubscribe.data.email}</strong>.
        </output>
        <SettingsLink />
      </Shell>
    );
  }

  // A link cut short or edited is refused here as the server would refuse it, in its words.
  if (!link.success || unsubscribe.isError) {
    return (
      <Shell icon={<LinkIcon aria-hidden />} title="Link Not Valid" tone="destructive">
        <p role="alert" className="text-center text-sm text-muted-foreground">
          {link.success
            ? errorMessage(unsubscribe.error, NOTIFICATION_MESSAGES.badUnsubscribe)
            : NOTIFICATION_MESSAGES.badUnsubscribe}
        </p>
        <SettingsLink />
      </Shell>
    );
  }

  const { label, hint } = NOTIFICATION_LABELS[link.data.kind];
  return (
    <Shell icon={<BellOff aria-hidden />} title={`Stop ${label} e-mails?`} description={hint}>
      <PendingButton
        size="lg"
        className="w-full"
        pending={unsubscribe.isPending}
        onClick={() => unsubscribe.mutate(link.data)}
      >
        Unsubscribe
      </PendingButton>
      <p className="text-center text-sm text-muted-foreground">
        Everything else stays as it is. Or choose what you get in{' '}
        <Link
          to={SETTINGS_PATH}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          Notification Settings
        </Link>
        .
      </p>
    </Shell>
  );
}

function Shell({
  icon,
  title,
  description,
  tone,
  children,
}: {
  icon: ReactNode;
  title: string;
  description?: string;
  tone?: 'destructive';
  children: ReactNode;
}) {
  return (
    <AuthShell>
      <Card className="shadow-xl shadow-black/5">
        <AuthCardHeader icon={icon} title={title} description={description} tone={tone} />
        <CardContent className="grid gap-6">{children}</CardContent>
      </Card>
    </AuthShell>
  );
}

function SettingsLink() {
  return (
    <Button asChild size="lg" variant="outline" className="w-full">
      <Link to={SETTINGS_PATH}>Notification Settings</Link>
    </Button>
  );
}
