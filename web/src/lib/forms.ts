import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import { isApiError } from './api-fetch.ts';

/** Maps a field of the request body (`schedule.times`, `email`) to the form field that shows its message. */
export type FieldOf<V> = (bodyField: string) => Path<V> | null;

/** The body field is the form field when the form has one by that name. */
export function sameNames<V extends FieldValues>(fields: readonly Path<V>[]): FieldOf<V> {
  return (bodyField) => fields.find((field) => field === bodyField) ?? null;
}

/**
 * A form's schema for zodResolver when the form's values are not the request body: the contract's
 * schema runs on the body the form would send, and each message lands on its form field. The form
 * then says exactly what the server would, before sending.
 */
export function bodySchema<V extends FieldValues>(contractSchema: z.ZodType, toBody: (values: V) => unknown, fieldOf: FieldOf<V>) {
  return z.custom<V>().superRefine((values, ctx) => {
    const result = contractSchema.safeParse(toBody(values));
    if (result.success) return;
    const seen = new Set<string>();
    for (const issue of result.error.issues) {
      const field = fieldOf(issue.path.join('.'));
      if (!field || seen.has(field)) continue;
      seen.add(field);
      ctx.addIssue({ code: 'custom', path: field.split('.'), message: issue.message });
    }
  });
}

/** The server's field errors (an ApiError's `details`), each shown on its form field; true when any was. */
export function setServerErrors<V extends FieldValues>(error: unknown, setError: UseFormSetError<V>, fieldOf: FieldOf<V>): boolean {
  if (!isApiError(error)) return false;
  let shown = false;
  for (const detail of error.details) {
    const field = fieldOf(detail.field);
    if (!field) continue;
    setError(field, { type: 'server', message: detail.message });
    shown = true;
  }
  return shown;
}

/** The first message for each field a schema refuses: what the form would show, for tests. */
export function formErrors(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}
