import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';
import { tierSchema } from './plans.ts';
import {
  addPasskeyBodySchema,
  passkeyListSchema,
  passkeySchema,
  passkeySignInBodySchema,
  passwordProofBodySchema,
  recoveryCodesSchema,
  secondFactorBodySchema,
  secondFactorChallengeSchema,
  secondFactorOptionsBodySchema,
  totpEnableBodySchema,
  totpSetupSchema,
  twoFactorProofBodySchema,
  twoFactorStatusSchema,
  webAuthnOptionsSchema,
} from './two-factor.ts';

/** product.md, Accounts: the rules every sign-up form shares (product.md, Accounts). */
export const usernameSchema = z
  .string({ error: 'Username is required' })
  .trim()
  .min(1, 'Username is required')
  .min(3, 'Username must be at least 3 characters')
  .max(50, 'Username must be less than 50 characters')
  .regex(/^[A-Za-z0-9._-]+$/, 'Username may use letters, digits, dots, dashes and underscores');

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Please enter a valid email address')
  .pipe(z.email('Please enter a valid email address'))
  .transform((value) => value.toLowerCase());

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(8, 'Password must be at least 8 characters')
  .max(100, 'Password must be less than 100 characters');

export const timeZoneSchema = z
  .string()
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'Unknown time zone');

