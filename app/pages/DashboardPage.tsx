import { History, Plus, UserPlus } from 'lucide-react';
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { Logo } from '@/components/Logo';
import { SignInRequired } from '@/components/SignInRequired';
import { Spinner } from '@/components/Spinner';
import { ThemeToggle } from '@/components/ThemeToggle';
import { Button } from '@/components/ui/button';
import { AccountMenu } from '@/features/account/AccountMenu';
import { ActivityPanel } from '@/features/activity/ActivityPanel';
import { useAuth } from '@/features/auth/useAuth';
import { AddWidgetDialog } from '@/features/board/AddWidgetDialog';
import { Board } from '@/features/board/Board';
import { useElementSize } from '@/features/board/useElementSize';
import { CallControls } from '@/features/calls/CallControls';
import { CallPanel } from '@/features/calls/CallPanel';
import { LeaveCallDialog } from '@/features/calls/LeaveCallDialog';
import { useCallRoom } from '@/features/calls/useCallRoom';
import { ChatButton, useChatPanel } from '@/features/chat/ChatButton';
import { ChatPanel } from '@/features/chat/ChatPanel';
import { LiveStatusNotice } from '@/features/live/LiveStatusNotice';
import { PresenceStack } from '@/features/live/PresenceStack';
import { type LiveTrip, useLiveTrip } from '@/features/live/useLiveTrip';
import { BackgroundVideo } from '@/features/media/BackgroundVideo';
import { ChangeBackgroundButton } from '@/features/media/ChangeBackgroundButton';
import { useBackgroundVideos } from '@/features/media/useBackgroundVideos';
import { InviteFriendsDialog } from '@/features/members/InviteFriendsDialog';
import { NotificationBell } from '@/features/notifications/NotificationBell';
import { FEATURE_MUTATIONS } from '@/features/registry';
import { NoTrip } from '@/features/trips/NoTrip';
import { TripSwitcher } from '@/features/trips/TripSwitcher';
import { useMoveOldTripLink } from '@/features/trips/tripAddress';
import { usePendingPlace, useTripPlaceFromAddress } from '@/features/trips/tripPlace';
import { type CurrentTrip, useCurrentTrip } from '@/features/trips/useCurrentTrip';
import { useMediaQuery } from '@/hooks/useMediaQuery';
import { registerMutations } from '@/lib/mutations';
import { usePageMeta } from '@/lib/pageMeta';
import { queryClient } from '@/lib/queryClient';
import { cn } from '@/lib/utils';
import type { CurrentUser } from '../../shared/contracts/account';

// Issue #37: the features' mutations are registered on the app's client with the dashboard's code
// (the landing page's script budget has no room for them), before any can run or be resumed.
registerMutations(queryClient, FEATURE_MUTATIONS);

// Tailwind's sm: below it (phones) some of the bar's buttons move into the trip menu.
const WIDE_QUERY = '(min-width: 640px)';

/**
 * `/dashboard`, `/trips/:tripId` (and a panel's address below it), and `/` when signed in (spec §2
 * Trip dashboard): the top bar and the current trip's board over the background. An old link to a
 * trip (`?trip=<id>`) moves to the trip's address, signed in or not, so sign-in comes back there.
 */
export default function DashboardPage() {
  const { user } = useAuth();
  useMoveOldTripLink();
  if (!user) {
    return (
      <SignInRequired title="Sign In Required" message="Please sign in to access the dashboard" />
    );
  }
  return <Dashboard user={user} />;
}

