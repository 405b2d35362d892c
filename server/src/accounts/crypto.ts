import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

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
