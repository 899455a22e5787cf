import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';
import { deleteResultSchema } from './supplements.ts';
import { idParamsSchema, okMessageSchema } from './auth.ts';
import { DATE_PATTERN, isRealDate } from './dates.ts';
import { INTERACTION_TEXTS, SEVERITIES } from './interactions-texts.ts';

/**
 * Medications, interactions, allergy warnings and lab interference (product.md, Medications and
 * interactions). None of it blocks the user: it informs, and says it is not medical advice.
 */

export { INTERACTION_TEXTS, SEVERITIES, SEVERITY_LABELS, type Severity } from './interactions-texts.ts';

export const AGENT_KINDS = ['supplement', 'drug', 'drug-class', 'lab-test'] as const;

// ─── Medications ───────────────────────────────────────────────────────────────────────────────

const optionalText = (max: number, message: string) =>
  z
    .string({ error: 'Must be text' })
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => (value ? value : null));

export const medicationBodySchema = z.strictObject({
  name: z
    .string({ error: INTERACTION_TEXTS.medicationNameRequired })
    .trim()
    .min(1, INTERACTION_TEXTS.medicationNameRequired)
    .max(100, 'Name must be less than 100 characters'),
  strength: optionalText(60, 'Strength must be less than 60 characters'),
  schedule: optionalText(200, 'How and when must be less than 200 characters'),
  startedOn: z
    .string({ error: 'Start date must be a date like 2025-01-31' })
    .regex(DATE_PATTERN, 'Start date must be a date like 2025-01-31')
    .refine((value) => isRealDate(value), 'Start date must be a date like 2025-01-31')
    .nullish()
    .transform((value) => value ?? null),
  note: optionalText(1000, 'Note must be less than 1000 characters'),
});
export type MedicationBody = z.input<typeof medicationBodySchema>;
export type MedicationInput = z.output<typeof medicationBodySchema>;

export const medicationSchema = z.object({
  id: z.string(),
  /** Always "medication": the stack's other items are supplements. */
  kind: z.literal('medication'),
  name: z.string(),
  strength: z.string().nullable(),
  schedule: z.string().nullable(),
  startedOn: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Medication = z.infer<typeof medicationSchema>;
export const medicationListSchema = z.array(medicationSchema);

// ─── Interactions in the stack ─────────────────────────────────────────────────────────────────

export const interactionSideSchema = z.object({
  kind: z.enum(['supplement', 'medication', 'lab-test']),
  /** The stack item's id; null for a lab test or an item not yet added. */
  id: z.string().nullable(),
  name: z.string(),
  /** What it was recognised as: "Anticoagulants (blood thinners)". */
  recognisedAs: z.string(),
});

export const stackInteractionSchema = z.object({
  interactionId: z.string(),
  severity: z.enum(SEVERITIES),
  effect: z.string(),
  advice: z.string(),
  source: z.string(),
  sourceUrl: z.string().nullable(),
  first: interactionSideSchema,
  second: interactionSideSchema,
});
export type StackInteraction = z.infer<typeof stackInteractionSchema>;

export const allergyWarningSchema = z.object({
  itemId: z.string().nullable(),
  itemName: z.string(),
  allergen: z.string(),
  note: z.string(),
});
export type AllergyWarning = z.infer<typeof allergyWarningSchema>;

export const interactionReportSchema = z.object({
  interactions: z.array(stackInteractionSchema),
  allergyWarnings: z.array(allergyWarningSchema),
  disclaimer: z.string(),
});
export type InteractionReport = z.infer<typeof interactionReportSchema>;

/** POST /api/interactions/check: what adding this item would bring up, before it is added. */
export const interactionCheckBodySchema = z.strictObject({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name must be less than 100 characters'),
  kind: z.enum(['supplement', 'medication'], { error: 'Kind must be supplement or medication' }),
});
export type InteractionCheckBody = z.input<typeof interactionCheckBodySchema>;

// ─── Lab interference ──────────────────────────────────────────────────────────────────────────

export const labInterferenceSchema = z.object({
  resultId: z.string(),
  biomarkerKey: z.string(),
  /** The result's biomarker as the user sees it: "TSH". */
  biomarker: z.string(),
  testDate: z.string(),
  supplement: z.string(),
  test: z.string(),
  severity: z.enum(SEVERITIES),
  effect: z.string(),
  advice: z.string(),
  source: z.string(),
  sourceUrl: z.string().nullable(),
});
export type LabInterference = z.infer<typeof labInterferenceSchema>;
export const labInterferenceListSchema = z.object({ notes: z.array(labInterferenceSchema), disclaimer: z.string() });
export type LabInterferenceList = z.infer<typeof labInterferenceListSchema>;

// ─── Admin: the interaction table ──────────────────────────────────────────────────────────────

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

const longText = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(1000, `${label} must be less than 1000 characters`);

export const interactionBodySchema = z.strictObject({
  agentA: z.string({ error: INTERACTION_TEXTS.unknownAgent }).trim().min(1, INTERACTION_TEXTS.unknownAgent).max(60),
  agentB: z.string({ error: INTERACTION_TEXTS.unknownAgent }).trim().min(1, INTERACTION_TEXTS.unknownAgent).max(60),
  severity: z.enum(SEVERITIES, { error: 'Severity must be major, moderate or minor' }),
  effect: longText('What happens'),
  advice: longText('What to do'),
  source: z.string({ error: INTERACTION_TEXTS.sourceRequired }).trim().min(1, INTERACTION_TEXTS.sourceRequired).max(400, 'Source must be less than 400 characters'),
  sourceUrl: z
    .string({ error: 'Source URL must be a valid URL' })
    .trim()
    .max(2000, 'Source URL must be a valid URL')
    .nullish()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || isWebUrl(value), 'Source URL must be a valid URL'),
});
export type InteractionBody = z.input<typeof interactionBodySchema>;
export type InteractionInput = z.output<typeof interactionBodySchema>;

export const interactionAgentSchema = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.enum(AGENT_KINDS),
  /** The names it is recognised by in a stack (a drug class's common drugs). */
  terms: z.array(z.string()),
});
export type InteractionAgentDto = z.infer<typeof interactionAgentSchema>;

