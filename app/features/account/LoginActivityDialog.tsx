import {
  CircleCheck,
  CircleX,
  KeyRound,
  LifeBuoy,
  ListRestart,
  Lock,
  type LucideIcon,
  Monitor,
  RotateCcw,
  ShieldMinus,
  ShieldOff,
  ShieldPlus,
} from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { PendingButton } from '@/components/PendingButton';
import { Spinner } from '@/components/Spinner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { toast } from '@/hooks/useToast';
import { errorMessage } from '@/lib/apiError';
import { cn } from '@/lib/utils';
import { formatDateTime } from '../../../shared/calendar';
import type { ActiveSessions, LoginActivity } from '../../../shared/contracts/account';
import {
  useLoginActivity,
  useRevokeOtherSessions,
  useRevokeSession,
  useSessions,
} from './useAccount';

type Outcome = LoginActivity[number]['outcome'];

/** Each recorded outcome in words, with an icon and whether it was a failed attempt. */
export const OUTCOMES: Record<Outcome, { label: string; Icon: LucideIcon; failed: boolean }> = {
  success: { label: 'Signed in', Icon: CircleCheck, failed: false },
  wrong_password: { label: 'Wrong password', Icon: CircleX, failed: true },
  wrong_code: { label: 'Wrong two-factor code', Icon: CircleX, failed: true },
  locked: { label: 'Locked out after too many attempts', Icon: Lock, failed: true },
  password_reset: { label: 'Password reset', Icon: RotateCcw, failed: false },
  password_changed: { label: 'Password changed', Icon: KeyRound, failed: false },
  recovery_code: { label: 'Signed in with a recovery code', Icon: LifeBuoy, failed: false },
  recovery_codes_made: { label: 'New recovery codes made', Icon: ListRestart, failed: false },
  passkey: { label: 'Signed in with a passkey', Icon: KeyRound, failed: false },
  passkey_added: { label: 'Passkey added', Icon: ShieldPlus, failed: false },
  passkey_removed: { label: 'Passkey removed', Icon: ShieldMinus, failed: false },
  second_factors_reset: {
    label: 'Second factors reset by an administrator; signed out everywhere',
    Icon: ShieldOff,
    failed: false,
  },
};

const where = (item: { browser: string | null; ip: string | null }) =>
  [item.browser ?? 'Unknown browser', item.ip ?? 'unknown IP address'].join(' · ');

function failed(failure: unknown, fallback: string) {
  toast({ variant: 'destructive', title: 'Error', description: errorMessage(failure, fallback) });
}

/** The security page's View Activity dialog: recent sign-ins and the signed-in browsers. */
export function LoginActivityDialog({ children }: { children: ReactNode }) {
  // The content (and so its queries) mounts only while the dialog is open.
  return (
    <Dialog>
      <DialogTrigger asChild>{children}</DialogTrigger>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Login Activity</DialogTitle>
          <DialogDescription>
            Where your account is signed in, and recent sign-ins and failed attempts. If something
            looks unfamiliar, sign that device out and change your password.
          </DialogDescription>
        </DialogHeader>
        <SessionsSection />
        <ActivitySection />
      </DialogContent>
    </Dialog>
  );
}

function Section({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={id} className="text-sm font-semibold">
          {title}
        </h3>
        {action}
      </div>
      {children}
    </section>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <div className="grid place-items-center py-6">
      <Spinner className="size-6 text-primary" label={label} />
    </div>
  );
}

function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
      <span>{what} could not be loaded.</span>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

function SessionsSection() {
  const sessions = useSessions();
  const revokeOthers = useRevokeOtherSessions();
  const others = sessions.data?.filter((session) => !session.current) ?? [];

  return (
    <Section
      title="Active sessions"
      action={
        others.length > 0 && (
          <PendingButton
            variant="outline"
            size="sm"
            pending={revokeOthers.isPending}
            onClick={() =>
              revokeOthers.mutate(undefined, {
                onSuccess: () =>
                  toast({
                    title: 'Signed out',
                    description: 'Every other session was signed out.',
                  }),
                onError: (failure) => failed(failure, 'Could not sign the other sessions out'),
              })
            }
          >
            Sign out everywhere else
          </PendingButton>
        )
      }
    >
      {sessions.isPending ? (
        <Loading label="Loading sessions" />
      ) : sessions.isError ? (
        <LoadFailed what="Your sessions" onRetry={() => sessions.refetch()} />
      ) : (
        <ul className="divide-y divide-border rounded-lg border border-border">
          {sessions.data.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </ul>
      )}
    </Section>
  );
}

function SessionRow({ session }: { session: ActiveSessions[number] }) {
  const revoke = useRevokeSession();
  return (
    <li className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center">
      <Monitor aria-hidden className="hidden size-5 shrink-0 text-muted-foreground sm:block" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          <span className="break-words">{where(session)}</span>
          {session.current && <Badge variant="success">This device</Badge>}
        </p>
        <p className="text-xs text-muted-foreground">
          Last active {formatDateTime(session.lastSeenAt)} · signed in{' '}
          {formatDateTime(session.createdAt)}
        </p>
      </div>
      {!session.current && (
        <PendingButton
          variant="outline"
          size="sm"
          className="self-start sm:self-auto"
          pending={revoke.isPending}
          onClick={() =>
            revoke.mutate(session.id, {
              onSuccess: () =>
                toast({ title: 'Signed out', description: 'That session was signed out.' }),
              onError: (failure) => failed(failure, 'Could not sign that session out'),
            })
          }
        >
          Sign out
          <span className="sr-only"> {where(session)}</span>
        </PendingButton>
      )}
    </li>
  );
}

function ActivitySection() {
  const activity = useLoginActivity();
  return (
    <Section title="Recent activity">
      {activity.isPending ? (
        <Loading label="Loading activity" />
      ) : activity.isError ? (
        <LoadFailed what="Your login activity" onRetry={() => activity.refetch()} />
      ) : activity.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No sign-in activity yet.</p>
      ) : (
        <ol className="divide-y divide-border rounded-lg border border-border">
          {activity.data.map((event) => {
            const { label, Icon, failed: wasFailure } = OUTCOMES[event.outcome];
            return (
              <li key={event.id} className="flex items-start gap-3 p-3">
                <Icon
                  aria-hidden
                  className={cn(
                    'mt-0.5 size-4 shrink-0',
                    wasFailure ? 'text-destructive' : 'text-emerald-500',
                  )}
                />
                <div className="grid min-w-0 flex-1 gap-0.5">
                  <p className="text-sm font-medium">{label}</p>
                  <p className="break-words text-xs text-muted-foreground">
                    <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
                    {' · '}
                    {where(event)}
                  </p>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </Section>
  );
}
