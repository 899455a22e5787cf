import {
  type ReferenceSupplement,
  type ReferenceSupplementBody,
  referenceSupplementBodySchema,
  splitAlternativeNames,
} from '#contract/admin.ts';
import { bodySchema } from '#web/lib/forms.ts';

/** What the add/edit dialog edits: alternative names as one comma-separated line (product.md, Admin). */
export type SupplementFormValues = {
  name: string;
  category: string;
  alternativeNames: string;
  description: string;
  source: string;
  sourceUrl: string;
};

export const emptySupplementForm = (): SupplementFormValues => ({ name: '', category: '', alternativeNames: '', description: '', source: '', sourceUrl: '' });

export function supplementToForm(supplement: ReferenceSupplement): SupplementFormValues {
  return {
    name: supplement.name,
    category: supplement.category,
    alternativeNames: supplement.alternativeNames.join(', '),
    description: supplement.description,
    source: supplement.source ?? '',
    sourceUrl: supplement.sourceUrl ?? '',
  };
}

/** The request body: alternative names split on commas, each trimmed, empty ones dropped. */
export function formToSupplementBody(values: SupplementFormValues): ReferenceSupplementBody {
  return {
    name: values.name,
    category: values.category,
    alternativeNames: splitAlternativeNames(values.alternativeNames),
    description: values.description,
    source: values.source.trim() || null,
    sourceUrl: values.sourceUrl.trim() || null,
  };
}

const FIELDS = new Set<string>(['name', 'category', 'alternativeNames', 'description', 'source', 'sourceUrl']);

/** A server field name (`alternativeNames.2`) as the form's field, when the form has one. */
export function supplementFormField(field: string): keyof SupplementFormValues | null {
  const top = field.split('.')[0] ?? '';
  return FIELDS.has(top) ? (top as keyof SupplementFormValues) : null;
}

/** The server's own rules, checked before sending, each message on its field. */
export const supplementFormSchema = bodySchema(referenceSupplementBodySchema, formToSupplementBody, supplementFormField);
