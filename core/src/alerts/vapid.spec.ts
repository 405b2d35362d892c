import { createECDH } from 'node:crypto';
import { parseConfig } from '../config/config.schema';
import { vapidKeys } from './vapid';

// "VAPID keys from configuration, generated for development".
describe('vapidKeys', () => {
  it('derives one P-256 pair from JWT_SECRET outside production, the same in every process', () => {
    const config = parseConfig({ NODE_ENV: 'development' });
    const keys = vapidKeys(config);
    expect(keys).toEqual(vapidKeys(parseConfig({ NODE_ENV: 'development' })));
    expect(keys?.publicKey).toMatch(/^[\w-]{87}$/);
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(keys!.privateKey, 'base64url'));
    expect(ecdh.getPublicKey('base64url')).toBe(keys?.publicKey);
    expect(
      vapidKeys(parseConfig({ NODE_ENV: 'development', JWT_SECRET: 'another-secret-of-at-least-32-characters!' }))
        ?.publicKey,
    ).not.toBe(keys?.publicKey);
  });

  it('uses the configured keys, and none in production without them (push is off)', () => {
    const ecdh = createECDH('prime256v1');
    // A private key with a leading zero byte would be written shorter; configured keys are 32 bytes.
    do ecdh.generateKeys();
    while (ecdh.getPrivateKey().length !== 32);
    const env = {
      VAPID_PUBLIC_KEY: ecdh.getPublicKey('base64url'),
      VAPID_PRIVATE_KEY: ecdh.getPrivateKey('base64url'),
    };
    expect(vapidKeys(parseConfig(env))).toMatchObject({
      publicKey: env.VAPID_PUBLIC_KEY,
      subject: 'mailto:alerts@oddspulse.local',
    });
    const production = { NODE_ENV: 'production', JWT_SECRET: 'k9Qz7vLp2Xw8Rt4Ym6Nb3Hc5Jd1Fg0AaQ', DEV_OUTBOX: 'false' };
    expect(vapidKeys(parseConfig(production))).toBeNull();
  });

  it('refuses half a key pair', () => {
    expect(() => parseConfig({ VAPID_PUBLIC_KEY: 'B'.repeat(87) })).toThrow(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together',
    );
  });
});
