import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CURRENT_USER_KEY } from '@/features/auth/useAuth';
import { TRIPS_KEY } from '@/features/trips/tripKeys';
import { apiJson, apiRequest, throwIfNotOk } from '@/lib/queryClient';
import { TAB_ID } from '@/lib/tabId';
import { CLIENT_ID_HEADER } from '../../../shared/clientId';
import type {
  ActiveSessions,
  ConfirmEmailResponse,
  CurrentUser,
  LoginActivity,
  UpdateUserBody,
} from '../../../shared/contracts/account';
import type { ConfirmationDelivery } from '../../../shared/contracts/mail';
import type { NotificationPreferences } from '../../../shared/contracts/notifications';

type Ok = { success: true };

export const LOGIN_ACTIVITY_KEY = ['/api/login-activity'] as const;
export const SESSIONS_KEY = ['/api/sessions'] as const;
export const NOTIFICATION_PREFERENCES_KEY = ['/api/notification-preferences'] as const;
export const CONFIRMATION_DELIVERY_KEY = ['/api/user/email-confirmation'] as const;

/** `PATCH /api/user`; the answer replaces the cached current user. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUserBody) => apiJson<CurrentUser>('PATCH', '/api/user', body),
    onSuccess: (user) => {
      queryClient.setQueryData(CURRENT_USER_KEY, user);
      // A new link may be on its way to the pending address.
      void queryClient.invalidateQueries({ queryKey: CONFIRMATION_DELIVERY_KEY });
    },
  });
}

/**
 * `PUT /api/user/picture` with the file's own bytes (issue #38 item 9): the server reads its type
 * from them, so the Content-Type only tells a proxy what passes (as an album's photo is sent).
 */
async function uploadPicture(file: File): Promise<CurrentUser> {
  const res = await fetch('/api/user/picture', {
    method: 'PUT',
    headers: {
      [CLIENT_ID_HEADER]: TAB_ID,
      'Content-Type': file.type.startsWith('image/') ? file.type : 'application/octet-stream',
    },
    body: file,
    credentials: 'include',
  });
  await throwIfNotOk(res);
  return (await res.json()) as CurrentUser;
}

/**
 * The picture changed: the cached user takes the answer (the account menu, the profile), and the
 * member lists of this person's trips are read again (the live connection tells the others, and
 * the presence avatars, on its own).
 */
function pictureChanged(queryClient: ReturnType<typeof useQueryClient>, user: CurrentUser) {
  queryClient.setQueryData(CURRENT_USER_KEY, user);
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) => queryKey[0] === TRIPS_KEY[0] && queryKey[2] === 'members',
  });
}

/** `PUT /api/user/picture`: a new profile picture, the old one deleted. */
export function useUploadPicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadPicture,
    onSuccess: (user) => pictureChanged(queryClient, user),
  });
}

/** `DELETE /api/user/picture`: no picture; the initials show instead. */
export function useRemovePicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<CurrentUser>('DELETE', '/api/user/picture'),
    onSuccess: (user) => pictureChanged(queryClient, user),
  });
}

// How often the profile looks again while the link to a pending address is on its way.
const SENDING_POLL_MS = 2_000;
const RETRYING_POLL_MS = 30_000;

/**
 * `GET /api/user/email-confirmation` (issue #35): how the link to the pending address fared,
 * looked at again while it is on its way. Only while an address is pending.
 */
export function useConfirmationDelivery({ enabled }: { enabled: boolean }) {
  return useQuery<ConfirmationDelivery>({
    queryKey: CONFIRMATION_DELIVERY_KEY,
    enabled,
    staleTime: 0,
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      if (state === 'sending') return SENDING_POLL_MS;
      if (state === 'retrying') return RETRYING_POLL_MS;
      return false;
    },
  });
}

/**
 * `POST /api/confirm-email` with the token of the link sent to a new address. The signed-in
 * user here (if it is the same account) is read again, with the new address.
 */
export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiJson<ConfirmEmailResponse>('POST', '/api/confirm-email', { token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
  });
}

/** `POST /api/change-password`; the server signs every other session out. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      apiJson<Ok>('POST', '/api/change-password', body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
        queryClient.invalidateQueries({ queryKey: LOGIN_ACTIVITY_KEY }),
      ]),
  });
}

/** `DELETE /api/user` with the password, and a code when two-factor is on. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (body: { password: string; token?: string }) =>
      apiJson<Ok>('DELETE', '/api/user', body),
  });
}

/** `POST /api/user/deletion-link`: an account without a password confirms by e-mail. */
export function useRequestDeletionLink() {
  return useMutation({
    mutationFn: () => apiJson<Ok>('POST', '/api/user/deletion-link'),
  });
}

/** `POST /api/delete-account` with the e-mailed link's token (and a code when 2FA is on). */
export function useDeleteAccountByLink() {
  return useMutation({
    mutationFn: (body: { confirmation: string; token?: string }) =>
      apiJson<Ok>('POST', '/api/delete-account', body),
  });
}

export function useLoginActivity() {
  return useQuery<LoginActivity>({ queryKey: LOGIN_ACTIVITY_KEY });
}

export function useSessions() {
  return useQuery<ActiveSessions>({ queryKey: SESSIONS_KEY });
}

/** `DELETE /api/sessions/:id`: signs one other browser out. */
export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/sessions/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

/** `DELETE /api/sessions`: signs out every session but this one. */
export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('DELETE', '/api/sessions'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

/** `GET /api/notification-preferences`: each kind of notification, in the app and by e-mail. */
export function useNotificationPreferences() {
  return useQuery<NotificationPreferences>({ queryKey: NOTIFICATION_PREFERENCES_KEY });
}

/** `PUT /api/notification-preferences`; the answer replaces the cached preferences. */
export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationPreferences) =>
      apiJson<NotificationPreferences>('PUT', '/api/notification-preferences', body),
    onSuccess: (saved) => queryClient.setQueryData(NOTIFICATION_PREFERENCES_KEY, saved),
  });
}

/**
 * `POST /api/user/admin-welcome` (issue #38): the administrator's welcome was seen. The cached
 * user is told at once, so the welcome closes for good even before the answer.
 */
export function useMarkAdminWelcomed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<CurrentUser>('POST', '/api/user/admin-welcome'),
    onMutate: () =>
      queryClient.setQueryData<CurrentUser | null>(CURRENT_USER_KEY, (user) =>
        user ? { ...user, adminWelcome: false } : user,
      ),
    onSuccess: (user) => queryClient.setQueryData(CURRENT_USER_KEY, user),
  });
}
