import { z } from 'zod';
import { DATE_PATTERN, isRealDate } from './dates.ts';

/** Date and month parameters, checked the same way by every feature. */

/** A calendar date `yyyy-MM-dd` that exists (no 2025-02-30). */
export const dateSchema = (message = 'Date must be a date like 2025-01-31') =>
  z
    .string({ error: message })
    .regex(DATE_PATTERN, message)
    .refine((value) => isRealDate(value), message);
export const localDateSchema = dateSchema();

/** A month `yyyy-MM` whose first day is a real date (the year 1000 or later, as for dates). */
export const monthSchema = z
  .string({ error: 'Month must be like 2025-01' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must be like 2025-01')
  .refine((value) => isRealDate(`${value}-01`), 'Month must be like 2025-01');
