import { useMutation } from '@tanstack/react-query';
import type { AuthResult, RegisterBody } from '#contract/auth.ts';
import { api } from '#web/lib/api.ts';

/** The browser's time zone, so that "today" and streaks follow the user's day (product.md, Accounts). */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

export function register(body: Omit<RegisterBody, 'timeZone'>): Promise<AuthResult> {
  return api('POST /api/register', { body: { ...body, timeZone: browserTimeZone() } });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
