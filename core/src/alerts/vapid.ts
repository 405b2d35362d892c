import { createECDH, createHash } from 'node:crypto';
import type { AppConfig } from '../config/config.schema';

export interface VapidKeys {
  /** Uncompressed P-256 point, base64url: the browser's applicationServerKey. */
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * The VAPID keys Web Push is signed with: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY from configuration.
 * Outside production, when unset, a pair is derived from JWT_SECRET, so the API (which hands the public key to
 * browsers) and the workers (which sign with the private one) agree without sharing a generated file.
 * Null in production without keys: push is off there until they are configured.
 */
export function vapidKeys(
  config: Pick<AppConfig, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'JWT_SECRET' | 'NODE_ENV'>,
): VapidKeys | null {
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject: config.VAPID_SUBJECT };
  }
  if (config.NODE_ENV === 'production') return null;
  // The 32 bytes themselves are the private key (getPrivateKey() would drop a leading zero byte).
  const privateKey = createHash('sha256').update(`oddspulse-vapid:${config.JWT_SECRET}`).digest();
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(privateKey);
  return {
    publicKey: ecdh.getPublicKey('base64url'),
    privateKey: privateKey.toString('base64url'),
    subject: config.VAPID_SUBJECT,
  };
}
