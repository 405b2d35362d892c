import { createHash, createHmac, createSecretKey, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';

/** A random token with 256 bits of entropy, URL-safe. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** SHA-256 hex: enough for high-entropy tokens (refresh, reset, API keys), which are never guessable. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const signingKeys = new Map<string, KeyObject>();

/**
 * The access tokens' HS256 key as a KeyObject, made once. Given the secret as a string, jsonwebtoken first tries
 * to parse it as a PEM public key on every sign and verify, and that failure costs about half a millisecond per
 * token: on every authenticated request and every socket handshake.
 */
export function jwtSigningKey(secret: string): KeyObject {
  let key = signingKeys.get(secret);
  if (!key) signingKeys.set(secret, (key = createSecretKey(Buffer.from(secret, 'utf8'))));
  return key;
}

/**
 * The refresh token that succeeds `token` when it is rotated: an HMAC of it under a key derived from the
 * server secret. Derived rather than random so that a second presentation of `token` within the grace window
 * (a retried request, a second tab) gets the same successor without the server storing any token in clear.
 */
export function refreshSuccessor(secret: string, token: string): string {
  const key = createHmac('sha256', secret).update('oddspulse refresh-token successor').digest();
  return createHmac('sha256', key).update(token).digest('base64url');
}