export const adminInteractionSchema = z.object({
  id: z.string(),
  agentA: z.string(),
  agentB: z.string(),
  severity: z.enum(SEVERITIES),
  effect: z.string(),
  advice: z.string(),
  source: z.string(),
  sourceUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminInteraction = z.infer<typeof adminInteractionSchema>;

export const adminInteractionListSchema = z.object({
  interactions: z.array(adminInteractionSchema),
  agents: z.array(interactionAgentSchema),
});
export type AdminInteractionList = z.infer<typeof adminInteractionListSchema>;

export const medicationsEndpoints = defineEndpoints({
  list: { method: 'GET', path: '/api/medications', response: medicationListSchema },
  create: { method: 'POST', path: '/api/medications', body: medicationBodySchema, response: medicationSchema },
  update: { method: 'PUT', path: '/api/medications/:id', params: idParamsSchema, body: medicationBodySchema, response: medicationSchema },
  remove: { method: 'DELETE', path: '/api/medications/:id', params: idParamsSchema, response: deleteResultSchema },
});

export const interactionsEndpoints = defineEndpoints({
  report: { method: 'GET', path: '/api/interactions', response: interactionReportSchema },
  check: { method: 'POST', path: '/api/interactions/check', body: interactionCheckBodySchema, response: interactionReportSchema },
  labNotes: { method: 'GET', path: '/api/interactions/lab-notes', response: labInterferenceListSchema },
  adminList: { method: 'GET', path: '/api/admin/interactions', response: adminInteractionListSchema },
  adminCreate: { method: 'POST', path: '/api/admin/interactions', body: interactionBodySchema, response: adminInteractionSchema },
  adminUpdate: { method: 'PUT', path: '/api/admin/interactions/:id', params: idParamsSchema, body: interactionBodySchema, response: adminInteractionSchema },
  adminRemove: { method: 'DELETE', path: '/api/admin/interactions/:id', params: idParamsSchema, response: okMessageSchema },
});
