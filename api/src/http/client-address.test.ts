import { describe, expect, it } from 'vitest';
import { addressKey } from './client-address.js';

describe('addressKey', () => {
  it('keys an IPv4 address however it is written', () => {
    for (const a of ['192.0.2.7', '::ffff:192.0.2.7', '0:0:0:0:0:ffff:192.0.2.7', '::FFFF:c000:0207'])
      expect(addressKey(a)).toBe('192.0.2.7');
  });

  it('keys an IPv6 address by its /64, however it is written', () => {
    for (const a of ['2001:db8:7:8::1', '2001:0DB8:0007:0008:ffff:1:2:3', '2001:db8:7:8:0:0:192.0.2.1', '2001:db8:7:8::1%eth0']) {
      expect(addressKey(a)).toBe('2001:db8:7:8::/64');
    }
    expect(addressKey('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(addressKey('2001:db8:7:9::1')).not.toBe(addressKey('2001:db8:7:8::1'));
  });
});
