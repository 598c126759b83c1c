import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponse } from '../../../shared/contracts/auth';
import { errorOf } from '../../../shared/contracts/errors';
import {
  confirmTwoFactorResponse,
  disableTwoFactorBody,
  recoveryCodesResponse,
  secondFactorBody,
  setupTwoFactorResponse,
  twoFactorCodeBody,
  twoFactorStatus,
  verifyTwoFactorResponse,
} from '../../../shared/contracts/twofactor';
import { currentAuth, requestMeta } from '../../platform/auth';
import type { Db } from '../../platform/db/client';
import type { UserRow } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { clearSessionCookie, setSessionCookie } from '../../platform/sessions';
import { toCurrentUser } from '../account/serializers';
import { perMinute } from '../auth/rateLimits';
import type { CodeKind } from './consumeCode';
import { disableTwoFactor } from './disable';
import { makeNewRecoveryCodes } from './newRecoveryCodes';
import { recoveryCodesLeft, twoFactorStatusOf } from './recoveryCodes';
import { beginTwoFactorSetup, confirmTwoFactorSetup } from './setup';
import { completeSecondFactor, reverifySecondFactor } from './verify';

const tags = ['accounts'];

export const twoFactorRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  // After a recovery code, the answer says how many are left (issue #35), so the person knows
  // when to make new ones.
  const left = async (kind: CodeKind, user: UserRow) =>
    kind === 'recovery_code' ? { recoveryCodesLeft: await recoveryCodesLeft(db, user.id) } : {};

  app.post(
    '/api/setup-2fa',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Start two-factor setup: a new secret and its QR code',
        response: { 200: setupTwoFactorResponse, 409: errorOf('two_factor_already_enabled') },
      },
    },
    async (request) => beginTwoFactorSetup(db, currentAuth(request).user),
  );

  app.post(
    '/api/confirm-2fa',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Turn two-factor on with a code from the new secret',
        description:
          'Answers the ten recovery codes made with it (issue #35): the only time they are shown.',
        body: twoFactorCodeBody,
        response: { 200: confirmTwoFactorResponse, 409: errorOf('two_factor_already_enabled') },
      },
    },
    async (request) => {
      const recoveryCodes = await confirmTwoFactorSetup(
        db,
        currentAuth(request),
        request.body.token,
      );
      return { success: true as const, recoveryCodes };
    },
  );

  app.post(
    '/api/verify-2fa',
    {
      config: { access: 'public', ...perMinute(20) },
      schema: {
        tags,
        summary: 'Complete a sign-in with a code, or prove the second factor again',
        description:
          'The code is a 6-digit one from the authenticator app or a recovery code (any letter ' +
          'case, spaces and dashes); after a recovery code the answer says how many are left.',
        body: secondFactorBody,
        response: {
          200: verifyTwoFactorResponse,
          401: errorOf('unauthenticated', 'too_many_wrong_codes'),
        },
      },
    },
    async (request, reply) => {
      if (request.pendingAuth) {
        const { user } = request.pendingAuth;
        let kind: CodeKind;
        try {
          const done = await completeSecondFactor(
            db,
            request.pendingAuth,
            request.body.token,
            requestMeta(request),
          );
          setSessionCookie(reply, done.token);
          kind = done.kind;
        } catch (error) {
          // The pending session is gone after too many wrong codes: forget its cookie too.
          const over = ['too_many_wrong_codes', 'account_locked'];
          if (error instanceof HttpError && over.includes(error.code)) clearSessionCookie(reply);
          throw error;
        }
        return { success: true as const, user: toCurrentUser(user), ...(await left(kind, user)) };
      }
      const auth = currentAuth(request);
      const kind = await reverifySecondFactor(db, auth, request.body.token);
      return {
        success: true as const,
        user: toCurrentUser(auth.user),
        ...(await left(kind, auth.user)),
      };
    },
  );

  app.get(
    '/api/2fa',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Whether two-factor is on, and how many recovery codes are left',
        response: { 200: twoFactorStatus },
      },
    },
    async (request) => twoFactorStatusOf(db, currentAuth(request).user),
  );

  app.post(
    '/api/2fa/recovery-codes',
    {
      // Each checks a code: no guessing them with a stolen session.
      config: { access: 'user', ...perMinute(10) },
      schema: {
        tags,
        summary: 'Make new recovery codes with a current code; the old ones stop working',
        description:
          'The code is a 6-digit one from the authenticator app or an unused recovery code. ' +
          'The ten new codes are in the answer, the only time they are shown.',
        body: secondFactorBody,
        response: {
          200: recoveryCodesResponse,
          400: errorOf('invalid_code', 'two_factor_not_enabled', 'invalid_input'),
          429: errorOf('account_locked', 'rate_limited'),
        },
      },
    },
    async (request) => ({
      recoveryCodes: await makeNewRecoveryCodes(
        db,
        currentAuth(request),
        request.body.token,
        requestMeta(request),
      ),
    }),
  );

  app.post(
    '/api/disable-2fa',
    {
      // Each checks a password or a code: no guessing them with a stolen session.
      config: { access: 'user', ...perMinute(10) },
      schema: {
        tags,
        summary: 'Turn two-factor off, with a code or right after verify-2fa with an empty one',
        body: disableTwoFactorBody,
        response: { 200: okResponse },
      },
    },
    async (request) => {
      await disableTwoFactor(db, currentAuth(request), request.body.token);
      return { success: true as const };
    },
  );
};
