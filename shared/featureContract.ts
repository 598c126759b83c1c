import type { z } from 'zod';
import type { TripPlace } from './clientRoutes';
import type { ActivityData } from './contracts/activity';
import type { NotificationChannel, NotificationData } from './contracts/notifications';

/** How the history tells one kind of entry. */
export type ActivityWords = {
  /** What its actor did: "added the to-do “Rent scooters”". */
  deed: (data: ActivityData) => string;
  /** Several in a row by one person, told as one: "<verb> <count> <things>". */
  counted?: readonly [verb: string, things: string];
  /** The whole sentence, for an entry no one person did ("Call with Ana and Bo, 12 minutes"). */
  sentence?: (data: ActivityData) => string;
};

/**
 * A widget's size on the board (issue #38): every kind has one, the same on every screen, so a
 * free place or a tidy layout can be worked out anywhere (the server restores into one). Taller
 * content scrolls inside. The weather widget widens once its data is in (spec §9).
 */
export type WidgetSize = { width: number; height: number; loadedWidth?: number };

/** One kind of notification: its place on the settings page, its words, its e-mail's button. */
export type NoticeKind = {
  label: string;
  hint: string;
  channels: readonly NotificationChannel[];
  /** What a person gets until they choose. */
  defaults: { inApp: boolean; email: boolean };
  /** The bell's sentence and the e-mail's subject; `who` and `trip` are names, ready to use. */
  sentence: (data: NotificationData, names: { who: string; trip: string }) => string;
  /** The e-mail's button, which opens the trip (at `opens`). */
  action: string;
  /**
   * What in the trip the bell's entry and the e-mail's button open (issue #38), from the entry's
   * subject; without it, or when it gives null, the trip itself.
   */
  opens?: (about: { subjectId: string; data: NotificationData }) => TripPlace | null;
};

/**
 * What a feature adds to the lists both sides share (issue #37): its lists of things, its widget
 * types, what of it can be commented on, its history's kinds and words, its notifications. Declared in its contract,
 * gathered by shared/contracts/features.ts.
 */
export type SharedFeature = {
  /**
   * Its lists of a trip's things, by the name in their API paths, with the item's shape: a change
   * to one travels as `item:saved` / `item:removed` naming the list (shared/contracts/live.ts).
   */
  lists?: Readonly<Record<string, z.ZodType>>;
  /** Its widget types, each with its size on the board in px (spec §9's widths). */
  widgets?: Readonly<Record<string, WidgetSize>>;
  commentSubjects?: readonly string[];
  activity?: Readonly<Record<string, ActivityWords>>;
  notices?: Readonly<Record<string, NoticeKind>>;
};

/** A label in quotes, as the history and the bell quote a to-do, a poll, a comment's item. */
export const quoted = (text: string | undefined) => `“${text ?? ''}”`;

/** The label in quotes, or `missing` as it is when there is none. */
export const quotedOr = (text: string | undefined, missing: string) =>
  text ? quoted(text) : missing;
