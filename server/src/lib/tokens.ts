import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe. Used for session, e-mail and share tokens. */
export function createToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as this hash, so a leaked table cannot be replayed. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
