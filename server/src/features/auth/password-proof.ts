import { verifyPassword } from '#server/lib/passwords.ts';
import { TWO_FACTOR_MESSAGES } from '#contract/two-factor.ts';
import type { RateLimiter, RateRule } from '#server/features/rate-limits/rate-limits.service.ts';
import { AppError } from '#server/http/app-error.ts';

/** Wrong passwords against a signed-in session: enough for typos, too few to guess with a stolen cookie. */
const SETTINGS_PROOF_FAILURES: RateRule = { name: 'two-factor-settings:account', limit: 5, windowSeconds: 15 * 60 };

/**
 * Changes to how an account signs in ask for the password, so that a borrowed or stolen session
 * cannot add its own way in or lock the owner out. An account without a password (Google only)
 * has none to give. Throws when the password is missing or wrong.
 */
export async function confirmPassword(
  limiter: RateLimiter,
  user: { id: string; passwordHash: string | null },
  password: string | undefined,
): Promise<void> {
  if (!user.passwordHash) return;
  if (!password) throw AppError.validation('password', TWO_FACTOR_MESSAGES.passwordRequired);
  // Counted before the check, so parallel guesses get no more tries; a right password gives its try back.
  await limiter.consume(SETTINGS_PROOF_FAILURES, user.id);
  if (await verifyPassword(user.passwordHash, password)) return limiter.release(SETTINGS_PROOF_FAILURES, user.id);
  throw AppError.validation('password', TWO_FACTOR_MESSAGES.wrongPassword);
}
