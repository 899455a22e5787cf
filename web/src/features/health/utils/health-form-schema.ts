import { z } from 'zod';
import { type HealthStats, type HealthStatsBody, healthStatsBodySchema } from '#contract/health.ts';
import { bodySchema } from '#web/lib/forms.ts';
import { type HealthFormValues, type UnitSystem, formToHealthBody, healthFormFieldOf } from './units.ts';

/**
 * The form's schema for zodResolver; its output is the request body. The typed numbers are checked in
 * the user's units first (the contract speaks pounds and inches, so it cannot say "kilograms"), then
 * the body they make must pass the contract, as on the server.
 */
export function healthFormSchema(system: UnitSystem, stored: HealthStats | null | undefined) {
  const bodyOf = (values: HealthFormValues): HealthStatsBody => {
    const result = formToHealthBody(values, system, stored);
    return result.ok ? result.body : {};
  };
  return z
    .custom<HealthFormValues>()
    .superRefine((values, ctx) => {
      const result = formToHealthBody(values, system, stored);
      if (result.ok) return;
      for (const [field, message] of Object.entries(result.errors)) ctx.addIssue({ code: 'custom', path: [field], message });
    })
    .pipe(bodySchema(healthStatsBodySchema, bodyOf, (bodyField) => healthFormFieldOf(bodyField, system)))
    .transform(bodyOf);
}
