import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { hashPassword, PASSWORD_HASHING, verifyPassword } from './passwords.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'stacklab-passwords-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('password hashing', () => {
  it('costs OWASP’s argon2id baseline outside tests: 19 MiB and 2 passes, named in the hash itself', async () => {
    for (const env of ['production', 'development'] as const) {
      const config = loadConfig({ NODE_ENV: env, DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(40) });
      expect(config.passwordHashing, env).toEqual({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    }
    const stored = await hashPassword('correct horse battery', PASSWORD_HASHING);
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(stored, 'correct horse batterY')).toBe(false);
  });

  it('is cheap only under NODE_ENV=test, and such a hash still verifies', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(40) });
    expect(config.passwordHashing.memoryCost).toBeLessThan(PASSWORD_HASHING.memoryCost);
    const stored = await hashPassword('correct horse battery', config.passwordHashing);
    expect(await verifyPassword(stored, 'correct horse battery')).toBe(true);
  });
});
