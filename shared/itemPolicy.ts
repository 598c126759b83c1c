import type { TRIP_ROLES } from './contracts/trips';

/** A member as a trip's items see them: who they are, and their role on the trip. */
export type TripViewer = { userId: string; role: (typeof TRIP_ROLES)[number] };

/**
 * Who may change or delete an item a member made (a poll, a shortlisted option, a photo): whoever
 * made it, or the trip's owner. The server refuses everyone else (403 `creator_only`) and the
 * client offers them no button. Features whose items are everyone's (to-dos, flights, the board)
 * or only their author's (comments) say so themselves.
 */
export function canChangeItem(
  item: { creatorId: string | null | undefined },
  viewer: TripViewer | null | undefined,
): boolean {
  if (!viewer) return false;
  return viewer.role === 'owner' || (!!item.creatorId && item.creatorId === viewer.userId);
}
