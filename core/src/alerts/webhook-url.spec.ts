import { checkWebhookUrl, embeddedIPv4, ipv6Groups, isAllowedDestination, isPublicAddress } from './webhook-url';

const noDns = () => Promise.reject(new Error('no lookup expected'));

describe('webhook destinations: IPv6 forms that carry an IPv4 address', () => {
  it('reads IPv6 addresses into their eight groups', () => {
    expect(ipv6Groups('::7f00:1')).toEqual([0, 0, 0, 0, 0, 0, 0x7f00, 1]);
    expect(ipv6Groups('::ffff:127.0.0.1')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]);
    expect(ipv6Groups('2002:7f00:1::')).toEqual([0x2002, 0x7f00, 1, 0, 0, 0, 0, 0]);
    expect(ipv6Groups('fe80::1%eth0')).toEqual([0xfe80, 0, 0, 0, 0, 0, 0, 1]);
    expect(ipv6Groups('127.0.0.1')).toBeNull();
  });

  it.each([
    ['::ffff:7f00:1', ['127.0.0.1']],
    ['::7f00:1', ['127.0.0.1']],
    ['::127.0.0.1', ['127.0.0.1']],
    ['::a00:1', ['10.0.0.1']],
    ['2002:7f00:1::', ['127.0.0.1']],
    ['2002:c0a8:101:1::5', ['192.168.1.1']],
    // Teredo: server 65.54.227.120, client 192.0.2.45 stored inverted
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', ['65.54.227.120', '192.0.2.45']],
    ['::ffff:0:7f00:1', ['127.0.0.1']],
    ['64:ff9b::808:808', ['8.8.8.8']],
    ['64:ff9b:1::a9fe:a9fe', ['169.254.169.254']],
    ['::1', []],
    ['::', []],
    ['2606:4700:4700::1111', []],
  ])('%s carries %j', (address, ipv4) => {
    expect(embeddedIPv4(address)).toEqual(ipv4);
  });

  it.each([
    '::7f00:1',
    '::127.0.0.1',
    '::ffff:7f00:1',
    '2002:7f00:1::',
    '2002:a00:1::1',
    '2002:a9fe:a9fe::',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '::1',
    // outside global unicast, whatever IPv4 address it carries
    '::ffff:0:7f00:1',
    '::ffff:0:808:808',
    '64:ff9b:1::a9fe:a9fe',
    '64:ff9b:1::808:808',
    'fec0::1',
    '100::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'ff02::1',
    // special-purpose blocks inside it
    '2001:db8::1',
    '3fff::1',
    '2001:2::1',
    '2001:0:4136:e378:8000:63bf:f7f7:f7f7',
    // an IPv4 address through well-known NAT64 is judged as that address
    '64:ff9b::7f00:1',
    '64:ff9b::a9fe:a9fe',
  ])('does not count %s as public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
    expect(isAllowedDestination(address, true)).toBe(false);
  });

  it.each([
    '2002:808:808::1',
    '::ffff:8.8.8.8',
    '2606:4700:4700::1111',
    '8.8.8.8',
    '64:ff9b::808:808',
    '2a00:1450::200e',
  ])('counts %s as public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('refuses webhook URLs naming loopback in those forms, as the address check sees them after URL parsing', async () => {
    for (const url of [
      'https://[::127.0.0.1]/hook',
      'https://[::7f00:1]/hook',
      'https://[2002:7f00:1::]/hook',
      'https://[::ffff:127.0.0.1]/hook',
    ]) {
      expect([url, await checkWebhookUrl(url, true, noDns)]).toEqual([url, { ok: false, problem: 'private' }]);
    }
    // the forms a production server let through: IPv4-translated loopback, local NAT64 to the metadata address, site-local, discard-only
    for (const url of [
      'https://[::ffff:0:7f00:1]/hook',
      'https://[64:ff9b:1::a9fe:a9fe]/hook',
      'https://[fec0::1]/hook',
      'https://[100::1]/hook',
    ]) {
      expect([url, await checkWebhookUrl(url, true, noDns)]).toEqual([url, { ok: false, problem: 'private' }]);
    }
    expect(await checkWebhookUrl('https://[2002:808:808::1]/hook', true, noDns)).toMatchObject({ ok: true });
    // outside production the tests' receivers on loopback stay reachable, in IPv4 forms too
    expect(await checkWebhookUrl('http://[::ffff:127.0.0.1]:8080/hook', false, noDns)).toMatchObject({ ok: true });
  });
});
