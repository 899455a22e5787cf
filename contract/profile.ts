import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';
import { emailSchema, timeZoneSchema, userSchema, usernameSchema } from './auth.ts';
import { COMPLETION_STEPS, PROFILE_MESSAGES } from './profile-texts.ts';

/** The profile and its completion. product.md, Profile. */

export const profileNameSchema = z
  .string({ error: 'Name must be text' })
  .trim()
  .max(100, PROFILE_MESSAGES.nameTooLong)
  .transform((value) => (value ? value : null))
  .nullable();

export const phoneNumberSchema = z
  .string({ error: PROFILE_MESSAGES.phone })
  .trim()
  .transform((value) => value.replace(/[\s().-]/g, ''))
  .transform((value) => (value ? value : null))
  .pipe(z.string().regex(/^\+?\d{7,20}$/, PROFILE_MESSAGES.phone).nullable())
  .nullable();

/** GET /api/profile/completion: five steps computed on the server from the user's data. */
export const profileCompletionSchema = z.object({
  steps: z.array(z.object({ key: z.enum(COMPLETION_STEPS), label: z.string(), status: z.enum(['completed', 'todo']) })),
  completed: z.number().int(),
  total: z.number().int(),
  /** Rounded share of completed steps, 0 to 100. */
  percent: z.number().int(),
});
export type ProfileCompletion = z.infer<typeof profileCompletionSchema>;

/**
 * POST /api/profile. `timeZone` and `unitSystem` are optional (left out: unchanged). A changed
 * e-mail is unverified again when e-mail verification is on, and a new link is sent to it.
 */
export const profileBodySchema = z.strictObject({
  email: emailSchema,
  phoneNumber: phoneNumberSchema.optional(),
  name: profileNameSchema.optional(),
  username: usernameSchema,
  timeZone: timeZoneSchema.optional(),
  unitSystem: z.enum(['us', 'metric'], { error: 'Unit system must be us or metric' }).optional(),
});
export type ProfileBody = z.input<typeof profileBodySchema>;
export type ProfileInput = z.output<typeof profileBodySchema>;

export const profileResultSchema = z.object({
  ok: z.literal(true),
  message: z.string(),
  user: userSchema,
  /** True when the e-mail changed and must be verified again (a link was sent). */
  emailVerificationSent: z.boolean(),
});
export type ProfileResult = z.infer<typeof profileResultSchema>;

export const profileEndpoints = defineEndpoints({
  save: { method: 'POST', path: '/api/profile', body: profileBodySchema, response: profileResultSchema },
  completion: { method: 'GET', path: '/api/profile/completion', response: profileCompletionSchema },
});
