import { tripPath } from '../../../shared/clientRoutes';
import type { NotificationKind } from '../../../shared/contracts/notifications';

/** The addresses an e-mail of `kind` to a person with `token` links to. */
export function emailLinks(publicUrl: string, token: string, kind: NotificationKind) {
  const query = new URLSearchParams({ token, kind }).toString();
  return {
    unsubscribePage: `${publicUrl}/unsubscribe?${query}`,
    oneClickUrl: `${publicUrl}/api/unsubscribe?${query}`,
    settingsUrl: `${publicUrl}/profile?tab=notifications`,
  };
}

export const tripUrl = (publicUrl: string, tripId: string | null) =>
  `${publicUrl}${tripId ? tripPath(tripId) : '/dashboard'}`;
