import {
  type ReferenceSupplement,
  type ReferenceSupplementBody,
  referenceSupplementBodySchema,
  splitAlternativeNames,
} from '#contract/admin.ts';

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

export type SupplementFormErrors = Partial<Record<keyof SupplementFormValues, string>>;

const FIELDS = new Set<string>(['name', 'category', 'alternativeNames', 'description', 'source', 'sourceUrl']);

/** A server field name (`alternativeNames.2`) as the form's field, when the form has one. */
export function supplementFormField(field: string): keyof SupplementFormValues | undefined {
  const top = field.split('.')[0] ?? '';
  return FIELDS.has(top) ? (top as keyof SupplementFormValues) : undefined;
}

/** The server's own rules, checked before sending: the first message per field. */
export function validateSupplementForm(values: SupplementFormValues): SupplementFormErrors {
  const result = referenceSupplementBodySchema.safeParse(formToSupplementBody(values));
  if (result.success) return {};
  const errors: SupplementFormErrors = {};
  for (const issue of result.error.issues) {
    const field = supplementFormField(issue.path.map(String).join('.'));
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
