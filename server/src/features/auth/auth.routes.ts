import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authResultSchema,
  currentUserResponseSchema,
  forgotPasswordBodySchema,
  googleCredentialBodySchema,
  idParamsSchema,
  loginBodySchema,
  okMessageSchema,
  registerBodySchema,
  resendVerificationBodySchema,
  resetPasswordBodySchema,
  sessionListSchema,
  sessionResponseSchema,
  verifyEmailBodySchema,
} from '#contract/auth.ts';
import { errorResponseSchema } from '#contract/errors.ts';
import { AppError } from '#server/http/app-error.ts';
import type { SessionCookie } from '#server/http/session-cookie.ts';
import type { AuthService, ClientInfo, SignedIn } from './auth.service.ts';
import type { GoogleService, GoogleTransaction } from './google.service.ts';
import type { SessionService } from './sessions.service.ts';

type Dependencies = {
  auth: AuthService;
  sessions: SessionService;
  google: GoogleService | undefined;
  cookie: SessionCookie;
};

const GOOGLE_TRANSACTION_COOKIE = 'stacklab_oauth';
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 409: errorResponseSchema, 429: errorResponseSchema };

export function clientOf(request: FastifyRequest): ClientInfo {
  return { ipAddress: request.ip, userAgent: request.headers['user-agent'] };
}

