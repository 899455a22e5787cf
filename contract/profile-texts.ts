/**
 * The profile's texts and completion steps (product.md, Profile and health stats).
 * Zod-free, so the web uses them without schema code (decision 017); the schemas are in `profile.ts`.
 */

export const PROFILE_MESSAGES = {
  saved: 'Profile updated successfully',
  phone: 'Phone number must be 7 to 20 digits, with an optional leading +',
  nameTooLong: 'Name must be less than 100 characters',
} as const;

export const COMPLETION_STEPS = ['basic-info', 'health-metrics', 'allergies', 'supplement-logs', 'lab-results'] as const;
export type CompletionStep = (typeof COMPLETION_STEPS)[number];
export const COMPLETION_STEP_LABELS: Record<CompletionStep, string> = {
  'basic-info': 'Basic info',
  'health-metrics': 'Health metrics',
  allergies: 'Allergies',
  'supplement-logs': 'First supplement logs',
  'lab-results': 'Lab results',
};
