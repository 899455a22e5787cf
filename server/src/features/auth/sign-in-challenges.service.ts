import type { SecondFactorChallenge } from '#contract/two-factor.ts';
import type { Db } from '#server/db/client.ts';
import { createToken, hashToken } from '#server/lib/tokens.ts';
import { countPasskeysOfUser } from './passkeys.repository.ts';
import { findTotpFactor, insertSignInChallenge } from './two-factor.repository.ts';

/** Long enough to open an authenticator app, short enough that a stolen token is soon worthless. */
export const SIGN_IN_CHALLENGE_MINUTES = 5;

/**
 * Decides, after a correct password, whether the account asks for a second factor, and if so
 * issues the short-lived, single-use challenge the second step completes. Two-factor sign-in is on
 * when an authenticator app is; the user's passkeys then count as a second factor too.
 */
export class SignInChallenges {
  constructor(private readonly db: Db) {}

  /** Whether signing in as this user takes a second factor. */
  async required(userId: string): Promise<boolean> {
    return Boolean((await findTotpFactor(this.db, userId))?.enabledAt);
  }

  async issueIfNeeded(userId: string): Promise<SecondFactorChallenge | undefined> {
    const totp = await findTotpFactor(this.db, userId);
    if (!totp?.enabledAt) return undefined;
    const token = createToken();
    const expiresAt = new Date(Date.now() + SIGN_IN_CHALLENGE_MINUTES * 60_000);
    await insertSignInChallenge(this.db, { userId, tokenHash: hashToken(token), expiresAt });
    const hasPasskeys = (await countPasskeysOfUser(this.db, userId)) > 0;
    return { token, methods: ['totp', 'recovery-code', ...(hasPasskeys ? (['passkey'] as const) : [])], expiresAt: expiresAt.toISOString() };
  }
}
