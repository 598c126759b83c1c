import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activeSessions,
  adminPeople,
  changePasswordBody,
  confirmEmailBody,
  confirmEmailResponse,
  currentUser,
  deleteByLinkBody,
  deleteUserBody,
  loginActivity,
  peoplePageQuery,
  personParams,
  secondFactorsReset,
  sessionParams,
  updateUserBody,
} from '../../../shared/contracts/account';
import { okResponse } from '../../../shared/contracts/auth';
import { errorOf } from '../../../shared/contracts/errors';
import { confirmationDelivery } from '../../../shared/contracts/mail';
import { PAGE_CURSOR_HEADER, PAGE_TOTAL_HEADER } from '../../../shared/contracts/paging';
import { currentAuth, requestMeta } from '../../platform/auth';
import { pageHeaders } from '../../platform/db/keyset';
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
import { adminPersonOf, markAdminWelcomed, peoplePage, resetSecondFactors } from './people';
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
        summary: 'Edit name and home airport; a new e-mail is e-mailed a confirmation link',
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

  // Issue #38: the administrators' side of accounts: their welcome, and the people list.
  app.post(
    '/api/user/admin-welcome',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "The administrator's welcome was seen: it does not show again",
        response: { 200: currentUser },
      },
    },
    async (request) => toCurrentUser(await markAdminWelcomed(db, currentAuth(request).user.id)),
  );

  app.get(
    '/api/admin/users',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'A page of accounts, newest first',
        description:
          'At most `limit` accounts (default 50, at most 200), those whose username, name or ' +
          `e-mail address holds \`q\` when given. Headers: ${PAGE_TOTAL_HEADER} (every ` +
          `account) and, when there are more, ${PAGE_CURSOR_HEADER} — pass it as \`before\`.`,
        querystring: peoplePageQuery,
        response: { 200: adminPeople },
      },
    },
    async (request, reply) => {
      const page = await peoplePage(db, request.query);
      reply.headers(pageHeaders(page));
      return page.entries;
    },
  );

  app.post(
    '/api/admin/users/:id/reset-second-factors',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "Remove an account's second factors and sign it out everywhere",
        description:
          'Turns two-factor (TOTP) off, deletes the recovery codes and every passkey, and ends ' +
          'every session of the account, so it signs in again with its password and sets its ' +
          "factors up anew. Not for the administrator's own account (400).",
        params: personParams,
        response: { 200: secondFactorsReset },
      },
    },
    async (request) => {
      const admin = currentAuth(request).user;
      const { id } = request.params;
      const { username, removed } = await resetSecondFactors(db, admin.id, id);
      // The audit trail: who did it to whom, and what went — counts only, never a secret.
      request.log.info(
        { audit: 'second_factors_reset', adminId: admin.id, userId: id, username, removed },
        'An administrator reset the second factors of an account',
      );
      // Its open tabs close now; other instances hear the sessions end from the database.
      changeContext(request).live.disconnect({ userId: id });
      return { person: await adminPersonOf(db, id), removed };
    },
  );
};
