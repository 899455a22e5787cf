import { z } from 'zod';

/** The texts of two-factor sign-in and passkeys, shown as they are. */
export const TWO_FACTOR_MESSAGES = {
  codeNeeded: 'Enter the code from your authenticator app.',
  wrongCode: 'That code is not correct. Check your authenticator app and try again.',
  challengeExpired: 'This sign-in has expired or was already used. Please sign in again.',
  alreadyOn: 'Two-factor authentication is already on.',
  passwordFirst: 'Set a password first: two-factor authentication asks for your password and a code when you log in.',
  notOn: 'Two-factor authentication is not on.',
  noSetup: 'Start the set-up again: no authenticator secret is waiting for a code.',
  passwordRequired: 'Enter your password to continue.',
  wrongPassword: 'The password is not correct.',
  proofRequired: 'Enter your password or a code from your authenticator app.',
  enabled: 'Two-factor authentication is on.',
  disabled: 'Two-factor authentication is off.',
  passkeyFailed: 'That passkey could not be verified. Please try again.',
  passkeyUnknown: 'This passkey is not registered with StackLab.',
  passkeyAdded: 'Passkey added.',
  passkeyRemoved: 'Passkey removed.',
  passkeyNotFound: 'Passkey not found',
  passkeyExpired: 'The passkey request has expired. Please try again.',
} as const;

/** Six digits from an authenticator app, or a recovery code (spaces and dashes ignored). */
const codeSchema = z.string().trim().min(1, 'Enter a code').max(40, 'That code is too long');
const optionalPasswordSchema = z.string({ error: 'Password must be text' }).max(100).optional();

/** The answer of a WebAuthn ceremony, as `@simplewebauthn/browser` gives it; the server verifies the rest. */
const base64url = z.string().max(16_384).regex(/^[A-Za-z0-9_-]*={0,2}$/, 'Not base64url');
/** What both ceremonies' answers carry; each adds its own `response` fields. */
const credentialFields = {
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.looseObject({}),
};
export const registrationResponseSchema = z.object({
  ...credentialFields,
  response: z.looseObject({
    clientDataJSON: base64url,
    attestationObject: base64url,
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
});
export const authenticationResponseSchema = z.object({
  ...credentialFields,
  response: z.looseObject({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
});

/** Options for `navigator.credentials.create()` / `.get()`, passed to `@simplewebauthn/browser` as they are. */
export const webAuthnOptionsSchema = z.looseObject({ challenge: z.string() });

/** Sent with `/api/login`'s answer when the account has two-factor sign-in on: no session yet. */
export const secondFactorChallengeSchema = z.object({
  token: z.string(),
  methods: z.array(z.enum(['totp', 'recovery-code', 'passkey'])),
  expiresAt: z.string(),
});
export type SecondFactorChallenge = z.infer<typeof secondFactorChallengeSchema>;

export const secondFactorBodySchema = z
  .strictObject({
    token: z.string().min(1).max(200),
    code: codeSchema.optional(),
    passkey: authenticationResponseSchema.optional(),
  })
  .refine((body) => (body.code === undefined) !== (body.passkey === undefined), { message: 'Send a code or a passkey', path: ['code'] });
export type SecondFactorBody = z.infer<typeof secondFactorBodySchema>;

export const secondFactorOptionsBodySchema = z.strictObject({ token: z.string().min(1).max(200) });

export const twoFactorStatusSchema = z.object({
  totpEnabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  passkeyCount: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** Asked before a secret is shown or a passkey added; accounts without a password send none. */
export const passwordProofBodySchema = z.strictObject({ password: optionalPasswordSchema });

export const totpSetupSchema = z.object({ secret: z.string(), uri: z.string() });
export type TotpSetup = z.infer<typeof totpSetupSchema>;

export const totpEnableBodySchema = z.strictObject({ code: codeSchema });
export const recoveryCodesSchema = z.object({ ok: z.literal(true), message: z.string(), recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** Turning two-factor off, or making new recovery codes: the password, or a current code. */
export const twoFactorProofBodySchema = z.strictObject({ password: optionalPasswordSchema, code: codeSchema.optional() });
export type TwoFactorProof = z.infer<typeof twoFactorProofBodySchema>;

export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  backedUp: z.boolean(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeyListSchema = z.object({ passkeys: z.array(passkeySchema) });

export const passkeyNameSchema = z.string().trim().min(1, 'Name is required').max(60, 'Name must be less than 60 characters');
export const addPasskeyBodySchema = z.strictObject({ name: passkeyNameSchema, response: registrationResponseSchema });
export const passkeySignInBodySchema = z.strictObject({ response: authenticationResponseSchema });
