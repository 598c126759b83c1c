import type { UseQueryResult } from '@tanstack/react-query';
import { CalendarDays, Link2Off, MapPin, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Spinner } from '@/components/Spinner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { AuthCardHeader, AuthShell } from '@/features/auth/AuthShell';
import { errorCode, errorMessage } from '@/lib/apiError';
import { Link } from '@/lib/router';
import { formatDate } from '../../../shared/calendar';
import type { ErrorCode } from '../../../shared/contracts/errors';

/**
 * The frame of a page an invitation leads to (a join link, a magic link): a spinner while the
 * preview loads, a plain "expired" page when the server says the invitation is gone, a
 * retry for anything else — never an error screen — and `children` with the preview.
 */
export function InvitationPreviewPage<T>({
  query,
  expiredCode,
  expiredTitle,
  expiredMessage,
  children,
}: {
  query: UseQueryResult<T>;
  /** The code of the server's answer for an invitation that is gone. */
  expiredCode: ErrorCode;
  expiredTitle: string;
  /** The fallback when that answer carries no message of its own. */
  expiredMessage: string;
  children: (preview: T) => ReactNode;
}) {
  return (
    <AuthShell>
      {query.isPending ? (
        <div className="grid place-items-center py-16">
          <Spinner className="size-8 text-primary" label="Loading the invitation" />
        </div>
      ) : query.isError ? (
        errorCode(query.error) === expiredCode ? (
          <ExpiredInvitation
            title={expiredTitle}
            message={errorMessage(query.error, expiredMessage)}
          />
        ) : (
          <Card className="gap-4 text-center">
            <CardHeader>
              <CardTitle as="h1">We could not open this invitation</CardTitle>
              <CardDescription>
                {errorMessage(query.error, 'Check your connection and try again.')}
              </CardDescription>
            </CardHeader>
            <CardContent>
              <Button type="button" onClick={() => void query.refetch()}>
                Try again
              </Button>
            </CardContent>
          </Card>
        )
      ) : (
        children(query.data)
      )}
    </AuthShell>
  );
}

/** An invitation that no longer works: what happened, in the server's words, and a way home. */
export function ExpiredInvitation({ title, message }: { title: string; message: string }) {
  return (
    <Card className="gap-4 text-center">
      <AuthCardHeader
        tone="muted"
        icon={<Link2Off aria-hidden />}
        title={title}
        description={message}
      />
      <CardContent>
        <Button asChild variant="outline">
          <Link to="/">Go to the home page</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

type InvitedTrip = {
  name: string;
  destination: string | null;
  startDate: string;
  endDate: string;
  ownerName: string;
};

/** One line of the trip's facts, with its icon. */
export function TripFact({ icon: Icon, children }: { icon: typeof MapPin; children: ReactNode }) {
  return (
    <li className="flex items-center gap-2">
      <Icon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
      <span className="min-w-0 break-words">{children}</span>
    </li>
  );
}

/**
 * "You're invited to plan <trip>": the trip's name, destination, dates and owner, then the
 * invitation's own facts (`facts`, more TripFact lines) and its actions (`children`).
 */
export function InvitedTripCard({
  trip,
  facts,
  children,
}: {
  trip: InvitedTrip;
  facts?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="gap-6 shadow-xl shadow-black/5">
      <CardHeader className="text-center">
        <p className="text-sm font-medium text-primary">You're invited to plan</p>
        <CardTitle as="h1" className="text-2xl break-words">
          {trip.name}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6">
        <ul className="grid gap-2 text-sm">
          {trip.destination && <TripFact icon={MapPin}>{trip.destination}</TripFact>}
          <TripFact icon={CalendarDays}>
            {formatDate(trip.startDate)} – {formatDate(trip.endDate)}
          </TripFact>
          <TripFact icon={UserRound}>Planned by {trip.ownerName}</TripFact>
          {facts}
        </ul>
        {children}
      </CardContent>
    </Card>
  );
}
