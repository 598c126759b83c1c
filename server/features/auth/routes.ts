import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  forgotPasswordBody,
  loginBody,
  loginResponse,
  okResponse,
  registerBody,
  registerResponse,
  resetPasswordBody,
} from '../../../shared/contracts/auth';
import { errorOf } from '../../../shared/contracts/errors';
import { MEMBER_MESSAGES } from '../../../shared/contracts/members';
import { requestMeta } from '../../platform/auth';
import type { Config } from '../../platform/config';
import { HttpError } from '../../platform/errors';
import { clearSessionCookie, setSessionCookie } from '../../platform/sessions';
import { toCurrentUser } from '../account/serializers';
import { changeContext, liveChangesOf } from '../live';
import { findInvitedTrip, maySignUp } from '../members/invitations';
import { joinIfInvited } from '../members/service';
import { login } from './login';
import { logout } from './logout';
import { type ResetMailContext, requestPasswordReset, resetPassword } from './passwordReset';
import { perMinute } from './rateLimits';
import { register } from './register';

const tags = ['accounts'];

export const authRoutes: FastifyPluginAsyncZod<
  ResetMailContext & {
    /** REGISTRATION: `invite` lets only people with a valid invitation sign up. Default open. */
    registration?: Config['registration'];
  }
> = async (app, ctx) => {
  const registration = ctx.registration ?? 'open';

  app.post(
    '/api/register',
    {
      config: { access: 'public', ...perMinute(10) },
      schema: {
        tags,
        summary: 'Create an account and sign in',
        description:
          "The `email` becomes the account's `pendingEmail`: a link sent to it confirms it (or, " +
          'when another account has that address, its owner gets a note instead) — the answer ' +
          'is the same either way. With REGISTRATION=invite, only with a valid `invitation` ' +
          '(its code or /join/… link); otherwise 403. A valid `invitation` also joins its trip ' +
          '(`tripId`; null when the trip is full by then).',
        body: registerBody,
        response: {
          201: registerResponse,
          403: errorOf('invite_only'),
          409: errorOf('username_taken'),
        },
      },
    },
    async (request, reply) => {
      // Issue #7: with sign-up by invitation only, a valid (not reset, not expired) invitation
      // opens the door.
      if (!(await maySignUp(ctx.db, registration, request.body.invitation))) {
        throw new HttpError('invite_only', MEMBER_MESSAGES.inviteOnly);
      }
      // Who signs up with a valid invitation joins that trip: no sample trip for them.
      const { invitation } = request.body;
      const invited = invitation ? await findInvitedTrip(ctx.db, invitation) : null;
      const { user, token } = await register(ctx, request.body, requestMeta(request), {
        firstTrip: !invited,
      });
      setSessionCookie(reply, token);
      // Issue #38: the sign-up keeps the trip, so nobody has to come back and press Join. The
      // join checks the invitation again and counts the travellers, as POST /api/join does.
      const tripId =
        invitation && invited
          ? await joinIfInvited(
              { db: ctx.db, live: liveChangesOf(app.live, request), actorId: user.id },
              invitation,
              user.id,
            )
          : null;
      return reply.code(201).send({ success: true, user: toCurrentUser(user), tripId });
    },
  );

  app.post(
    '/api/login',
    {
      config: { access: 'public', ...perMinute(20) },
      schema: {
        tags,
        summary: 'Sign in with a username or e-mail and password',
        body: loginBody,
        response: { 200: loginResponse, 401: errorOf('invalid_credentials') },
      },
    },
    async (request, reply) => {
      const previous = request.auth?.session ?? request.pendingAuth?.session ?? null;
      const result = await login(
        changeContext(request),
        request.body,
        requestMeta(request),
        previous,
      );
      const pendingTwoFactor = result.kind === 'needsSecondFactor';
      setSessionCookie(reply, result.token, { pendingTwoFactor });
      if (pendingTwoFactor) return { requiresTwoFactor: true as const };
      return { success: true as const, user: toCurrentUser(result.user) };
    },
  );

  app.post(
    '/api/logout',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Sign out this browser', response: { 200: okResponse } },
    },
    async (request, reply) => {
      const session = request.auth?.session ?? request.pendingAuth?.session;
      if (session) await logout(changeContext(request), session);
      clearSessionCookie(reply);
      return { success: true as const };
    },
  );

  app.post(
    '/api/forgot-password',
    {
      config: { access: 'public', ...perMinute(5) },
      schema: {
        tags,
        summary: 'E-mail a reset link, if the address has an account',
        body: forgotPasswordBody,
        response: { 200: okResponse },
      },
    },
    async (request, reply) => {
      const rest = await requestPasswordReset(ctx, request.body.email);
      // The same answer, after the same work, whether or not the address has an account. The
      // rest runs a random 20–120 ms after the answer, so that it does not slow whichever
      // request comes next either (a known address's rest writes more than an unknown's).
      reply.raw.once('finish', () =>
        setTimeout(
          () =>
            rest().catch((err) =>
              request.log.error({ err }, 'could not queue the password reset e-mail'),
            ),
          20 + Math.random() * 100,
        ),
      );
      return { success: true as const };
    },
  );

  app.post(
    '/api/reset-password',
    {
      config: { access: 'public', ...perMinute(10) },
      schema: {
        tags,
        summary: 'Set a new password with a reset link',
        body: resetPasswordBody,
        response: { 200: okResponse },
      },
    },
    async (request, reply) => {
      await resetPassword(changeContext(request), request.body, requestMeta(request));
      clearSessionCookie(reply);
      return { success: true as const };
    },
  );
};
