import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTH_MESSAGES, authEndpoints } from '#contract/auth.ts';
import { errorResponseSchema } from '#contract/errors.ts';
import { TWO_FACTOR_MESSAGES } from '#contract/two-factor.ts';
import { AppError } from '#server/http/app-error.ts';
import type { SessionCookie } from '#server/http/session-cookie.ts';
import type { ZodRoutes } from '#server/http/zod-routes.ts';
import type { AuthService, ClientInfo, SignedIn } from './auth.service.ts';
import type { GoogleService, GoogleTransaction, PendingGoogleLink } from './google.service.ts';
import type { SessionService } from './sessions.service.ts';

type Dependencies = {
  auth: AuthService;
  sessions: SessionService;
  google: GoogleService | undefined;
  cookie: SessionCookie;
};

const { user, session, register, login, logout, verifyEmail, reauthentication, reauthenticate, changePassword, resendVerification, forgotPassword, resetPassword, listSessions, endSession, googleNonce, googleSignIn } = authEndpoints;

const GOOGLE_TRANSACTION_COOKIE = 'stacklab_oauth';
/** A Google identity waiting for the password of the account its address has (see `PendingGoogleLink`). */
const GOOGLE_LINK_COOKIE = 'stacklab_google_link';
const GOOGLE_LINK_PATH = '/api/login';
/** The nonce of an ID-token sign-in, from the nonce call to the sign-in call. */
const GOOGLE_NONCE_COOKIE = 'stacklab_google_nonce';
const GOOGLE_NONCE_PATH = '/api/auth/google';
const TEN_MINUTES_S = 10 * 60;
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 409: errorResponseSchema, 429: errorResponseSchema };

export function clientOf(request: FastifyRequest): ClientInfo {
  return { ipAddress: request.ip, userAgent: request.headers['user-agent'] };
}

/** Sets a new session's cookie and answers with its user: the end of every way of signing in. */
export function signInResponder({ auth, sessions, cookie }: Pick<Dependencies, 'auth' | 'sessions' | 'cookie'>) {
  return async (request: FastifyRequest, reply: FastifyReply, signedIn: SignedIn, message: string) => {
    // A session token presented before sign-in (fixation) is ended, never promoted.
    const previous = cookie.read(request);
    if (previous) await sessions.end(previous);
    cookie.set(reply, signedIn.token, signedIn.expiresAt);
    return { ok: true, message, user: await auth.toUserDto(signedIn.user), requiresVerification: false };
  };
}

export async function authRoutes(app: FastifyInstance, deps: Dependencies): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signIn = signInResponder(deps);
  const googleCookies = signedCookies(deps.cookie);
  signInRoutes(r, deps, signIn);
  passwordRoutes(r, deps);
  sessionRoutes(r, deps);
  googleRoutes(r, deps, signIn, googleCookies);
}

type SignIn = ReturnType<typeof signInResponder>;

/** The short-lived signed cookies of Google's sign-in steps. */
function signedCookies(cookie: SessionCookie) {
  const set = (reply: FastifyReply, name: string, value: unknown, path: string) =>
    reply.setCookie(name, JSON.stringify(value), {
      path,
      httpOnly: true,
      sameSite: 'lax',
      secure: cookie.name.startsWith('__Host-'),
      signed: true,
      maxAge: TEN_MINUTES_S,
    });
  return { set, rememberPendingLink: (reply: FastifyReply, pending: PendingGoogleLink) => set(reply, GOOGLE_LINK_COOKIE, pending, GOOGLE_LINK_PATH) };
}
type SignedCookies = ReturnType<typeof signedCookies>;

