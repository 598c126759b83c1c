import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Access, registerAccessControl } from './access';
import { HttpError, registerErrorHandling } from './errors';

/** A bare app with the access hook, the error handler and a made-up signed-in state. */
function appWith(signedIn: 'user' | 'admin' | null) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    if (signedIn) request.auth = { user: { role: signedIn } } as unknown as typeof request.auth;
  });
  registerAccessControl(app);
  return app;
}

const body = z.object({ text: z.string() });
let app: ReturnType<typeof appWith> | undefined;
afterEach(() => app?.close());

async function post(signedIn: 'user' | 'admin' | null, access: Access, payload: unknown) {
  app = appWith(signedIn);
  app.post('/api/thing', { config: { access }, schema: { body } }, async () => ({ ok: true }));
  return app.inject({ method: 'POST', url: '/api/thing', payload: payload as object });
}

describe('registerAccessControl', () => {
  it('refuses an /api route that declares no access', async () => {
    app = appWith(null);
    const forgetful = app;
    expect(() => forgetful.get('/api/forgotten', async () => ({}))).toThrow(
      'GET /api/forgotten declares no access',
    );
  });

  it('lets routes outside /api be', async () => {
    app = appWith(null);
    app.get('/health-page', async () => 'ok');
    expect((await app.inject('/health-page')).statusCode).toBe(200);
  });

  it('answers a signed-out caller 401 before the body is validated', async () => {
    const res = await post(null, 'user', { text: 5 });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'unauthenticated', message: 'Please sign in to continue' });
  });

  it('answers a user on an admin route 403, and an admin passes to validation', async () => {
    const user = await post('user', 'admin', { text: 5 });
    expect(user.statusCode).toBe(403);
    expect(user.json()).toMatchObject({ code: 'admin_only' });
    const admin = await post('admin', 'admin', { text: 5 });
    expect(admin.statusCode).toBe(400);
    expect(admin.json()).toMatchObject({ code: 'invalid_input' });
  });

  it('runs a policy after the sign-in check and before validation', async () => {
    const seen: string[] = [];
    const policy: Access = async (request) => {
      seen.push(typeof request.body);
      throw new HttpError('not_found', 'No such thing');
    };
    expect((await post(null, policy, { text: 5 })).statusCode).toBe(401);
    expect(seen).toEqual([]);
    const res = await post('user', policy, { text: 5 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'not_found', message: 'No such thing' });
    expect(seen).toEqual(['object']);
  });

  it('lets a public route through to validation signed out', async () => {
    const res = await post(null, 'public', { text: 'hello' });
    expect(res.statusCode).toBe(200);
  });
});
