import {
  Check,
  ChevronDown,
  History,
  Loader2,
  Plus,
  RotateCw,
  Settings,
  UserPlus,
  Wallpaper,
} from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { formatDayRange } from '../../../shared/calendar';
import { APP_NAME } from '../../../shared/constants';
import type { Trip } from '../../../shared/contracts/trips';
import { NewTripDialog } from './NewTripDialog';
import { TripSettingsDialog } from './TripSettingsDialog';
import type { CurrentTrip } from './useCurrentTrip';

const itemClass = cn(
  'flex cursor-default select-none items-center gap-2 rounded-sm px-2 py-2 text-sm outline-none',
  'data-highlighted:bg-accent data-highlighted:text-accent-foreground',
  'data-disabled:pointer-events-none data-disabled:opacity-50',
  '[&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-muted-foreground',
);

function TripItem({ trip }: { trip: Trip }) {
  const details = [trip.destination, formatDayRange(trip.startDate, trip.endDate)]
    .filter(Boolean)
    .join(' · ');
  return (
    <DropdownMenu.RadioItem value={trip.id} className={cn(itemClass, 'items-start')}>
      <span className="mt-0.5 size-4 shrink-0">
        <DropdownMenu.ItemIndicator>
          <Check aria-hidden className="text-primary!" />
        </DropdownMenu.ItemIndicator>
      </span>
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className="flex min-w-0 items-center gap-2">
          <span className="truncate font-medium">{trip.name}</span>
          {trip.role === 'owner' && (
            <Badge variant="secondary" className="px-1.5 py-0 text-[0.65rem]">
              Owner
            </Badge>
          )}
        </span>
        {details && <span className="truncate text-xs text-muted-foreground">{details}</span>}
      </span>
    </DropdownMenu.RadioItem>
  );
}

/** The list part of the menu: my trips, or why there are none to show. */
function TripList({ current }: { current: CurrentTrip }) {
  if (current.isLoading) {
    return (
      <p role="status" className="flex items-center gap-2 px-2 py-2 text-sm text-muted-foreground">
        <Loader2 aria-hidden className="size-4 animate-spin" />
        Loading your trips…
      </p>
    );
  }
  if (current.error) {
    return (
      <>
        <p role="alert" className="px-2 py-2 text-sm text-muted-foreground">
          Your trips could not be loaded.
        </p>
        <DropdownMenu.Item
          className={itemClass}
          // Stay open: the list fills in here once it has loaded.
          onSelect={(event) => {
            event.preventDefault();
            current.refetch();
          }}
        >
          <RotateCw aria-hidden />
          Try again
        </DropdownMenu.Item>
      </>
    );
  }
  if (current.trips.length === 0) {
    return <p className="px-2 py-2 text-sm text-muted-foreground">No trips yet.</p>;
  }
  return (
    <DropdownMenu.RadioGroup
      value={current.trip?.id ?? ''}
      onValueChange={(tripId) => current.selectTrip(tripId)}
      className="max-h-[min(60dvh,24rem)] overflow-y-auto"
    >
      {current.trips.map((trip) => (
        <TripItem key={trip.id} trip={trip} />
      ))}
    </DropdownMenu.RadioGroup>
  );
}

/**
 * The top bar's trip switcher (spec §2 Trip dashboard): the current trip's name (the product's
 * while there is none) opens a menu of my trips, with New trip… and Trip settings… below.
 *
 * It owns both dialogs, so the dashboard needs only
 *   const current = useCurrentTrip();  <TripSwitcher current={current} />
 * and reads `current.trip` for the board. A created trip is selected; a deleted one gives way to
 * the first trip left, or to `trip: null` when none is (the dashboard's no-trip state).
 */
export function TripSwitcher({
  current,
  onShowActivity,
  onChangeBackground,
  onInvite,
  className,
}: {
  current: CurrentTrip;
  /** Opens the trip's Trip activity panel (a phone's top bar has no room for its button). */
  onShowActivity?: () => void;
  /** Change Background, on a phone, whose top bar has no room for its button either. */
  onChangeBackground?: () => void;
  /** Invite Friends, on a phone (issue #38: its button left the trip's name no room). */
  onInvite?: () => void;
  className?: string;
}) {
  const [dialog, setDialog] = useState<'new' | 'settings' | null>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const { trip } = current;
  const label = trip?.name ?? APP_NAME;

  // The dialogs open from a menu that has closed by then; give focus back to the switcher.
  function handleDialogCloseFocus(event: Event) {
    event.preventDefault();
    triggerRef.current?.focus();
  }

  function handleDeleted(tripId: string) {
    const next = current.trips.find((other) => other.id !== tripId);
    current.selectTrip(next?.id ?? null);
  }

  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger
          ref={triggerRef}
          title={label}
          aria-busy={current.isLoading || undefined}
          className={cn(
            'inline-flex h-9 min-w-0 items-center gap-1 rounded-md px-2 text-sm font-semibold sm:max-w-xs sm:gap-1.5 sm:px-3 sm:text-base',
            'transition-colors hover:bg-accent hover:text-accent-foreground data-[state=open]:bg-accent',
            'outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
            className,
          )}
        >
          <span className="truncate">{label}</span>
          {current.isLoading ? (
            <Loader2 aria-hidden className="size-4 shrink-0 animate-spin text-muted-foreground" />
          ) : (
            <ChevronDown aria-hidden className="size-4 shrink-0 text-muted-foreground" />
          )}
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="start"
            sideOffset={8}
            collisionPadding={8}
            className="z-50 w-[min(20rem,calc(100vw-1rem))] rounded-lg border border-border bg-popover p-1 text-popover-foreground shadow-lg"
          >
            <DropdownMenu.Label className="px-2 pt-1.5 pb-1 text-xs font-medium text-muted-foreground">
              Your trips
            </DropdownMenu.Label>
            <TripList current={current} />
            <DropdownMenu.Separator className="my-1 h-px bg-border" />
            <DropdownMenu.Item className={itemClass} onSelect={() => setDialog('new')}>
              <Plus aria-hidden />
              New trip…
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className={itemClass}
              disabled={!trip}
              onSelect={() => setDialog('settings')}
            >
              <Settings aria-hidden />
              Trip settings…
            </DropdownMenu.Item>
            {onInvite && (
              <DropdownMenu.Item className={itemClass} disabled={!trip} onSelect={onInvite}>
                <UserPlus aria-hidden />
                Invite Friends
              </DropdownMenu.Item>
            )}
            {onShowActivity && (
              <DropdownMenu.Item className={itemClass} disabled={!trip} onSelect={onShowActivity}>
                <History aria-hidden />
                Trip activity
              </DropdownMenu.Item>
            )}
            {onChangeBackground && (
              <DropdownMenu.Item className={itemClass} onSelect={onChangeBackground}>
                <Wallpaper aria-hidden />
                Change Background
              </DropdownMenu.Item>
            )}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <NewTripDialog
        open={dialog === 'new'}
        onOpenChange={(open) => setDialog(open ? 'new' : null)}
        onCreated={(created) => current.selectTrip(created.id)}
        onCloseAutoFocus={handleDialogCloseFocus}
      />
      <TripSettingsDialog
        open={dialog === 'settings'}
        onOpenChange={(open) => setDialog(open ? 'settings' : null)}
        trip={trip}
        onDeleted={handleDeleted}
        onCloseAutoFocus={handleDialogCloseFocus}
      />
    </>
  );
}