/** Who is signed in; signing up, in and out; the e-mail link. */
function signInRoutes(r: ZodRoutes, { auth, google, cookie }: Dependencies, signIn: SignIn): void {
  r.get(user.path, {
    config: { access: 'user', readsUsage: true },
    schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: user.response, 401: errorResponseSchema } },
  }, async (request) => ({ user: await auth.toUserDto(request.auth!.user, request.auth!.usage) }));

  // The web asks this on every page load: a signed-out visitor gets 200 with no user, so the
  // browser does not log a failed request (`/api/user` keeps its 401 for API clients).
  r.get(session.path, {
    config: { access: 'public', readsUsage: true },
    schema: { tags: ['auth'], summary: 'The signed-in user, or null when signed out', response: { 200: session.response } },
  }, async (request) => ({ user: await auth.sessionUser(request.auth) }));

  r.post(register.path, {
    config: { access: 'public' },
    schema: { tags: ['auth'], body: register.body, response: { 200: register.response, ...errors } },
  }, async (request, reply) => {
    const { signedIn } = await auth.register(request.body, clientOf(request));
    if (!signedIn) {
      return { ok: true, message: 'Please check your email to verify your account.', user: null, requiresVerification: true };
    }
    return signIn(request, reply, signedIn, 'Your account has been created successfully!');
  });

  r.post(login.path, {
    config: { access: 'public' },
    schema: { tags: ['auth'], body: login.body, response: { 200: login.response, ...errors } },
  }, async (request, reply) => {
    const result = await auth.login(request.body, clientOf(request));
    if ('secondFactor' in result) {
      return { ok: true, message: TWO_FACTOR_MESSAGES.codeNeeded, user: null, requiresVerification: false, secondFactor: result.secondFactor };
    }
    const pending = readSignedJson<PendingGoogleLink>(request, GOOGLE_LINK_COOKIE);
    if (pending) {
      reply.clearCookie(GOOGLE_LINK_COOKIE, { path: GOOGLE_LINK_PATH });
      if (google) result.user = await google.linkPending(result.user, pending, request.ip, result.sessionId);
    }
    return signIn(request, reply, result, 'Signed in');
  });

  r.post(logout.path, {
    config: { access: 'public' },
    schema: { tags: ['auth'], response: { 200: logout.response } },
  }, async (request, reply) => {
    const token = cookie.read(request);
    if (token) await auth.logout(token, request.auth?.user.id, clientOf(request));
    cookie.clear(reply);
    return { ok: true as const, message: 'You have been successfully logged out' };
  });

  r.post(verifyEmail.path, {
    config: { access: 'public' },
    schema: { tags: ['auth'], body: verifyEmail.body, response: { 200: verifyEmail.response, 410: errorResponseSchema, 429: errorResponseSchema } },
  }, async (request, reply) => {
    const user = await auth.verifyEmail(request.body.token, clientOf(request));
    // A browser already signed in keeps its session: a link never swaps who it is signed in as.
    const current = request.auth;
    if (current) {
      const same = current.user.id === user.id;
      const message = same ? AUTH_MESSAGES.emailVerified : AUTH_MESSAGES.verifiedOtherAccount.replace('{username}', current.user.username);
      return { ok: true, message, ...(!same && { code: 'OTHER_ACCOUNT' }), user: await auth.toUserDto(same ? user : current.user), requiresVerification: false };
    }
    // A link proves the mailbox, not the second factor: such an account signs in as usual.
    if (await auth.requiresSecondFactor(user.id)) return { ok: true, message: AUTH_MESSAGES.emailVerifiedLogIn, user: null, requiresVerification: false };
    // Opening a link is no proof of the password: sensitive actions still ask for it.
    return signIn(request, reply, await auth.startSession(user, clientOf(request), { proven: false }), AUTH_MESSAGES.emailVerified);
  });

}

/** Proving it is you again, changing and resetting the password, a new verification link. */
function passwordRoutes(r: ZodRoutes, { auth, sessions }: Dependencies): void {
  r.get(reauthentication.path, {
    config: { access: 'user' },
    schema: { tags: ['auth'], summary: 'Whether this session proved who its user is in the last 10 minutes', response: { 200: reauthentication.response, 401: errorResponseSchema } },
  }, async (request) => ({ recent: sessions.isRecentlyAuthenticated(request.auth!) }));

  r.post(reauthenticate.path, {
    config: { access: 'user' },
    schema: {
      tags: ['auth'],
      summary: 'Confirm it is you with your password: changing the e-mail, a share link, an export and deleting the account then work for 10 minutes',
      body: reauthenticate.body,
      response: { 200: reauthenticate.response, ...errors },
    },
  }, async (request) => {
    await auth.reauthenticate(request.auth!, request.body.password, clientOf(request));
    return { ok: true as const, message: AUTH_MESSAGES.reauthenticated };
  });

  r.post(changePassword.path, {
    config: { access: 'user' },
    schema: {
      tags: ['auth'],
      summary: 'Change your password with the current one (an account without one, after a recent Google sign-in); every other session ends',
      body: changePassword.body,
      response: { 200: changePassword.response, ...errors },
    },
  }, async (request) => {
    await auth.changePassword(request.auth!, request.body, clientOf(request));
    return { ok: true as const, message: AUTH_MESSAGES.passwordChanged };
  });

  r.post(resendVerification.path, {
    config: { access: 'public' },
    schema: { tags: ['auth'], body: resendVerification.body, response: { 200: resendVerification.response, ...errors } },
  }, async (request) => {
    await auth.resendVerification(request.body.email, clientOf(request));
    return { ok: true as const, message: 'If that address has an unverified account, a new link is on its way.' };
  });

  r.post(forgotPassword.path, {
    config: { access: 'public' },
    schema: { tags: ['auth'], body: forgotPassword.body, response: { 200: forgotPassword.response, ...errors } },
  }, async (request) => {
    await auth.requestPasswordReset(request.body.email, clientOf(request));
    return { ok: true as const, message: 'If an account uses that address, we have sent it a link to reset the password.' };
  });

  r.post(resetPassword.path, {
    config: { access: 'public' },
    schema: { tags: ['auth'], body: resetPassword.body, response: { 200: resetPassword.response, 410: errorResponseSchema, ...errors } },
  }, async (request) => {
    await auth.resetPassword(request.body.token, request.body.password, clientOf(request));
    return { ok: true as const, message: 'Your password has been changed. Please sign in with the new one.' };
  });

}

