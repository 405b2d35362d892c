import { unmappedAddress } from './security';

// The security activity showed "::ffff:127.0.0.1" where the user reads 127.0.0.1
describe('a client address as a person reads it', () => {
  it('writes an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(unmappedAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(unmappedAddress('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('leaves IPv4, other IPv6 addresses and none as they are', () => {
    expect(unmappedAddress('198.51.100.4')).toBe('198.51.100.4');
    expect(unmappedAddress('2001:db8::1')).toBe('2001:db8::1');
    expect(unmappedAddress('::ffff:abcd:1')).toBe('::ffff:abcd:1');
    expect(unmappedAddress(null)).toBeNull();
  });
});
