import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponse } from '../../../shared/contracts/auth';
import { errorResponse } from '../../../shared/contracts/errors';
import {
  EMAIL_INVITATIONS_PER_HOUR,
  emailInvitationBody,
  invitationLink,
  joinParams,
  joinPreview,
  joinResponse,
  MAGIC_LINKS_PER_HOUR,
  MEMBER_MESSAGES,
  magicLinkBody,
  magicLinkConsumeResponse,
  magicLinkParams,
  magicLinkPreview,
  memberParams,
  sentInvitations,
} from '../../../shared/contracts/members';
import { tripParams } from '../../../shared/contracts/trips';
import { currentAuth, requestMeta } from '../../platform/auth';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import { perUser } from '../../platform/rateLimit';
import { setSessionCookie } from '../../platform/sessions';
import { toCurrentUser } from '../account/serializers';
import { changeContext, liveChangesOf } from '../live';
import { tripAccessOf, tripMember, tripOwner } from '../trips/access';
import { getOrCreateLink, resetLink } from './invitations';
import { consumeMagicLink, previewMagicLink, sendMagicLink } from './magicLinks';
import { listSentInvitations } from './sentInvitations';
import * as members from './service';

const tags = ['members'];
// Invitations and the member list are the owner's (issue #7 roles); outsiders get a 404 first.
const owner = tripOwner(MEMBER_MESSAGES.ownerOnly);