function Dashboard({ user }: { user: CurrentUser }) {
  const current = useCurrentTrip();
  const [addingWidget, setAddingWidget] = useState(false);
  const [inviting, setInviting] = useState(false);
  const [showingActivity, setShowingActivity] = useState(false);
  const chat = useChatPanel();
  usePageMeta(current.trip ? current.trip.name : 'Dashboard', 'Your trip board on Tripmates.');
  const trip = current.trip;
  const background = useBackgroundVideos(trip);
  // spec §2, §4: which background video plays; Change Background moves on (wrapping round).
  const [activeVideo, setActiveVideo] = useState(0);
  const changeBackground = () => setActiveVideo((index) => (index + 1) % background.videos.length);
  // Issue #38: an address (a notification's) may name something in the trip to open.
  useTripPlaceFromAddress(trip?.id ?? null);
  const chatAsked = usePendingPlace(trip?.id ?? null)?.type === 'chat';
  const showChat = chat.show;
  useEffect(() => {
    if (chatAsked) showChat();
  }, [chatAsked, showChat]);
  const wide = useMediaQuery(WIDE_QUERY);
  const live = useLiveTrip(trip?.id ?? null, user.id);
  const callRoom = useCallRoom(live.socket, trip?.id ?? null, live.status);
  // On a phone in a call, the call's controls have a row of their own under the bar: in the bar
  // they left the trip's name no room (issue #38).
  const callRow = Boolean(trip) && !wide && callRoom.phase === 'joined';
  // The top bar's height (with the call's row), for what opens below it (an expanded widget).
  const headerRef = useRef<HTMLElement>(null);
  const headerSize = useElementSize(headerRef);
  const topBar = headerSize
    ? ({ '--top-bar-height': `${headerSize.height}px` } as CSSProperties)
    : undefined;
  // A call belongs to its trip: opening another one while in it asks first.
  const [switchingTo, setSwitchingTo] = useState<string | null | undefined>(undefined);
  const switcher: CurrentTrip = {
    ...current,
    selectTrip: (id) => {
      if (callRoom.phase !== 'idle' && id !== trip?.id) setSwitchingTo(id);
      else current.selectTrip(id);
    },
  };
  const switchingToName =
    switchingTo === undefined
      ? null
      : (current.trips.find((candidate) => candidate.id === switchingTo)?.name ?? 'another trip');

  return (
    <div
      className="relative flex h-dvh flex-col overflow-hidden bg-background text-foreground"
      style={topBar}
    >
      <BackgroundVideo videos={background.videos} activeIndex={activeVideo} />
      <header
        ref={headerRef}
        className="relative z-20 border-b border-white/10 bg-background/70 backdrop-blur-md"
      >
        <div className="flex h-14 items-center gap-2 px-3 sm:h-16 sm:gap-3 sm:px-5">
          {/* On a phone the trip's name is the bar's title: the mark (a link to this very page)
              gives it the room. */}
          <Logo className={cn('shrink-0', trip && 'hidden sm:inline-flex')} compact />
          <TripSwitcher
            current={switcher}
            onShowActivity={() => setShowingActivity(true)}
            // On a phone the bell takes the room of Change Background (there when 2+ videos).
            onChangeBackground={
              !wide && background.videos.length >= 2 ? changeBackground : undefined
            }
            onInvite={wide ? undefined : () => setInviting(true)}
            className="min-w-0"
          />
          <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-2">
            {trip && (
              <>
                {!callRow && <CallControls room={callRoom} myUserId={user.id} />}
                {/* On phones the call's row shows who is in it: the bar has no room for both. */}
                <PresenceStack
                  members={live.members}
                  myUserId={user.id}
                  className={cn('mr-1', callRoom.phase === 'joined' && 'hidden sm:flex')}
                />
                <Button
                  onClick={() => setAddingWidget(true)}
                  size="sm"
                  aria-label="Add Widget"
                  className="px-2 sm:px-3"
                >
                  <Plus aria-hidden />
                  <span className="hidden sm:inline">Add Widget</span>
                </Button>
                <ChatButton tripId={trip.id} panel={chat} />
                <Button
                  onClick={() => setShowingActivity(true)}
                  size="sm"
                  variant="outline"
                  aria-label="Trip activity"
                  title="Trip activity"
                  // On a phone the trip's name needs the room: the trip menu has Trip activity.
                  className="hidden px-2.5 sm:inline-flex"
                >
                  <History aria-hidden />
                </Button>
                <Button
                  onClick={() => setInviting(true)}
                  size="sm"
                  variant="outline"
                  aria-label="Invite Friends"
                  // On a phone the trip's name needs the room: the trip menu has Invite Friends.
                  className="hidden px-3 sm:inline-flex"
                >
                  <UserPlus aria-hidden />
                  <span className="hidden sm:inline">Invite Friends</span>
                </Button>
              </>
            )}
            {/* Mine, whichever trip is on screen (or none yet: an invitation may be the first). */}
            <NotificationBell socket={live.socket} onOpenTrip={switcher.selectTrip} />
            {/* Only with 2 videos or more: with one, or none, there is nothing to change to. On
                phones the trip menu has it: the bar has no room beside the bell. */}
            <ChangeBackgroundButton
              videoCount={background.videos.length}
              onClick={changeBackground}
              className="hidden sm:inline-flex"
            />
            {/* On phones the trip name needs the room; the theme is in the account menu there. */}
            <div className="hidden sm:block">
              <ThemeToggle />
            </div>
            <AccountMenu user={user} />
          </div>
        </div>
        {callRow && (
          <div className="flex h-11 items-center border-t border-white/10 px-3">
            <CallControls room={callRoom} myUserId={user.id} />
          </div>
        )}
      </header>
      {/* The trip's chat opens beside the board (issue #38), which stays usable. */}
      <div className="relative flex min-h-0 flex-1">
        <main className="relative flex min-h-0 min-w-0 flex-1 flex-col isolate">
          <h1 className="sr-only">{trip ? trip.name : 'Dashboard'}</h1>
          {trip && <LiveStatusNotice status={live.status} />}
          <TripArea current={current} live={live} onAddWidget={() => setAddingWidget(true)} />
          {trip && <CallPanel room={callRoom} myUserId={user.id} />}
        </main>
        {trip && chat.open && <ChatPanel trip={trip} myUserId={user.id} onClose={chat.close} />}
      </div>
      {trip && (
        <>
          <AddWidgetDialog trip={trip} open={addingWidget} onOpenChange={setAddingWidget} />
          <InviteFriendsDialog trip={trip} open={inviting} onOpenChange={setInviting} />
          <ActivityPanel trip={trip} open={showingActivity} onOpenChange={setShowingActivity} />
          <LeaveCallDialog
            nextTripName={switchingToName}
            onStay={() => setSwitchingTo(undefined)}
            onLeave={() => {
              callRoom.leave();
              current.selectTrip(switchingTo ?? null);
              setSwitchingTo(undefined);
            }}
          />
        </>
      )}
    </div>
  );
}

function TripArea({
  current,
  live,
  onAddWidget,
}: {
  current: CurrentTrip;
  live: LiveTrip;
  onAddWidget: () => void;
}) {
  if (current.isLoading) {
    return (
      <div className="grid flex-1 place-items-center">
        <Spinner className="size-8 text-white" label="Loading your trips" />
      </div>
    );
  }
  if (current.error || !current.trip) return <NoTrip current={current} />;
  // A new key per trip: a switch starts the board afresh (layers, the expanded widget).
  return <Board key={current.trip.id} trip={current.trip} live={live} onAddWidget={onAddWidget} />;
}