/** The user's sessions, each of which they can end. */
function sessionRoutes(r: ZodRoutes, { auth, sessions, cookie }: Dependencies): void {
  r.get(listSessions.path, {
    config: { access: 'user' },
    schema: { tags: ['auth'], summary: "The signed-in user's sessions", response: { 200: listSessions.response } },
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

  r.delete(endSession.path, {
    config: { access: 'user' },
    schema: { tags: ['auth'], params: endSession.params, response: { 200: endSession.response, 404: errorResponseSchema } },
  }, async (request, reply) => {
    const { user, sessionId } = request.auth!;
    const ended = await auth.endSession(user.id, request.params.id, clientOf(request));
    if (!ended) throw AppError.notFound('Session not found');
    if (request.params.id === sessionId) cookie.clear(reply);
    return { ok: true as const, message: 'Session ended' };
  });

}

/** Google: the ID-token calls always exist and say plainly when Google is not configured. */
function googleRoutes(r: ZodRoutes, { auth, sessions, google, cookie }: Dependencies, signIn: SignIn, cookies: SignedCookies): void {
  r.post(googleNonce.path, {
    config: { access: 'public' },
    schema: {
      tags: ['auth'],
      summary: 'A nonce for the Google ID token of the next POST /api/auth/google from this browser (it works once, for 10 minutes)',
      response: { 200: googleNonce.response, 404: errorResponseSchema },
    },
  }, async (_request, reply) => {
    if (!google) throw AppError.notFound('Google sign-in is not configured');
    const nonce = google.newNonce();
    cookies.set(reply, GOOGLE_NONCE_COOKIE, nonce, GOOGLE_NONCE_PATH);
    return { nonce };
  });

  r.post(googleSignIn.path, {
    config: { access: 'public' },
    schema: { tags: ['auth'], body: googleSignIn.body, response: { 200: googleSignIn.response, ...errors, 404: errorResponseSchema } },
  }, async (request, reply) => {
    if (!google) throw AppError.notFound('Google sign-in is not configured');
    const nonce = readSignedJson<string>(request, GOOGLE_NONCE_COOKIE);
    reply.clearCookie(GOOGLE_NONCE_COOKIE, { path: GOOGLE_NONCE_PATH });
    const outcome = await google.signInWithCredential(request.body.credential, nonce, request.ip);
    if (outcome.pendingLink) {
      cookies.rememberPendingLink(reply, outcome.pendingLink);
      throw new AppError('AUTH_FAILED', AUTH_MESSAGES.googleLinkNeedsPassword);
    }
    // Google is one factor: an account with a second one signs in with its password and code.
    if (await auth.requiresSecondFactor(outcome.user.id)) throw new AppError('AUTH_FAILED', AUTH_MESSAGES.googleTwoFactor);
    return signIn(request, reply, await auth.startSession(outcome.user, clientOf(request), { proven: true, method: 'google' }), 'Signed in with Google');
  });

  r.get('/auth/google', {
    config: { access: 'public' },
    schema: { hide: true, querystring: z.object({ signup: z.enum(['true', 'false']).optional() }) },
  }, async (request, reply) => {
    if (!google) return reply.redirect('/auth?login=true&oauth=google&error=not-configured');
    const { url, transaction } = await google.beginSignIn(request.query.signup === 'true');
    cookies.set(reply, GOOGLE_TRANSACTION_COOKIE, transaction, '/auth/google');
    return reply.redirect(url);
  });

  r.get('/auth/google/callback', {
    config: { access: 'public' },
    schema: { hide: true },
  }, async (request, reply) => {
    if (!google) return reply.redirect('/auth?login=true&oauth=google&error=not-configured');
    const transaction = readSignedJson<GoogleTransaction>(request, GOOGLE_TRANSACTION_COOKIE);
    reply.clearCookie(GOOGLE_TRANSACTION_COOKIE, { path: '/auth/google' });
    if (!transaction) return reply.redirect('/auth?login=true&oauth=google&error=expired');
    try {
      const callbackUrl = new URL(request.url, google.callbackUrl);
      const outcome = await google.finishSignIn(callbackUrl, transaction, request.ip);
      if (outcome.pendingLink) {
        cookies.rememberPendingLink(reply, outcome.pendingLink);
        return reply.redirect('/auth?login=true&oauth=google&error=link-password');
      }
      if (await auth.requiresSecondFactor(outcome.user.id)) return reply.redirect('/auth?login=true&oauth=google&error=two-factor');
      const signedIn = await auth.startSession(outcome.user, clientOf(request), { proven: true, method: 'google' });
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

/** A value this server put in a signed cookie, or undefined when it is absent or was tampered with. */
function readSignedJson<T>(request: FastifyRequest, name: string): T | undefined {
  const raw = request.cookies[name];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return undefined;
  try {
    return JSON.parse(unsigned.value) as T;
  } catch {
    return undefined;
  }
}
