import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activeSessions,
  changePasswordBody,
  deleteUserBody,
  disableTwoFactorBody,
  forgotPasswordBody,
  loginActivity,
  loginBody,
  loginResponse,
  notificationPreferences,
  okResponse,
  registerBody,
  resetPasswordBody,
  setupTwoFactorResponse,
  twoFactorCodeBody,
  updateUserBody,
} from '../../../shared/contracts/auth';
import { errorResponse } from '../../../shared/contracts/common';
import { MEMBER_MESSAGES } from '../../../shared/contracts/members';
import { currentUser } from '../../../shared/contracts/user';
import { currentAuth, requestMeta, requireUser } from '../../platform/auth';
import type { Config } from '../../platform/config';
import { HttpError } from '../../platform/errors';
import { clearSessionCookie, deleteSession, setSessionCookie } from '../../platform/sessions';
import { maySignUp } from '../members/invitations';
import { memberName, tripMemberIds } from '../trips/access';
import { liveSettingsOf } from '../trips/service';
import { toCurrentUser } from './serializers';
import * as accounts from './service';

const errors = { 400: errorResponse, 401: errorResponse, 409: errorResponse, 429: errorResponse };
const registerErrors = { ...errors, 403: errorResponse };
const signedIn = { preHandler: requireUser };
const tags = ['accounts'];
// Issue #3: at most 20 sign-in attempts a minute per IP address.
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });

export const authRoutes: FastifyPluginAsyncZod<
  accounts.AuthContext & {
    /** REGISTRATION: `invite` lets only people with a valid invitation sign up. Default open. */
    registration?: Config['registration'];
  }
