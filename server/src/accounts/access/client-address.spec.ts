import { addressGroup } from './client-address';
import { accountLockSeconds } from './login-throttle';

describe('addressGroup: the key an address is limited by', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::ffff:cb00:7107', '203.0.113.7'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:a:b:c:d%eth0', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('%s is limited as %s', (address, group) => {
    expect(addressGroup(address)).toBe(group);
  });

  it('tells neighbouring /64s apart', () => {
    expect(addressGroup('2001:db8:1:2::1')).not.toBe(addressGroup('2001:db8:1:3::1'));
  });
});

describe('accountLockSeconds: the growing lock of an account past its failed sign-ins', () => {
  it('locks for a minute, doubling with each failure, an hour at most', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 100].map(accountLockSeconds)).toEqual([
      60, 120, 240, 480, 960, 1920, 3600, 3600, 3600,
    ]);
  });
});
