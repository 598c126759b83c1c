import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { toast } from '@/hooks/useToast';
import { useAddress, useLocation } from '@/lib/router';
import { readTripPlace, type TripPlace, withoutTripPlace } from '../../../shared/clientRoutes';

/**
 * Issue #38: a notification (or its e-mail) opens what it is about — a to-do, a poll, a comment
 * thread, a chat message. The address names it (`?item=todo:<id>`, shared/clientRoutes.ts); the
 * dashboard takes it from there into this store, and whichever part of the trip shows that item
 * first claims it: scrolls it into view (the board's canvas and the widget's own list alike),
 * highlights it, and opens its thread when asked. The address forgets it at once, so a reload or a
 * switch of trip does not open it again.
 */
type Pending = {
  tripId: string;
  place: TripPlace;
  /** Something on screen has shown the item. */
  shown: boolean;
  /** Its comments button has opened the thread. */
  threadOpened: boolean;
};

let pending: Pending | null = null;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
function update(next: Pending | null) {
  pending = next;
  for (const listener of listeners) listener();
}

/** Asks the trip to open `place` (the bell does, for the trip on screen). */
export function openTripPlace(tripId: string, place: TripPlace) {
  update({ tripId, place, shown: false, threadOpened: false });
}

/** For tests: nothing asked. */
export function forgetTripPlace() {
  update(null);
}

const matches = (tripId: string, type: string, id: string) =>
  pending !== null &&
  pending.tripId === tripId &&
  pending.place.type === type &&
  pending.place.id === id;

/** The place `tripId` still has to show, if any. */
export function usePendingPlace(tripId: string | null): TripPlace | null {
  const current = useSyncExternalStore(subscribe, () => pending);
  return current && current.tripId === tripId && !current.shown ? current.place : null;
}

/**
 * The dashboard's part: a place in the trip's address is taken into the store and dropped from
 * the address (in place, no history entry).
 */
export function useTripPlaceFromAddress(tripId: string | null) {
  const { pathname, search } = useAddress();
  const [, navigate] = useLocation();
  useEffect(() => {
    const place = readTripPlace(search);
    if (!place || !tripId) return;
    openTripPlace(tripId, place);
    navigate(pathname + withoutTripPlace(search), { replace: true });
  }, [tripId, pathname, search, navigate]);
}

// How long a shown item stays highlighted.
const HIGHLIGHT_MS = 4000;

/**
 * An item's class beside the props `useRevealItem` gives: focused by script, it shows no focus
 * ring; `[data-revealed]` is marked instead (app/styles.css).
 */
export const REVEALED_CLASS = 'outline-none';

/**
 * An item's part: when the trip asked for it (`type` as in the address, `id` its id), the element
 * given these props is scrolled into view, focused and marked (`data-revealed`) for a moment, once, by the
 * first of the widgets showing it; `onShown` then does what more the item needs (a photo opens
 * its viewer when its thread is asked for, the thread being there).
 */
export function useRevealItem(
  tripId: string,
  type: string,
  id: string,
  onShown?: (place: TripPlace) => void,
) {
  const element = useRef<HTMLElement | null>(null);
  const [highlighted, setHighlighted] = useState(false);
  const asked = useSyncExternalStore(subscribe, () => matches(tripId, type, id) && !pending?.shown);
  const shownRef = useRef(onShown);
  shownRef.current = onShown;

  useEffect(() => {
    const target = element.current;
    // Checked again here: a second list showing the item saw the same snapshot.
    if (!asked || !target || !pending || pending.shown) return;
    const { place } = pending;
    update({ ...pending, shown: true });
    // Every scrolling box it is in moves to it: the board's canvas, the widget's list, the chat.
    target.scrollIntoView({ block: 'center', inline: 'center' });
    target.focus({ preventScroll: true });
    setHighlighted(true);
    shownRef.current?.(place);
  }, [asked]);

  useEffect(() => {
    if (!highlighted) return;
    const timer = setTimeout(() => setHighlighted(false), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlighted]);

  const ref = useCallback((node: HTMLElement | null) => {
    element.current = node;
  }, []);
  // Focusable by script only: it is where the keyboard continues from, not a tab stop.
  return { ref, tabIndex: -1, 'data-revealed': highlighted || undefined } as const;
}

/**
 * A comments button's part: `onAsked` runs once, for the first button of the item whose thread the
 * trip asked to open (after the item itself was shown, so the thread opens over it).
 */
export function useThreadAsked(tripId: string, type: string, id: string, onAsked: () => void) {
  const asked = useSyncExternalStore(
    subscribe,
    () =>
      matches(tripId, type, id) &&
      pending?.place.comments === true &&
      pending.shown &&
      !pending.threadOpened,
  );
  const askedRef = useRef(onAsked);
  askedRef.current = onAsked;
  useEffect(() => {
    // Checked again here: a second list showing the item saw the same snapshot.
    if (!asked || !pending || pending.threadOpened) return;
    update({ ...pending, threadOpened: true });
    askedRef.current();
  }, [asked]);
}

// What is said when an item asked for cannot be found.
const NOUNS: Record<string, string> = {
  todo: 'to-do',
  poll: 'poll',
  flight: 'flight',
  option: 'option',
  photo: 'photo',
  plan: 'plan item',
};
const notFound = (type: string) =>
  type === 'chat'
    ? {
        title: 'That message is not in the chat',
        description: 'It may have been deleted, or be further back: scroll up for older messages.',
      }
    : {
        title: `That ${NOUNS[type] ?? 'item'} is not on the board`,
        description: 'It may have been deleted, or the widget showing it removed.',
      };

// How long the board has, once loaded, to show what was asked before the person is told.
const FIND_MS = 6000;

/**
 * When the board (or the chat) has loaded (`ready`) and nothing shows the asked-for item within a
 * few seconds, says so once: it was deleted, or its widget removed.
 */
export function useUnfoundPlaceNotice(tripId: string, ready: boolean) {
  const place = usePendingPlace(tripId);
  useEffect(() => {
    if (!ready || !place) return;
    const timer = setTimeout(() => {
      if (!pending || pending.shown || pending.place !== place) return;
      update(null);
      toast(notFound(place.type));
    }, FIND_MS);
    return () => clearTimeout(timer);
  }, [ready, place]);
}
