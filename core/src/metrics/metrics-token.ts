import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether an `Authorization` header presents the scraper's METRICS_TOKEN as a bearer token, compared in
 * constant time. False when no token is configured: then only operations staff read the server's metrics.
 */
export function presentsMetricsToken(authorization: string | undefined, token: string | undefined): boolean {
  const presented = /^bearer (.+)$/i.exec(authorization ?? '')?.[1]?.trim();
  return Boolean(token && presented) && timingSafeEqual(digest(presented as string), digest(token as string));
}
