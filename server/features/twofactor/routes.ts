import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponse, signedInResponse } from '../../../shared/contracts/auth';
import { errorOf } from '../../../shared/contracts/errors';
import {
  disableTwoFactorBody,
  setupTwoFactorResponse,
  twoFactorCodeBody,
} from '../../../shared/contracts/twofactor';
import { currentAuth, requestMeta } from '../../platform/auth';
import type { Db } from '../../platform/db/client';
import { HttpError } from '../../platform/errors';
import { clearSessionCookie, setSessionCookie } from '../../platform/sessions';
import { toCurrentUser } from '../account/serializers';
import { perMinute } from '../auth/rateLimits';
import { disableTwoFactor } from './disable';
import { beginTwoFactorSetup, confirmTwoFactorSetup } from './setup';
import { completeSecondFactor, reverifySecondFactor } from './verify';

const tags = ['accounts'];

export const twoFactorRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
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
        body: twoFactorCodeBody,
        response: { 200: okResponse, 409: errorOf('two_factor_already_enabled') },
      },
    },
    async (request) => {
      await confirmTwoFactorSetup(db, currentAuth(request), request.body.token);
      return { success: true as const };
    },
  );

  app.post(
    '/api/verify-2fa',
    {
      config: { access: 'public', ...perMinute(20) },
      schema: {
        tags,
        summary: 'Complete a sign-in with a code, or prove the second factor again',
        body: twoFactorCodeBody,
        response: {
          200: signedInResponse,
          401: errorOf('unauthenticated', 'too_many_wrong_codes'),
        },
      },
    },
    async (request, reply) => {
      if (request.pendingAuth) {
        try {
          const { token } = await completeSecondFactor(
            db,
            request.pendingAuth,
            request.body.token,
            requestMeta(request),
          );
          setSessionCookie(reply, token);
        } catch (error) {
          // The pending session is gone after too many wrong codes: forget its cookie too.
          const over = ['too_many_wrong_codes', 'account_locked'];
          if (error instanceof HttpError && over.includes(error.code)) clearSessionCookie(reply);
          throw error;
        }
        return { success: true as const, user: toCurrentUser(request.pendingAuth.user) };
      }
      const auth = currentAuth(request);
      await reverifySecondFactor(db, auth, request.body.token);
      return { success: true as const, user: toCurrentUser(auth.user) };
    },
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