/** Members and invitations (issue #7): links, e-mail invites, joining, removing, leaving. */
export const membersRoutes: FastifyPluginAsyncZod<{
  db: Db;
  config: Config;
}> = async (app, { db, config }) => {
  const { publicUrl } = config;

  app.get(
    '/api/trips/:tripId/invitation',
    {
      config: { access: owner },
      schema: {
        tags,
        summary: "The trip's invitation link, made on the first request (owner)",
        description: 'Valid for 30 days; an expired link is replaced by a new one here.',
        params: tripParams,
        response: { 200: invitationLink },
      },
    },
    async (request) => {
      const { trip } = tripAccessOf(request);
      return getOrCreateLink(db, publicUrl, trip, currentAuth(request).user.id);
    },
  );

  app.post(
    '/api/trips/:tripId/invitation/reset',
    {
      config: { access: owner },
      schema: {
        tags,
        summary: 'A new invitation link; the old one stops working at once (owner)',
        params: tripParams,
        response: { 200: invitationLink },
      },
    },
    async (request) => {
      const { trip } = tripAccessOf(request);
      return resetLink(db, publicUrl, trip, currentAuth(request).user.id);
    },
  );

  app.post(
    '/api/trips/:tripId/invitations',
    {
      config: { access: owner, ...perUser(EMAIL_INVITATIONS_PER_HOUR, 60 * 60_000) },
      schema: {
        tags,
        summary: "E-mail the trip's join link to someone (owner; 20 an hour)",
        params: tripParams,
        description:
          'Answers once the e-mail is in the outbox; GET on the same path says how it fared.',
        body: emailInvitationBody,
        response: { 200: okResponse },
      },
    },
    async (request) => {
      await members.sendEmailInvitation(
        { db, publicUrl },
        tripAccessOf(request),
        currentAuth(request).user,
        request.body.email,
      );
      return { success: true as const };
    },
  );

  app.get(
    '/api/trips/:tripId/invitations',
    {
      config: { access: owner },
      schema: {
        tags,
        summary: "The trip's e-mailed invitations of the last 30 days, and how each fared (owner)",
        description:
          '`state`: sending (not tried yet), retrying (a temporary failure; tried again for a ' +
          'day), sent (the mail server took it), not_delivered (refused, or a day of failures).',
        params: tripParams,
        response: { 200: sentInvitations },
      },
    },
    async (request) => listSentInvitations(db, tripAccessOf(request).trip.id),
  );

  app.get(
    '/api/join/:code',
    {
      config: { access: 'public', rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'What an invitation link leads to (public)',
        description:
          "`code` is the code, or the link's last segment (`bali-2023-<code>`). `isMember` is " +
          'false when signed out. Unknown, reset or expired links answer 404.',
        params: joinParams,
        response: { 200: joinPreview },
      },
    },
    async (request) => members.previewJoin(db, request.params.code, request.auth?.user.id ?? null),
  );

  app.post(
    '/api/join/:code',
    {
      config: { access: 'user', ...{ rateLimit: { max: 30, timeWindow: 60_000 } } },
      schema: {
        tags,
        summary: 'Join the trip as a member',
        description:
          "Already a member: the same answer, nothing changes. A trip at its owner's plan's " +
          'traveller limit answers 403 with the reason.',
        params: joinParams,
        response: { 200: joinResponse, 403: errorResponse.describe('The trip is full') },
      },
    },
    async (request) => {
      const { user } = currentAuth(request);
      return members.joinTrip(changeContext(request), request.params.code, user.id);
    },
  );

  app.delete(
    '/api/trips/:tripId/members/:userId',
    {
      config: { access: owner },
      schema: {
        tags,
        summary: 'Remove a member from the trip (owner)',
        description:
          "Their to-dos on the trip become unassigned and their flights the group's; their next " +
          'request to the trip answers 404.',
        params: memberParams,
        response: { 200: okResponse },
      },
    },
    async (request) => {
      const { user } = currentAuth(request);
      const access = tripAccessOf(request);
      await members.removeMember(changeContext(request), access, user.id, request.params.userId);
      return { success: true as const };
    },
  );

  app.post(
    '/api/trips/:tripId/leave',
    {
      config: { access: tripMember() },
      schema: {
        tags,
        summary: 'Leave the trip (a member; the owner deletes it or hands it over instead)',
        params: tripParams,
        response: { 200: okResponse },
      },
    },
    async (request) => {
      const { user } = currentAuth(request);
      await members.leaveTrip(changeContext(request), tripAccessOf(request), user.id);
      return { success: true as const };
    },
  );

  app.post(
    '/api/trips/:tripId/magic-links',
    {
      config: { access: owner, ...perUser(MAGIC_LINKS_PER_HOUR, 60 * 60_000) },
      schema: {
        tags,
        summary:
          'E-mail a single-use link that signs someone in and joins them (owner; 20 an hour)',
        description:
          "Premium and Pro: the owner's plan must have magic-link invitations, otherwise 403. " +
          'The link, `<site>/magic/<token>`, is valid for 7 days and works once; it signs ' +
          'into the account with that e-mail address, or makes a passwordless one.',
        params: tripParams,
        body: magicLinkBody,
        response: { 200: okResponse },
      },
    },
    async (request) => {
      const { user } = currentAuth(request);
      await sendMagicLink({ db, publicUrl }, tripAccessOf(request), user, request.body);
      return { success: true as const };
    },
  );

  app.get(
    '/api/magic/:token',
    {
      config: { access: 'public', rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'What a magic link leads to (public)',
        description: 'Used, expired or unknown links answer 404.',
        params: magicLinkParams,
        response: { 200: magicLinkPreview },
      },
    },
    async (request) => previewMagicLink(db, request.params.token),
  );

  app.post(
    '/api/magic/:token',
    {
      config: { access: 'public', rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Use a magic link: sign in (or sign up) and join the trip (public)',
        description:
          'Single use. Makes a passwordless account when the address has none. An account with ' +
          'two-factor on is half signed in (`requiresTwoFactor`): finish with POST ' +
          "/api/verify-2fa. A trip at its owner's plan's traveller limit answers 403 and the " +
          'link stays usable.',
        params: magicLinkParams,
        response: {
          200: magicLinkConsumeResponse,
          403: errorResponse.describe('The trip is full'),
        },
      },
    },
    async (request, reply) => {
      const previous = request.auth?.session ?? request.pendingAuth?.session ?? null;
      // No tab is skipped: the tab that opened the link belongs to the session it replaces.
      const result = await consumeMagicLink(
        { db, live: liveChangesOf(app.live, null), actorId: null },
        request.params.token,
        requestMeta(request),
        previous?.id ?? null,
      );
      setSessionCookie(reply, result.token);
      if (result.kind === 'needsSecondFactor') {
        return { requiresTwoFactor: true as const, tripId: result.tripId };
      }
      return { user: toCurrentUser(result.user), tripId: result.tripId };
    },
  );
};