> = async (app, ctx) => {
  const secure = ctx.publicUrl.startsWith('https:');
  const registration = ctx.registration ?? 'open';

  app.post(
    '/api/register',
    {
      config: perMinute(10),
      schema: {
        tags,
        summary: 'Create an account and sign in',
        description:
          'With REGISTRATION=invite, only with a valid `invitation` (its code or /join/… link); ' +
          'otherwise 403.',
        body: registerBody,
        response: {
          201: z.object({ success: z.literal(true), user: currentUser }),
          ...registerErrors,
        },
      },
    },
    async (request, reply) => {
      // Issue #7: with sign-up by invitation only, a valid (not reset, not expired) invitation
      // opens the door; joining its trip stays the client's separate POST /api/join/:code.
      if (!(await maySignUp(ctx.db, registration, request.body.invitation))) {
        throw new HttpError(403, MEMBER_MESSAGES.inviteOnly);
      }
      const { user, token } = await accounts.register(ctx, request.body, requestMeta(request));
      setSessionCookie(reply, token, secure);
      return reply.code(201).send({ success: true, user: toCurrentUser(user) });
    },
  );

  app.post(
    '/api/login',
    {
      config: perMinute(20),
      schema: {
        tags,
        summary: 'Sign in with a username or e-mail and password',
        body: loginBody,
        response: { 200: loginResponse, ...errors },
      },
    },
    async (request, reply) => {
      const previous = request.auth?.session ?? request.pendingAuth?.session ?? null;
      const result = await accounts.login(ctx, request.body, requestMeta(request), previous);
      // The session this browser had is gone (whoever it was): so are its live connections.
      if (previous) app.live.disconnect({ sessionId: previous.id });
      setSessionCookie(reply, result.token, secure);
      if (result.kind === 'needsSecondFactor') return { requiresTwoFactor: true as const };
      return { success: true as const, user: toCurrentUser(result.user) };
    },
  );

  app.post(
    '/api/logout',
    { schema: { tags, summary: 'Sign out this browser', response: { 200: okResponse } } },
    async (request, reply) => {
      const session = request.auth?.session ?? request.pendingAuth?.session;
      if (session) {
        await deleteSession(ctx.db, session.id);
        app.live.disconnect({ sessionId: session.id });
      }
      clearSessionCookie(reply, secure);
      return { success: true as const };
    },
  );

  app.get(
    '/api/user',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'The signed-in user',
        response: { 200: currentUser, 401: errorResponse },
      },
    },
    async (request) => toCurrentUser(currentAuth(request).user),
  );

  app.patch(
    '/api/user',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Edit name, e-mail and picture',
        body: updateUserBody,
        response: { 200: currentUser, ...errors },
      },
    },
    async (request) => {
      const before = currentAuth(request).user;
      const after = await accounts.updateProfile(ctx, before, request.body);
      if (
        memberName(after) !== memberName(before) ||
        after.profileImageUrl !== before.profileImageUrl
      ) {
        await app.live.userChanged(after);
      }
      return toCurrentUser(after);
    },
  );

  app.delete(
    '/api/user',
    {
      ...signedIn,
      // Each checks a password or a code: no guessing them with a stolen session.
      config: perMinute(10),
      schema: {
        tags,
        summary: 'Delete the account and everything of it',
        body: deleteUserBody,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { user } = currentAuth(request);
      const { leftTripIds, handedOver } = await accounts.deleteAccount(ctx, user, request.body);
      app.live.disconnect({ userId: user.id });
      // The others on their trips: one member fewer, and a new owner where they owned it.
      for (const trip of handedOver) {
        app.live.tripChanged(trip.id, { type: 'trip:saved', trip: liveSettingsOf(trip) }, null, {
          memberIds: await tripMemberIds(ctx.db, trip.id),
        });
      }
      for (const tripId of leftTripIds) {
        app.live.tripChanged(tripId, { type: 'members:changed' }, null);
      }
      clearSessionCookie(reply, secure);
      return { success: true as const };
    },
  );

  app.post(
    '/api/setup-2fa',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Start two-factor setup: a new secret and its QR code',
        response: { 200: setupTwoFactorResponse, ...errors },
      },
    },
    async (request) => accounts.beginTwoFactorSetup(ctx, currentAuth(request).user),
  );

  app.post(
    '/api/confirm-2fa',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Turn two-factor on with a code from the new secret',
        body: twoFactorCodeBody,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request) => {
      await accounts.confirmTwoFactorSetup(ctx, currentAuth(request), request.body.token);
      return { success: true as const };
    },
  );

  app.post(
    '/api/verify-2fa',
    {
      config: perMinute(20),
      schema: {
        tags,
        summary: 'Complete a sign-in with a code, or prove the second factor again',
        body: twoFactorCodeBody,
        response: { 200: z.object({ success: z.literal(true), user: currentUser }), ...errors },
      },
    },
    async (request, reply) => {
      const meta = requestMeta(request);
      if (request.pendingAuth) {
        try {
          const { token } = await accounts.completeSecondFactor(
            ctx,
            request.pendingAuth,
            request.body.token,
            meta,
          );
          setSessionCookie(reply, token, secure);
        } catch (error) {
          // The pending session is gone after too many wrong codes: forget its cookie too.
          if (error instanceof HttpError && error.statusCode === 401)
            clearSessionCookie(reply, secure);
          throw error;
        }
        return { success: true as const, user: toCurrentUser(request.pendingAuth.user) };
      }
      const auth = currentAuth(request);
      await accounts.reverifySecondFactor(ctx, auth, request.body.token);
      return { success: true as const, user: toCurrentUser(auth.user) };
    },
  );

  app.post(
    '/api/disable-2fa',
    {
      ...signedIn,
      // Each checks a password or a code: no guessing them with a stolen session.
      config: perMinute(10),
      schema: {
        tags,
        summary: 'Turn two-factor off, with a code or right after verify-2fa with an empty one',
        body: disableTwoFactorBody,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request) => {
      await accounts.disableTwoFactor(ctx, currentAuth(request), request.body.token);
      return { success: true as const };
    },
  );

  app.post(
    '/api/forgot-password',
    {
      config: perMinute(5),
      schema: {
        tags,
        summary: 'E-mail a reset link, if the address has an account',
        body: forgotPasswordBody,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request) => {
      await accounts.requestPasswordReset(ctx, request.body.email, (err) =>
        request.log.error({ err }, 'could not send the password reset e-mail'),
      );
      // The same answer whether or not the address has an account.
      return { success: true as const };
    },
  );

  app.post(
    '/api/reset-password',
    {
      config: perMinute(10),
      schema: {
        tags,
        summary: 'Set a new password with a reset link',
        body: resetPasswordBody,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = await accounts.resetPassword(ctx, request.body, requestMeta(request));
      app.live.disconnect({ userId });
      clearSessionCookie(reply, secure);
      return { success: true as const };
    },
  );

  app.post(
    '/api/change-password',
    {
      ...signedIn,
      // Each checks a password or a code: no guessing them with a stolen session.
      config: perMinute(10),
      schema: {
        tags,
        summary: 'Change the password; signs out every other session',
        body: changePasswordBody,
        response: { 200: okResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { token } = await accounts.changePassword(
        ctx,
        currentAuth(request),
        request.body,
        requestMeta(request),
      );
      setSessionCookie(reply, token, secure);
      const { user } = currentAuth(request);
      // Every live connection of the user, this tab's too: its session was replaced by the
      // new one, and it reconnects at once with the new cookie.
      app.live.disconnect({ userId: user.id });
      return { success: true as const };
    },
  );

  app.get(
    '/api/login-activity',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Recent sign-ins and failed attempts',
        response: { 200: loginActivity, 401: errorResponse },
      },
    },
    async (request) => accounts.listLoginActivity(ctx.db, currentAuth(request).user.id),
  );

  app.get(
    '/api/sessions',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Signed-in browsers',
        response: { 200: activeSessions, 401: errorResponse },
      },
    },
    async (request) => {
      const { user, session } = currentAuth(request);
      return accounts.listSessions(ctx.db, user.id, session.id);
    },
  );

  app.delete(
    '/api/sessions',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Sign out everywhere else',
        response: { 200: okResponse, 401: errorResponse },
      },
    },
    async (request) => {
      const { user, session } = currentAuth(request);
      await accounts.revokeOtherSessions(ctx.db, user.id, session.id);
      app.live.disconnect({ userId: user.id, exceptSessionId: session.id });
      return { success: true as const };
    },
  );

  app.delete(
    '/api/sessions/:id',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Sign one session out',
        params: z.object({ id: z.uuid('No such session') }),
        response: { 200: okResponse, 401: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const { user, session } = currentAuth(request);
      await accounts.revokeSession(ctx.db, user.id, request.params.id);
      app.live.disconnect({ sessionId: request.params.id });
      if (request.params.id === session.id) clearSessionCookie(reply, secure);
      return { success: true as const };
    },
  );

  app.get(
    '/api/notification-preferences',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'E-mail preferences',
        response: { 200: notificationPreferences, 401: errorResponse },
      },
    },
    async (request) => currentAuth(request).user.emailPreferences,
  );

  app.put(
    '/api/notification-preferences',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Save e-mail preferences',
        body: notificationPreferences,
        response: { 200: notificationPreferences, ...errors },
      },
    },
    async (request) =>
      accounts.setEmailPreferences(ctx.db, currentAuth(request).user.id, request.body),
  );
};
