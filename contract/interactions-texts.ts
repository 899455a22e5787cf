/**
 * Medications' and interactions' texts and severities (product.md, Medications and interactions).
 * Zod-free, so the web uses them without schema code (decision 017); the schemas are in `interactions.ts`.
 */

export const INTERACTION_TEXTS = {
  disclaimer:
    'This is general information from published sources, not medical advice. Do not start, stop or change a medicine because of it: talk to your doctor or pharmacist.',
  medicationNotFound: 'Medication not found',
  medicationAdded: 'Medication added successfully',
  medicationUpdated: 'Medication updated successfully',
  medicationDeleted: 'Medication deleted successfully',
  medicationNameRequired: 'Name is required',
  medicationsFailed: 'Failed to fetch medications',
  deleteMedicationConfirm: 'Are you sure you want to remove this medication?',
  interactionNotFound: 'Interaction not found',
  interactionCreated: 'Interaction added successfully',
  interactionUpdated: 'Interaction updated successfully',
  interactionDeleted: 'Interaction deleted successfully',
  deleteInteractionConfirm: 'Are you sure you want to delete this interaction?',
  pairTaken: 'An interaction for this pair already exists',
  samePair: 'Pick two different items',
  unknownAgent: 'Pick an item from the list',
  sourceRequired: 'Source is required',
} as const;

export const SEVERITIES = ['major', 'moderate', 'minor'] as const;
export type Severity = (typeof SEVERITIES)[number];
export const SEVERITY_LABELS: Record<Severity, string> = { major: 'Major', moderate: 'Moderate', minor: 'Minor' };
