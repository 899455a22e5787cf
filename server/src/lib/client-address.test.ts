import { describe, expect, it } from 'vitest';
import { networkOf } from './client-address.ts';

describe('networkOf', () => {
  it('keys an IPv6 address by its /64, however it is written', () => {
    expect(networkOf('2001:db8:aa:bb:1:2:3:4')).toBe('2001:db8:aa:bb::/64');
    expect(networkOf('2001:0DB8:00aa:00bb:ffff::1')).toBe('2001:db8:aa:bb::/64');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(networkOf('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(networkOf('::1')).toBe('0:0:0:0::/64');
    expect(networkOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(networkOf('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
    expect(networkOf('2001:db8:aa:bb:1:2:3:4')).not.toBe(networkOf('2001:db8:aa:bc:1:2:3:4'));
  });

  it('keeps IPv4 addresses whole, also when written as IPv6', () => {
    expect(networkOf('192.0.2.1')).toBe('192.0.2.1');
    expect(networkOf('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(networkOf('::FFFF:192.0.2.7')).toBe('192.0.2.7');
  });

  it('leaves anything else alone', () => {
    expect(networkOf('ada@example.com')).toBe('ada@example.com');
    expect(networkOf('')).toBe('');
  });
});
