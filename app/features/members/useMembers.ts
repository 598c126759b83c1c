import { mutationOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { forgetTrip } from '@/features/trips/tripCache';
import { tripKeys } from '@/features/trips/tripKeys';
import { apiJson } from '@/lib/queryClient';
import { useMutationWith } from '@/lib/useMutationWith';
import type {
  EmailInvitationBody,
  InvitationLink,
  JoinPreview,
  JoinResponse,
  MagicLinkBody,
  MagicLinkConsumeResponse,
  MagicLinkPreview,
  SentInvitations,
} from '../../../shared/contracts/members';

type Ok = { success: true };

const tripUrl = (tripId: string) => `/api/trips/${encodeURIComponent(tripId)}`;

export const memberKeys = {
  invitation: (tripId: string) => ['/api/trips', tripId, 'invitation'] as const,
  sentInvitations: (tripId: string) => ['/api/trips', tripId, 'invitations'] as const,
  // The code goes into the URL as one path segment, whatever it holds.
  join: (code: string) => ['/api/join', encodeURIComponent(code)] as const,
};

/** `GET /api/trips/:tripId/invitation` (owner only: members never ask for it). */
export function useInvitationLink(tripId: string, { enabled }: { enabled: boolean }) {
  return useQuery<InvitationLink>({ queryKey: memberKeys.invitation(tripId), enabled });
}

type OfTrip = { tripId: string };

/**
 * The trip's members' and invitations' writes (issue #37: registered by key, run again from their
 * variables alone). Joining by a link or a magic link stays with its page (useJoinTrip,
 * useConsumeMagicLink): a one-off step of someone not on the trip yet, never replayed.
 */
export const memberMutations = {
  /** `POST /api/trips/:tripId/invitation/reset`: a new link; the old one stops working at once. */
  resetInvitationLink: mutationOptions({
    mutationKey: ['members', 'resetInvitationLink'],
    mutationFn: ({ tripId }: OfTrip) =>
      apiJson<InvitationLink>('POST', `${tripUrl(tripId)}/invitation/reset`),
    onSuccess: (link, { tripId }, _context, { client }) =>
      client.setQueryData(memberKeys.invitation(tripId), link),
  }),

  /** `POST /api/trips/:tripId/invitations`: the server e-mails the join link. */
  inviteByEmail: mutationOptions({
    mutationKey: ['members', 'inviteByEmail'],
    mutationFn: ({ tripId, ...body }: OfTrip & EmailInvitationBody) =>
      apiJson<Ok>('POST', `${tripUrl(tripId)}/invitations`, body),
    onSuccess: (_ok, { tripId }, _context, { client }) =>
      client.invalidateQueries({ queryKey: memberKeys.sentInvitations(tripId) }),
  }),

  /** `POST /api/trips/:tripId/magic-links` (owner, Premium and Pro): the server e-mails the link. */
  sendMagicLink: mutationOptions({
    mutationKey: ['members', 'sendMagicLink'],
    mutationFn: ({ tripId, ...body }: OfTrip & MagicLinkBody) =>
      apiJson<Ok>('POST', `${tripUrl(tripId)}/magic-links`, body),
    onSuccess: (_ok, { tripId }, _context, { client }) =>
      client.invalidateQueries({ queryKey: memberKeys.sentInvitations(tripId) }),
  }),

  /**
   * `DELETE /api/trips/:tripId/members/:userId` (owner). What that changes — the members, and
   * whatever of the trip was theirs — is fetched again: the others hear it live, but not the tab
   * that made the change.
   */
  removeMember: mutationOptions({
    mutationKey: ['members', 'removeMember'],
    mutationFn: ({ tripId, userId }: OfTrip & { userId: string }) =>
      apiJson<Ok>('DELETE', `${tripUrl(tripId)}/members/${encodeURIComponent(userId)}`),
    onSuccess: (_ok, { tripId }, _context, { client }) =>
      client.invalidateQueries({ queryKey: tripKeys.trip(tripId) }),
  }),

  /** `POST /api/trips/:tripId/leave` (a member; the owner is refused), then forgetTrip. */
  leave: mutationOptions({
    mutationKey: ['members', 'leave'],
    mutationFn: (tripId: string) => apiJson<Ok>('POST', `${tripUrl(tripId)}/leave`),
    onSuccess: (_ok, tripId, _context, { client }) => forgetTrip(client, tripId),
  }),
};

/** A new invitation link for the trip: `mutate()`. */
export function useResetInvitationLink(tripId: string) {
  return useMutationWith(memberMutations.resetInvitationLink, () => ({ tripId }));
}

/** Invites by e-mail: `mutate({ email })`. */
export function useInviteByEmail(tripId: string) {
  return useMutationWith(memberMutations.inviteByEmail, (body: EmailInvitationBody) => ({
    ...body,
    tripId,
  }));
}

/** Sends a magic link: `mutate({ email, name })`. */
export function useSendMagicLink(tripId: string) {
  return useMutationWith(memberMutations.sendMagicLink, (body: MagicLinkBody) => ({
    ...body,
    tripId,
  }));
}

// How often the owner's list looks again while an e-mail is on its way (issue #35): soon after
// it was queued, and less often while the mail server is failing and the outbox waits.
const SENDING_POLL_MS = 2_000;
const RETRYING_POLL_MS = 30_000;

/**
 * `GET /api/trips/:tripId/invitations` (owner): the e-mailed invitations and how each fared,
 * looked at again while one is still on its way.
 */
export function useSentInvitations(tripId: string) {
  return useQuery<SentInvitations>({
    queryKey: memberKeys.sentInvitations(tripId),
    staleTime: 0,
    refetchInterval: (query) => {
      const states = query.state.data?.invitations.map((invitation) => invitation.state) ?? [];
      if (states.includes('sending')) return SENDING_POLL_MS;
      if (states.includes('retrying')) return RETRYING_POLL_MS;
      return false;
    },
  });
}

/** Removes a member from the trip (owner): `mutate(userId)`. */
export function useRemoveMember(tripId: string) {
  return useMutationWith(memberMutations.removeMember, (userId: string) => ({ tripId, userId }));
}

/** Leaves a trip: `mutate(tripId)`. */
export function useLeaveTrip() {
  return useMutation(memberMutations.leave);
}

/**
 * `GET /api/join/:code`: what an invitation leads to. Fetched again on every visit (not kept
 * fresh forever like other data): someone who signs in and comes back must see whether they are
 * on the trip now, and a reset link must stop showing the trip.
 */
export function useJoinPreview(code: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<JoinPreview>({ queryKey: memberKeys.join(code), staleTime: 0, enabled });
}

/**
 * `POST /api/join/:code` (signed in; joining twice changes nothing). My trip list is dropped so
 * the dashboard loads it afresh, with the new trip in it, instead of showing the old list first.
 */
export function useJoinTrip(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<JoinResponse>('POST', `/api/join/${encodeURIComponent(code)}`),
    onSuccess: () => queryClient.removeQueries({ queryKey: tripKeys.all, exact: true }),
  });
}

// The token goes into the URL as one path segment, whatever it holds.
const magicLinkUrl = (token: string) => `/api/magic/${encodeURIComponent(token)}`;

/**
 * `GET /api/magic/:token`. Fetched on every visit: a link used a moment ago in another tab must
 * show as used, not as the cached invitation.
 */
export function useMagicLinkPreview(token: string) {
  return useQuery<MagicLinkPreview>({ queryKey: [magicLinkUrl(token)], staleTime: 0 });
}

/** `POST /api/magic/:token`: uses the link up, signs its address in and joins the trip. */
export function useConsumeMagicLink(token: string) {
  return useMutation({
    mutationFn: () => apiJson<MagicLinkConsumeResponse>('POST', magicLinkUrl(token)),
  });
}
