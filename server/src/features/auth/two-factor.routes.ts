import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authResultSchema, idParamsSchema, okMessageSchema } from '#contract/auth.ts';
import { errorResponseSchema } from '#contract/errors.ts';
import {
  TWO_FACTOR_MESSAGES,
  addPasskeyBodySchema,
  passkeyListSchema,
  passkeySchema,
  passkeySignInBodySchema,
  passwordProofBodySchema,
  recoveryCodesSchema,
  secondFactorBodySchema,
  secondFactorOptionsBodySchema,
  totpEnableBodySchema,
  totpSetupSchema,
  twoFactorProofBodySchema,
  twoFactorStatusSchema,
  webAuthnOptionsSchema,
} from '#contract/two-factor.ts';
import type { SessionCookie } from '#server/http/session-cookie.ts';
import type { ZodRoutes } from '#server/http/zod-routes.ts';
import { clientOf, signInResponder } from './auth.routes.ts';
import type { AuthService } from './auth.service.ts';
import type { PasskeyService } from './passkeys.service.ts';
import type { SessionService } from './sessions.service.ts';
import type { TwoFactorService } from './two-factor.service.ts';

type Dependencies = {
  auth: AuthService;
  sessions: SessionService;
  cookie: SessionCookie;
  twoFactor: TwoFactorService;
  passkeys: PasskeyService;
};

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 409: errorResponseSchema, 429: errorResponseSchema };
const tags = ['two-factor'];

/** Two-factor settings and passkeys on the profile, and the sign-in steps they add. */
export async function twoFactorRoutes(app: FastifyInstance, deps: Dependencies): Promise<void> {
  const { auth, sessions, cookie, twoFactor, passkeys } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signIn = signInResponder({ auth, sessions, cookie });

  // ─── Settings (signed in) ────────────────────────────────────────────────────────────────
  r.get('/api/two-factor', {
    config: { access: 'user' },
    schema: { tags, summary: 'Whether two-factor sign-in is on, recovery codes left, passkeys', response: { 200: twoFactorStatusSchema, 401: errorResponseSchema } },
  }, async (request) => twoFactor.status(request.auth!.user.id));

  r.post('/api/two-factor/totp/setup', {
    config: { access: 'user' },
    schema: { tags, summary: 'A new authenticator-app secret, waiting for a first code', body: passwordProofBodySchema, response: { 200: totpSetupSchema, ...errors } },
  }, async (request) => twoFactor.startTotpSetup(request.auth!.user, request.body.password));

  r.post('/api/two-factor/totp/enable', {
    config: { access: 'user' },
    schema: { tags, summary: 'Turns two-factor on with a first code; answers the recovery codes once', body: totpEnableBodySchema, response: { 200: recoveryCodesSchema, ...errors } },
  }, async (request) => ({
    ok: true as const,
    message: TWO_FACTOR_MESSAGES.enabled,
    recoveryCodes: await twoFactor.enableTotp(request.auth!.user, request.body.code, clientOf(request)),
  }));

  r.post('/api/two-factor/disable', {
    config: { access: 'user' },
    schema: { tags, summary: 'Turns two-factor off (the password or a current code)', body: twoFactorProofBodySchema, response: { 200: okMessageSchema, ...errors } },
  }, async (request) => {
    await twoFactor.disable(request.auth!.user, request.body, clientOf(request));
    return { ok: true as const, message: TWO_FACTOR_MESSAGES.disabled };
  });

  r.post('/api/two-factor/recovery-codes', {
    config: { access: 'user' },
    schema: { tags, summary: 'Ten new recovery codes in place of the old ones', body: twoFactorProofBodySchema, response: { 200: recoveryCodesSchema, ...errors } },
  }, async (request) => ({
    ok: true as const,
    message: 'New recovery codes made. The old ones no longer work.',
    recoveryCodes: await twoFactor.regenerateRecoveryCodes(request.auth!.user, request.body, clientOf(request)),
  }));

  r.get('/api/passkeys', {
    config: { access: 'user' },
    schema: { tags, summary: "The signed-in user's passkeys", response: { 200: passkeyListSchema, 401: errorResponseSchema } },
  }, async (request) => ({ passkeys: await passkeys.list(request.auth!.user.id) }));

  r.post('/api/passkeys/registration-options', {
    config: { access: 'user' },
    schema: { tags, summary: 'Options for creating a passkey in the browser', body: passwordProofBodySchema, response: { 200: webAuthnOptionsSchema, ...errors } },
  }, async (request) => ({ ...(await passkeys.registrationOptions(request.auth!.user, request.body.password)) }));

  r.post('/api/passkeys', {
    config: { access: 'user' },
    schema: { tags, summary: 'Registers the passkey the browser created', body: addPasskeyBodySchema, response: { 201: passkeySchema, ...errors } },
  }, async (request, reply) => {
    const { name, response } = request.body;
    const passkey = await passkeys.register(request.auth!.user, name, response as RegistrationResponseJSON, clientOf(request));
    return reply.code(201).send(passkey);
  });

  r.delete('/api/passkeys/:id', {
    config: { access: 'user' },
    schema: { tags, params: idParamsSchema, response: { 200: okMessageSchema, 401: errorResponseSchema, 404: errorResponseSchema } },
  }, async (request) => {
    await passkeys.remove(request.auth!.user.id, request.params.id, clientOf(request));
    return { ok: true as const, message: TWO_FACTOR_MESSAGES.passkeyRemoved };
  });

  signInStepRoutes(r, deps, signIn);
}

/** The sign-in steps a passkey or a second factor adds (public). */
function signInStepRoutes(r: ZodRoutes, { twoFactor, passkeys }: Dependencies, signIn: ReturnType<typeof signInResponder>): void {
  r.post('/api/auth/passkey/options', {
    config: { access: 'public' },
    schema: { tags, summary: 'Options for signing in with a passkey, no username asked', response: { 200: webAuthnOptionsSchema, 429: errorResponseSchema } },
  }, async (request) => ({ ...(await passkeys.signInOptions(clientOf(request))) }));

  r.post('/api/auth/passkey', {
    config: { access: 'public' },
    schema: { tags, summary: 'Signs in with a passkey', body: passkeySignInBodySchema, response: { 200: authResultSchema, ...errors, 403: errorResponseSchema } },
  }, async (request, reply) => {
    const signedIn = await passkeys.signIn(request.body.response as AuthenticationResponseJSON, clientOf(request));
    return signIn(request, reply, signedIn, 'Signed in');
  });

  r.post('/api/auth/two-factor/passkey-options', {
    config: { access: 'public' },
    schema: { tags, summary: "Options for answering a sign-in's second step with a passkey", body: secondFactorOptionsBodySchema, response: { 200: webAuthnOptionsSchema, 410: errorResponseSchema, ...errors } },
  }, async (request) => ({ ...(await twoFactor.passkeyOptionsForChallenge(request.body.token)) }));

  r.post('/api/auth/two-factor', {
    config: { access: 'public' },
    schema: { tags, summary: "A sign-in's second step: an authenticator code, a recovery code or a passkey", body: secondFactorBodySchema, response: { 200: authResultSchema, 410: errorResponseSchema, ...errors } },
  }, async (request, reply) => {
    const signedIn = await twoFactor.completeSignIn(request.body as Parameters<TwoFactorService['completeSignIn']>[0], clientOf(request));
    return signIn(request, reply, signedIn, 'Signed in');
  });
}
