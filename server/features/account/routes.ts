import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activeSessions,
  changePasswordBody,
  confirmEmailBody,
  confirmEmailResponse,
  currentUser,
  deleteByLinkBody,
  deleteUserBody,
  loginActivity,
  sessionParams,
  updateUserBody,
} from '../../../shared/contracts/account';
import { okResponse } from '../../../shared/contracts/auth';
import { errorOf } from '../../../shared/contracts/errors';
import { confirmationDelivery } from '../../../shared/contracts/mail';
import { currentAuth, requestMeta } from '../../platform/auth';
import { clearSessionCookie, setSessionCookie } from '../../platform/sessions';
import { perMinute } from '../auth/rateLimits';
import { changeContext } from '../live';
import { changePassword } from './changePassword';
import { deleteAccount, deleteAccountByLink, requestDeletionLink } from './deleteAccount';
import {
  confirmationDeliveryOf,
  confirmEmailChange,
  type EmailChangeContext,
  isOwnAddress,
  requestEmailChange,
} from './emailChange';
import { listLoginActivity } from './loginActivity';
import { toCurrentUser } from './serializers';
import { listSessions, revokeOtherSessions, revokeSession } from './sessions';
import { updateProfile } from './updateProfile';

const tags = ['accounts'];

export const accountRoutes: FastifyPluginAsyncZod<EmailChangeContext> = async (app, ctx) => {
  const { db } = ctx;
  app.get(
    '/api/user',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The signed-in user',
        response: { 200: currentUser },
      },
    },
    async (request) => toCurrentUser(currentAuth(request).user),
  );

  app.patch(
    '/api/user',
    {
      // Issue #16: it once answered 60 probes of taken e-mails in 0.18 s.
      config: { access: 'user', ...perMinute(20) },
      schema: {
        tags,
        summary: 'Edit name and picture; a new e-mail is e-mailed a confirmation link',
        description:
          'A new `email` does not change the account yet: it becomes `pendingEmail`, a link goes ' +
          'to that address (or, if another account has it, a note saying so) and ' +
          'POST /api/confirm-email applies it. The answer is the same either way.',
        body: updateUserBody,
        response: { 200: currentUser },
      },
    },
    async (request) => {
      const { email, ...profile } = request.body;
      let user = currentAuth(request).user;
      if (email !== undefined && !isOwnAddress(user, email)) {
        user = await requestEmailChange(ctx, user, email);
      }
      return toCurrentUser(await updateProfile(changeContext(request), user, profile));
    },
  );

  app.get(
    '/api/user/email-confirmation',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'How the latest link to the pending e-mail address fared',
        description:
          '`state`: sending, retrying (the mail server failed for now; tried again for a day), ' +
          'sent or not_delivered; null when no address is pending (issue #35).',
        response: { 200: confirmationDelivery },
      },
    },
    async (request) => confirmationDeliveryOf(db, currentAuth(request).user),
  );

  app.post(
    '/api/confirm-email',
    {
      // Public: the link may be opened in another browser; its token is the proof.
      config: { access: 'public', ...perMinute(10) },
      schema: {
        tags,
        summary: 'Apply a new e-mail address with the link sent to it',
        body: confirmEmailBody,
        response: { 200: confirmEmailResponse, 409: errorOf('email_taken') },
      },
    },
    async (request) => confirmEmailChange(db, request.body.token),
  );

  app.delete(
    '/api/user',
    {
      // Each checks a password or a code: no guessing them with a stolen session.
      config: { access: 'user', ...perMinute(10) },
      schema: {
        tags,
        summary: 'Delete the account and everything of it, with its password',
        description:
          'An account without a password (made by a magic link) answers `link_required`: it ' +
          'asks for a link with POST /api/user/deletion-link and deletes with ' +
          'POST /api/delete-account.',
        body: deleteUserBody,
        response: { 200: okResponse },
      },
    },
    async (request, reply) => {
      await deleteAccount(changeContext(request), currentAuth(request).user, request.body);
      clearSessionCookie(reply);
      return { success: true as const };
    },
  );

  app.post(
    '/api/user/deletion-link',
    {
      config: { access: 'user', ...perMinute(5) },
      schema: {
        tags,
        summary: 'E-mail the link that confirms deleting an account without a password',
        response: { 200: okResponse },
      },
    },
    async (request) => {
      await requestDeletionLink(ctx, currentAuth(request).user);
      return { success: true as const };
    },
  );

  app.post(
    '/api/delete-account',
    {
      // Public: the link may be opened in another browser; its token is the proof.
      config: { access: 'public', ...perMinute(10) },
      schema: {
        tags,
        summary: 'Delete an account without a password, with the link e-mailed to it',
        body: deleteByLinkBody,
        response: { 200: okResponse },
      },
    },
    async (request, reply) => {
      const deletedId = await deleteAccountByLink(changeContext(request), request.body);
      if (request.auth?.user.id === deletedId) clearSessionCookie(reply);
      return { success: true as const };
    },
  );

  app.post(
    '/api/change-password',
    {
      // Each checks a password or a code: no guessing them with a stolen session.
      config: { access: 'user', ...perMinute(10) },
      schema: {
        tags,
        summary: 'Change the password; signs out every other session',
        body: changePasswordBody,
        response: { 200: okResponse },
      },
    },
    async (request, reply) => {
      const { token } = await changePassword(
        changeContext(request),
        currentAuth(request),
        request.body,
        requestMeta(request),
      );
      setSessionCookie(reply, token);
      return { success: true as const };
    },
  );

  app.get(
    '/api/login-activity',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Recent sign-ins and failed attempts',
        response: { 200: loginActivity },
      },
    },
    async (request) => listLoginActivity(db, currentAuth(request).user.id),
  );

  app.get(
    '/api/sessions',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Signed-in browsers',
        response: { 200: activeSessions },
      },
    },
    async (request) => {
      const { user, session } = currentAuth(request);
      return listSessions(db, user.id, session.id);
    },
  );

  app.delete(
    '/api/sessions',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Sign out everywhere else',
        response: { 200: okResponse },
      },
    },
    async (request) => {
      const { user, session } = currentAuth(request);
      await revokeOtherSessions(changeContext(request), user.id, session.id);
      return { success: true as const };
    },
  );

  app.delete(
    '/api/sessions/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Sign one session out',
        params: sessionParams,
        response: { 200: okResponse },
      },
    },
    async (request, reply) => {
      const { user, session } = currentAuth(request);
      await revokeSession(changeContext(request), user.id, request.params.id);
      if (request.params.id === session.id) clearSessionCookie(reply);
      return { success: true as const };
    },
  );
};
