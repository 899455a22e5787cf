import { hash, verify } from '@node-rs/argon2';

export type PasswordHashing = { memoryCost: number; timeCost: number; parallelism: number };

/** OWASP's argon2id baseline: 19 MiB, 2 passes. */
export const PASSWORD_HASHING: PasswordHashing = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Tests only (`NODE_ENV=test`): the least argon2id allows, so the suite's many sign-ups cost next to no CPU. */
export const TEST_PASSWORD_HASHING: PasswordHashing = { memoryCost: 8, timeCost: 1, parallelism: 1 };

export function hashPassword(password: string, cost: PasswordHashing): Promise<string> {
  return hash(password, cost);
}

/** A hash names its own parameters, so a hash of any cost verifies. */
export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password);
}