export async function authRoutes(app: FastifyInstance, { auth, sessions, google, cookie }: Dependencies): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const signIn = async (request: FastifyRequest, reply: FastifyReply, signedIn: SignedIn, message: string) => {
    // A session token presented before sign-in (fixation) is ended, never promoted.
    const previous = cookie.read(request);
    if (previous) await sessions.end(previous);
    cookie.set(reply, signedIn.token, signedIn.expiresAt);
    return { ok: true, message, user: await auth.toUserDto(signedIn.user), requiresVerification: false };
  };

  r.get('/api/user', {
    config: { readsUsage: true },
    schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: currentUserResponseSchema, 401: errorResponseSchema } },
  }, async (request) => ({ user: await auth.toUserDto(request.auth!.user, request.auth!.usage) }));

  // The web asks this on every page load: a signed-out visitor gets 200 with no user, so the
  // browser does not log a failed request (`/api/user` keeps its 401 for API clients).
  r.get('/api/session', {
    config: { access: 'public', readsUsage: true },
    schema: { tags: ['auth'], summary: 'The signed-in user, or null when signed out', response: { 200: sessionResponseSchema } },
  }, async (request) => ({ user: await auth.sessionUser(request.auth) }));

  r.post('/api/register', {
    config: { access: 'public' },
    schema: { tags: ['auth'], body: registerBodySchema, response: { 200: authResultSchema, ...errors } },
  }, async (request, reply) => {
    const { signedIn } = await auth.register(request.body, clientOf(request));
    if (!signedIn) {
      return { ok: true, message: 'Please check your email to verify your account.', user: null, requiresVerification: true };
    }
    return signIn(request, reply, signedIn, 'Your account has been created successfully!');
  });

  r.post('/api/login', {
    config: { access: 'public' },
    schema: { tags: ['auth'], body: loginBodySchema, response: { 200: authResultSchema, ...errors } },
  }, async (request, reply) => {
    const signedIn = await auth.login(request.body, clientOf(request));
    return signIn(request, reply, signedIn, 'Signed in');
  });

  r.post('/api/logout', {
    config: { access: 'public' },
    schema: { tags: ['auth'], response: { 200: okMessageSchema } },
  }, async (request, reply) => {
    const token = cookie.read(request);
    if (token) await auth.logout(token, request.auth?.user.id, clientOf(request));
    cookie.clear(reply);
    return { ok: true as const, message: 'You have been successfully logged out' };
  });

  r.post('/api/auth/verify-email', {
    config: { access: 'public' },
    schema: { tags: ['auth'], body: verifyEmailBodySchema, response: { 200: authResultSchema, 410: errorResponseSchema, 429: errorResponseSchema } },
  }, async (request, reply) => {
    const user = await auth.verifyEmail(request.body.token, clientOf(request));
    return signIn(request, reply, await auth.startSession(user, clientOf(request)), 'Your email address is verified.');
  });

  r.post('/api/auth/resend-verification', {
    config: { access: 'public' },
    schema: { tags: ['auth'], body: resendVerificationBodySchema, response: { 200: okMessageSchema, ...errors } },
  }, async (request) => {
    await auth.resendVerification(request.body.email, clientOf(request));
    return { ok: true as const, message: 'If that address has an unverified account, a new link is on its way.' };
  });

  r.post('/api/auth/forgot-password', {
    config: { access: 'public' },
    schema: { tags: ['auth'], body: forgotPasswordBodySchema, response: { 200: okMessageSchema, ...errors } },
  }, async (request) => {
    await auth.requestPasswordReset(request.body.email, clientOf(request));
    return { ok: true as const, message: 'If an account uses that address, we have sent it a link to reset the password.' };
  });

  r.post('/api/auth/reset-password', {
    config: { access: 'public' },
    schema: { tags: ['auth'], body: resetPasswordBodySchema, response: { 200: okMessageSchema, 410: errorResponseSchema, ...errors } },
  }, async (request) => {
    await auth.resetPassword(request.body.token, request.body.password, clientOf(request));
    return { ok: true as const, message: 'Your password has been changed. Please sign in with the new one.' };
  });

  r.get('/api/sessions', {
    schema: { tags: ['auth'], summary: "The signed-in user's sessions", response: { 200: sessionListSchema } },
  }, async (request) => {
    const { user, sessionId } = request.auth!;
    const rows = await sessions.list(user.id);
    return {
      sessions: rows.map((row) => ({
        id: row.id,
        current: row.id === sessionId,
        userAgent: row.userAgent,
        ipAddress: row.ipAddress,
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
      })),
    };
  });

  r.delete('/api/sessions/:id', {
    schema: { tags: ['auth'], params: idParamsSchema, response: { 200: okMessageSchema, 404: errorResponseSchema } },
  }, async (request, reply) => {
    const { user, sessionId } = request.auth!;
    const ended = await sessions.endOne(user.id, request.params.id);
    if (!ended) throw AppError.notFound('Session not found');
    if (request.params.id === sessionId) cookie.clear(reply);
    return { ok: true as const, message: 'Session ended' };
  });

  // Google: the ID-token call always exists and says plainly when Google is not configured.
  r.post('/api/auth/google', {
    config: { access: 'public' },
    schema: { tags: ['auth'], body: googleCredentialBodySchema, response: { 200: authResultSchema, ...errors, 404: errorResponseSchema } },
  }, async (request, reply) => {
    if (!google) throw AppError.notFound('Google sign-in is not configured');
    const user = await google.signInWithCredential(request.body.credential, request.ip);
    return signIn(request, reply, await auth.startSession(user, clientOf(request)), 'Signed in with Google');
  });

  r.get('/auth/google', {
    config: { access: 'public' },
    schema: { hide: true, querystring: z.object({ signup: z.enum(['true', 'false']).optional() }) },
  }, async (request, reply) => {
    if (!google) return reply.redirect('/auth?login=true&oauth=google&error=not-configured');
    const { url, transaction } = await google.beginSignIn(request.query.signup === 'true');
    reply.setCookie(GOOGLE_TRANSACTION_COOKIE, JSON.stringify(transaction), {
      path: '/auth/google',
      httpOnly: true,
      sameSite: 'lax',
      secure: cookie.name.startsWith('__Host-'),
      signed: true,
      maxAge: 10 * 60,
    });
    return reply.redirect(url);
  });

  r.get('/auth/google/callback', {
    config: { access: 'public' },
    schema: { hide: true },
  }, async (request, reply) => {
    if (!google) return reply.redirect('/auth?login=true&oauth=google&error=not-configured');
    const transaction = readTransaction(request);
    reply.clearCookie(GOOGLE_TRANSACTION_COOKIE, { path: '/auth/google' });
    if (!transaction) return reply.redirect('/auth?login=true&oauth=google&error=expired');
    try {
      const callbackUrl = new URL(request.url, google.callbackUrl);
      const user = await google.finishSignIn(callbackUrl, transaction, request.ip);
      const signedIn = await auth.startSession(user, clientOf(request));
      const previous = cookie.read(request);
      if (previous) await sessions.end(previous);
      cookie.set(reply, signedIn.token, signedIn.expiresAt);
      return reply.redirect('/auth?oauth=google&success=true');
    } catch (error) {
      request.log.info({ code: error instanceof AppError ? error.code : 'UNKNOWN' }, 'google sign-in failed');
      return reply.redirect('/auth?login=true&oauth=google&error=failed');
    }
  });
}

function readTransaction(request: FastifyRequest): GoogleTransaction | undefined {
  const raw = request.cookies[GOOGLE_TRANSACTION_COOKIE];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return undefined;
  try {
    return JSON.parse(unsigned.value) as GoogleTransaction;
  } catch {
    return undefined;
  }
}
