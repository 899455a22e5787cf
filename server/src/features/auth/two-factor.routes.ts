import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { twoFactorEndpoints } from '#contract/auth.ts';
import { errorResponseSchema } from '#contract/errors.ts';
import { TWO_FACTOR_MESSAGES } from '#contract/two-factor.ts';
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

const { status, setupTotp, enableTotp, disable, recoveryCodes, listPasskeys, passkeyRegistrationOptions, addPasskey, removePasskey, passkeySignInOptions, passkeySignIn, secondFactorPasskeyOptions, secondFactor } = twoFactorEndpoints;

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 409: errorResponseSchema, 429: errorResponseSchema };
const tags = ['two-factor'];

/** Two-factor settings and passkeys on the profile, and the sign-in steps they add. */
export async function twoFactorRoutes(app: FastifyInstance, deps: Dependencies): Promise<void> {
  const { auth, sessions, cookie, twoFactor, passkeys } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signIn = signInResponder({ auth, sessions, cookie });

  // ─── Settings (signed in) ────────────────────────────────────────────────────────────────
  r.get(status.path, {
    config: { access: 'user' },
    schema: { tags, summary: 'Whether two-factor sign-in is on, recovery codes left, passkeys', response: { 200: status.response, 401: errorResponseSchema } },
  }, async (request) => twoFactor.status(request.auth!.user.id));

  r.post(setupTotp.path, {
    config: { access: 'user' },
    schema: { tags, summary: 'A new authenticator-app secret, waiting for a first code', body: setupTotp.body, response: { 200: setupTotp.response, ...errors } },
  }, async (request) => twoFactor.startTotpSetup(request.auth!.user, request.body.password));

  r.post(enableTotp.path, {
    config: { access: 'user' },
    schema: { tags, summary: 'Turns two-factor on with a first code; answers the recovery codes once', body: enableTotp.body, response: { 200: enableTotp.response, ...errors } },
  }, async (request) => ({
    ok: true as const,
    message: TWO_FACTOR_MESSAGES.enabled,
    recoveryCodes: await twoFactor.enableTotp(request.auth!.user, request.body.code, clientOf(request)),
  }));

  r.post(disable.path, {
    config: { access: 'user' },
    schema: { tags, summary: 'Turns two-factor off (the password or a current code)', body: disable.body, response: { 200: disable.response, ...errors } },
  }, async (request) => {
    await twoFactor.disable(request.auth!.user, request.body, clientOf(request));
    return { ok: true as const, message: TWO_FACTOR_MESSAGES.disabled };
  });

  r.post(recoveryCodes.path, {
    config: { access: 'user' },
    schema: { tags, summary: 'Ten new recovery codes in place of the old ones', body: recoveryCodes.body, response: { 200: recoveryCodes.response, ...errors } },
  }, async (request) => ({
    ok: true as const,
    message: 'New recovery codes made. The old ones no longer work.',
    recoveryCodes: await twoFactor.regenerateRecoveryCodes(request.auth!.user, request.body, clientOf(request)),
  }));

  r.get(listPasskeys.path, {
    config: { access: 'user' },
    schema: { tags, summary: "The signed-in user's passkeys", response: { 200: listPasskeys.response, 401: errorResponseSchema } },
  }, async (request) => ({ passkeys: await passkeys.list(request.auth!.user.id) }));

  r.post(passkeyRegistrationOptions.path, {
    config: { access: 'user' },
    schema: { tags, summary: 'Options for creating a passkey in the browser', body: passkeyRegistrationOptions.body, response: { 200: passkeyRegistrationOptions.response, ...errors } },
  }, async (request) => ({ ...(await passkeys.registrationOptions(request.auth!.user, request.body.password)) }));

  r.post(addPasskey.path, {
    config: { access: 'user' },
    schema: { tags, summary: 'Registers the passkey the browser created', body: addPasskey.body, response: { 201: addPasskey.response, ...errors } },
  }, async (request, reply) => {
    const { name, response } = request.body;
    const passkey = await passkeys.register(request.auth!.user, name, response as RegistrationResponseJSON, clientOf(request));
    return reply.code(201).send(passkey);
  });

  r.delete(removePasskey.path, {
    config: { access: 'user' },
    schema: { tags, params: removePasskey.params, response: { 200: removePasskey.response, 401: errorResponseSchema, 404: errorResponseSchema } },
  }, async (request) => {
    await passkeys.remove(request.auth!.user.id, request.params.id, clientOf(request));
    return { ok: true as const, message: TWO_FACTOR_MESSAGES.passkeyRemoved };
  });

  signInStepRoutes(r, deps, signIn);
}

/** The sign-in steps a passkey or a second factor adds (public). */
function signInStepRoutes(r: ZodRoutes, { twoFactor, passkeys }: Dependencies, signIn: ReturnType<typeof signInResponder>): void {
  r.post(passkeySignInOptions.path, {
    config: { access: 'public' },
    schema: { tags, summary: 'Options for signing in with a passkey, no username asked', response: { 200: passkeySignInOptions.response, 429: errorResponseSchema } },
  }, async (request) => ({ ...(await passkeys.signInOptions(clientOf(request))) }));

  r.post(passkeySignIn.path, {
    config: { access: 'public' },
    schema: { tags, summary: 'Signs in with a passkey', body: passkeySignIn.body, response: { 200: passkeySignIn.response, ...errors, 403: errorResponseSchema } },
  }, async (request, reply) => {
    const signedIn = await passkeys.signIn(request.body.response as AuthenticationResponseJSON, clientOf(request));
    return signIn(request, reply, signedIn, 'Signed in');
  });

  r.post(secondFactorPasskeyOptions.path, {
    config: { access: 'public' },
    schema: { tags, summary: "Options for answering a sign-in's second step with a passkey", body: secondFactorPasskeyOptions.body, response: { 200: secondFactorPasskeyOptions.response, 410: errorResponseSchema, ...errors } },
  }, async (request) => ({ ...(await twoFactor.passkeyOptionsForChallenge(request.body.token)) }));

  r.post(secondFactor.path, {
    config: { access: 'public' },
    schema: { tags, summary: "A sign-in's second step: an authenticator code, a recovery code or a passkey", body: secondFactor.body, response: { 200: secondFactor.response, 410: errorResponseSchema, ...errors } },
  }, async (request, reply) => {
    const signedIn = await twoFactor.completeSignIn(request.body as Parameters<TwoFactorService['completeSignIn']>[0], clientOf(request));
    return signIn(request, reply, signedIn, 'Signed in');
  });
}
