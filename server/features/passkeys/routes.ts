import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponse, signedInResponse } from '../../../shared/contracts/auth';
import { errorOf } from '../../../shared/contracts/errors';
import {
  authenticationOptions,
  createPasskeyBody,
  passkey,
  passkeyAssertionBody,
  passkeyList,
  passkeyParams,
  registrationOptions,
  renamePasskeyBody,
  secondFactorPasskeys,
} from '../../../shared/contracts/passkeys';
import { currentAuth, requestMeta } from '../../platform/auth';
import type { Db } from '../../platform/db/client';
import { HttpError } from '../../platform/errors';
import { setSessionCookie } from '../../platform/sessions';
import { toCurrentUser } from '../account/serializers';
import { perMinute } from '../auth/rateLimits';
import { changeContext } from '../live';
import { hasPasskeys, listPasskeys, removePasskey, renamePasskey } from './manage';
import { createPasskey, registrationOptions as makeRegistrationOptions } from './registration';
import { relyingPartyFor } from './relyingParty';
import {
  completeSecondFactorWithPasskey,
  secondFactorOptions,
  signInOptions,
  signInWithPasskey,
} from './signIn';

const tags = ['accounts'];

/** Why a passkey's answer to a sign-in (either kind) can be refused. */
const answerRefused = errorOf(
  'passkey_challenge_invalid',
  'passkey_verification_failed',
  'passkey_unknown',
  'invalid_input',
);

/** The session of a sign-in whose password was right and whose second step is owed. */
function pendingOf(request: FastifyRequest) {
  if (!request.pendingAuth) {
    throw new HttpError('unauthenticated', 'Your sign-in has expired. Please sign in again.');
  }
  return request.pendingAuth;
}

/** Only a half-signed-in browser may take the second step (checked before the body is read). */
async function requirePending(request: FastifyRequest) {
  pendingOf(request);
}

/** Why an answer was refused goes to the log (the person gets the message, not the reason). */
async function explained<T>(request: FastifyRequest, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof HttpError && error.code === 'passkey_verification_failed') {
      const reason = error.cause instanceof Error ? error.cause.message : undefined;
      request.log.info({ reason }, 'passkey answer refused');
    }
    throw error;
  }
}

export const passkeysRoutes: FastifyPluginAsyncZod<{ db: Db; publicUrl: string }> = async (
  app,
  { db, publicUrl },
) => {
  const rp = relyingPartyFor(publicUrl);

  app.get(
    '/api/passkeys',
    {
      config: { access: 'user' },
      schema: { tags, summary: "The signed-in person's passkeys", response: { 200: passkeyList } },
    },
    async (request) => listPasskeys(db, currentAuth(request).user.id),
  );

  app.post(
    '/api/passkeys/registration-options',
    {
      config: { access: 'user', ...perMinute(20) },
      schema: {
        tags,
        summary: 'Start adding a passkey: the options for navigator.credentials.create()',
        description: 'Valid 5 minutes, once. Then POST /api/passkeys with the browser’s answer.',
        response: { 200: registrationOptions, 403: errorOf('item_limit') },
      },
    },
    async (request) => makeRegistrationOptions(db, rp, currentAuth(request).user),
  );

  app.post(
    '/api/passkeys',
    {
      config: { access: 'user', ...perMinute(20) },
      schema: {
        tags,
        summary: 'Add a passkey: the answer of navigator.credentials.create()',
        description:
          'Without a `name` the passkey is named after its provider (Google Password Manager, ' +
          'iCloud Keychain…) or the browser and system it was made on.',
        body: createPasskeyBody,
        response: {
          201: passkey,
          400: errorOf('passkey_challenge_invalid', 'passkey_verification_failed', 'invalid_input'),
          403: errorOf('item_limit'),
          409: errorOf('passkey_already_registered'),
        },
      },
    },
    async (request, reply) => {
      const auth = currentAuth(request);
      const added = await explained(
        request,
        createPasskey(db, rp, auth.user, request.body, requestMeta(request)),
      );
      return reply.code(201).send(added);
    },
  );

  app.patch(
    '/api/passkeys/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Rename one of your passkeys',
        params: passkeyParams,
        body: renamePasskeyBody,
        response: { 200: passkey },
      },
    },
    async (request) =>
      renamePasskey(db, currentAuth(request).user.id, request.params.id, request.body.name),
  );

  app.delete(
    '/api/passkeys/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Remove one of your passkeys: it no longer signs in',
        params: passkeyParams,
        response: { 200: okResponse },
      },
    },
    async (request) => {
      await removePasskey(
        db,
        currentAuth(request).user.id,
        request.params.id,
        requestMeta(request),
      );
      return { success: true as const };
    },
  );

  app.get(
    '/api/passkeys/second-factor',
    {
      config: { access: 'public' },
      preValidation: requirePending,
      schema: {
        tags,
        summary: 'Whether the account owing its second step can take it with a passkey',
        response: { 200: secondFactorPasskeys, 401: errorOf('unauthenticated') },
      },
    },
    async (request) => ({ available: await hasPasskeys(db, pendingOf(request).user.id) }),
  );

  app.post(
    '/api/passkeys/second-factor/options',
    {
      config: { access: 'public', ...perMinute(20) },
      preValidation: requirePending,
      schema: {
        tags,
        summary: 'Second step by passkey: the options for navigator.credentials.get()',
        response: {
          200: authenticationOptions,
          400: errorOf('passkey_unknown'),
          401: errorOf('unauthenticated'),
        },
      },
    },
    async (request) => secondFactorOptions(db, rp, pendingOf(request).user),
  );

  app.post(
    '/api/passkeys/second-factor',
    {
      config: { access: 'public', ...perMinute(20) },
      preValidation: requirePending,
      schema: {
        tags,
        summary: 'Finish a sign-in with one of the account’s passkeys instead of a code',
        body: passkeyAssertionBody,
        response: {
          200: signedInResponse,
          400: answerRefused,
          401: errorOf('unauthenticated'),
        },
      },
    },
    async (request, reply) => {
      const pending = pendingOf(request);
      const { token } = await explained(
        request,
        completeSecondFactorWithPasskey(
          db,
          rp,
          pending,
          request.body.response,
          requestMeta(request),
        ),
      );
      setSessionCookie(reply, token);
      return { success: true as const, user: toCurrentUser(pending.user) };
    },
  );

  app.post(
    '/api/passkeys/sign-in/options',
    {
      config: { access: 'public', ...perMinute(20) },
      schema: {
        tags,
        summary: 'Sign in without a password: the options for navigator.credentials.get()',
        response: { 200: authenticationOptions },
      },
    },
    async () => signInOptions(db, rp),
  );

  app.post(
    '/api/passkeys/sign-in',
    {
      config: { access: 'public', ...perMinute(20) },
      schema: {
        tags,
        summary: 'Sign in with a passkey alone (it verified its person: both factors at once)',
        body: passkeyAssertionBody,
        response: {
          200: signedInResponse,
          400: answerRefused,
        },
      },
    },
    async (request, reply) => {
      const previous = request.auth?.session ?? request.pendingAuth?.session ?? null;
      const { user, token } = await explained(
        request,
        signInWithPasskey(
          changeContext(request),
          rp,
          request.body.response,
          requestMeta(request),
          previous,
        ),
      );
      setSessionCookie(reply, token);
      return { success: true as const, user: toCurrentUser(user) };
    },
  );
};