export const registerBodySchema = z.strictObject({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  timeZone: timeZoneSchema.optional(),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** The identifier is an e-mail or a username, in the `email` field (product.md, Accounts). */
export const loginBodySchema = z.strictObject({
  email: z.string().trim().max(254).default(''),
  password: z.string().max(100).default(''),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const googleCredentialBodySchema = z.strictObject({
  credential: z.string().min(1).max(8192),
});

/** `POST /api/auth/google/nonce`: the nonce to put in the Google ID token; it is good for one sign-in in this browser. */
export const googleNonceSchema = z.object({ nonce: z.string() });

/** Changing the e-mail or password, a share link, an export and deleting the account need a proof of identity this recent. */
export const REAUTH_WINDOW_MINUTES = 10;

export const AUTH_MESSAGES = {
  reauthRequired: `For your safety, please confirm it is you: enter your password again (or sign in with Google again). We ask when you last did so more than ${REAUTH_WINDOW_MINUTES} minutes ago.`,
  reauthenticated: 'Thank you. You can continue.',
  noPassword: 'Your account signs in with Google and has no password: sign in with Google again to confirm it is you.',
  wrongPassword: 'The password is not correct',
  currentPasswordRequired: 'Enter your current password',
  samePassword: 'The new password must be different from the current one',
  passwordChanged: 'Your password has been changed. Every other session was signed out.',
  googleLinkNeedsPassword: 'An account with this e-mail already exists. Sign in with its password once, and Google sign-in will be linked to it.',
  verifiedOtherAccount: 'This link verified the e-mail address of another account. You are still signed in as {username}.',
  emailVerified: 'Your email address is verified.',
  emailVerifiedLogIn: 'Your email address is verified. Log in to continue.',
  googleTwoFactor: 'This account uses two-factor authentication: log in with your password and your authentication code.',
} as const;

/** `GET /api/auth/reauthentication`: whether this session's proof of identity is recent (the web asks before a download). */
export const reauthenticationStatusSchema = z.object({ recent: z.boolean() });

/** `POST /api/auth/reauthenticate`. */
export const reauthenticateBodySchema = z.strictObject({
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(100),
});

/** `POST /api/auth/change-password`: an account without a password (Google only) sets its first one, after a recent Google sign-in. */
export const changePasswordBodySchema = z.strictObject({
  currentPassword: z.string().max(100).optional(),
  newPassword: passwordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string().nullable(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  isAdmin: z.boolean(),
  isPro: z.boolean(),
  subscriptionTier: tierSchema,
  subscriptionEndsAt: z.string().nullable(),
  trialEndsAt: z.string().nullable(),
  /** When the one-time trial extension was claimed, if it was. */
  trialExtendedAt: z.string().nullable(),
  aiInteractionsCount: z.number().int(),
  labUploadsCount: z.number().int(),
  emailVerified: z.boolean(),
  timeZone: z.string(),
  unitSystem: z.enum(['us', 'metric']),
  hasPassword: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const currentUserResponseSchema = z.object({ user: userSchema });
/** `GET /api/session`: who is signed in, if anyone. Signed out is an answer here, not an error. */
export const sessionResponseSchema = z.object({ user: userSchema.nullable() });

/** product.md, Accounts, "Auth result". */
export const authResultSchema = z.object({
  ok: z.boolean(),
  message: z.string(),
  code: z.string().optional(),
  user: userSchema.nullable(),
  requiresVerification: z.boolean(),
  /** The password was right and the account asks for a second factor: no session until it is given. */
  secondFactor: secondFactorChallengeSchema.optional(),
});
export type AuthResult = z.infer<typeof authResultSchema>;

export const verifyEmailBodySchema = z.strictObject({ token: z.string().min(1).max(200) });
export const resendVerificationBodySchema = z.strictObject({ email: emailSchema });
export const forgotPasswordBodySchema = z.strictObject({ email: emailSchema });
export const resetPasswordBodySchema = z.strictObject({
  token: z.string().min(1).max(200),
  password: passwordSchema,
});

export const okMessageSchema = z.object({ ok: z.literal(true), message: z.string() });

export const sessionSchema = z.object({
  id: z.string(),
  current: z.boolean(),
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
});
export const sessionListSchema = z.object({ sessions: z.array(sessionSchema) });
export type SessionInfo = z.infer<typeof sessionSchema>;

export const idParamsSchema = z.strictObject({ id: z.uuid('Not a valid id') });

/** Public settings the web needs before anyone signs in. */
export const publicConfigSchema = z.object({
  googleEnabled: z.boolean(),
  emailVerificationEnabled: z.boolean(),
  supportEmail: z.string(),
  /** The largest lab report this server takes (LAB_MAX_BYTES), so the upload widget refuses the same files. */
  labMaxBytes: z.number().int().positive(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const contactBodySchema = z.strictObject({
  name: z.string().trim().min(1, 'Name is required').max(100, 'Name must be less than 100 characters'),
  email: emailSchema,
  message: z
    .string()
    .trim()
    .min(1, 'Message is required')
    .max(5000, 'Message must be less than 5000 characters'),
});
export type ContactBody = z.infer<typeof contactBodySchema>;

export const contactEndpoints = defineEndpoints({
  send: { method: 'POST', path: '/api/contact', body: contactBodySchema, response: okMessageSchema },
});

export const authEndpoints = defineEndpoints({
  user: { method: 'GET', path: '/api/user', response: currentUserResponseSchema },
  session: { method: 'GET', path: '/api/session', response: sessionResponseSchema },
  register: { method: 'POST', path: '/api/register', body: registerBodySchema, response: authResultSchema },
  login: { method: 'POST', path: '/api/login', body: loginBodySchema, response: authResultSchema },
  logout: { method: 'POST', path: '/api/logout', response: okMessageSchema },
  verifyEmail: { method: 'POST', path: '/api/auth/verify-email', body: verifyEmailBodySchema, response: authResultSchema },
  reauthentication: { method: 'GET', path: '/api/auth/reauthentication', response: reauthenticationStatusSchema },
  reauthenticate: { method: 'POST', path: '/api/auth/reauthenticate', body: reauthenticateBodySchema, response: okMessageSchema },
  changePassword: { method: 'POST', path: '/api/auth/change-password', body: changePasswordBodySchema, response: okMessageSchema },
  resendVerification: { method: 'POST', path: '/api/auth/resend-verification', body: resendVerificationBodySchema, response: okMessageSchema },
  forgotPassword: { method: 'POST', path: '/api/auth/forgot-password', body: forgotPasswordBodySchema, response: okMessageSchema },
  resetPassword: { method: 'POST', path: '/api/auth/reset-password', body: resetPasswordBodySchema, response: okMessageSchema },
  listSessions: { method: 'GET', path: '/api/sessions', response: sessionListSchema },
  endSession: { method: 'DELETE', path: '/api/sessions/:id', params: idParamsSchema, response: okMessageSchema },
  googleNonce: { method: 'POST', path: '/api/auth/google/nonce', response: googleNonceSchema },
  googleSignIn: { method: 'POST', path: '/api/auth/google', body: googleCredentialBodySchema, response: authResultSchema },
  publicConfig: { method: 'GET', path: '/api/config', response: publicConfigSchema },
});

export const twoFactorEndpoints = defineEndpoints({
  status: { method: 'GET', path: '/api/two-factor', response: twoFactorStatusSchema },
  setupTotp: { method: 'POST', path: '/api/two-factor/totp/setup', body: passwordProofBodySchema, response: totpSetupSchema },
  enableTotp: { method: 'POST', path: '/api/two-factor/totp/enable', body: totpEnableBodySchema, response: recoveryCodesSchema },
  disable: { method: 'POST', path: '/api/two-factor/disable', body: twoFactorProofBodySchema, response: okMessageSchema },
  recoveryCodes: { method: 'POST', path: '/api/two-factor/recovery-codes', body: twoFactorProofBodySchema, response: recoveryCodesSchema },
  listPasskeys: { method: 'GET', path: '/api/passkeys', response: passkeyListSchema },
  passkeyRegistrationOptions: { method: 'POST', path: '/api/passkeys/registration-options', body: passwordProofBodySchema, response: webAuthnOptionsSchema },
  addPasskey: { method: 'POST', path: '/api/passkeys', body: addPasskeyBodySchema, response: passkeySchema },
  removePasskey: { method: 'DELETE', path: '/api/passkeys/:id', params: idParamsSchema, response: okMessageSchema },
  passkeySignInOptions: { method: 'POST', path: '/api/auth/passkey/options', response: webAuthnOptionsSchema },
  passkeySignIn: { method: 'POST', path: '/api/auth/passkey', body: passkeySignInBodySchema, response: authResultSchema },
  secondFactorPasskeyOptions: { method: 'POST', path: '/api/auth/two-factor/passkey-options', body: secondFactorOptionsBodySchema, response: webAuthnOptionsSchema },
  secondFactor: { method: 'POST', path: '/api/auth/two-factor', body: secondFactorBodySchema, response: authResultSchema },
});
