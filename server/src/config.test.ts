import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const base = { NODE_ENV: 'test', SESSION_SECRET: 'test-session-secret-that-is-long-enough-0123456789', DATA_DIR: '/tmp/stacklab-config-test' } as const;
const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig({ ...base, ...env });
    return [];
  } catch (error) {
    return (error as ConfigError).problems;
  }
};

describe('TRUST_PROXY', () => {
  it('trusts no proxy unless told, a number of hops, or the proxies named', () => {
    expect(loadConfig({ ...base }).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8, 2001:db8::1, loopback' }).trustProxy).toEqual(['10.0.0.0/8', '2001:db8::1', 'loopback']);
  });

  it('refuses "true" (every hop) and anything that is not an address', () => {
    expect(problemsOf({ TRUST_PROXY: 'true' })).toEqual([expect.stringMatching(/^TRUST_PROXY: .*number of proxies/)]);
    expect(problemsOf({ TRUST_PROXY: '10.0.0.1, proxy.local, 10.0.0.0/33' })).toEqual(['TRUST_PROXY: not an address, a range or a number: proxy.local, 10.0.0.0/33']);
  });
});
