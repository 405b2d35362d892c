import { createHmac } from 'node:crypto';
import type { LookupFunction } from 'node:net';
import type { AlertSummary } from '@oddspulse/shared';
import { postPinned } from './pinned-post';

/** The header carrying `sha256=<hex HMAC-SHA256 of the raw body>` under the user's alert secret. */
export const SIGNATURE_HEADER = 'X-OddsPulse-Signature';

/** What a receiver gets: Discord reads `content`, Slack reads `text`; the rest is for scripts. */
export interface WebhookBody {
  content: string;
  text: string;
  alert: { ruleId: string; deliveryId: number; kind: AlertSummary['kind']; opportunityId: string; sport: string; game: string; url: string };
}

export function webhookBody(summary: AlertSummary, ruleId: string, deliveryId: number, origin: string): WebhookBody {
  const url = `${origin}${summary.path}`;
  // Discord refuses `content` over 2000 characters.
  const text = `${summary.text}\n${url}`.slice(0, 1900);
  return {
    content: text,
    text,
    alert: { ruleId, deliveryId, kind: summary.kind, opportunityId: summary.opportunityId, sport: summary.sport, game: summary.game, url },
  };
}

export function signBody(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** Posts the signed body; resolves with the HTTP status, rejects on a network error, a refused address or the time-out. */
export function postWebhook(url: string, body: WebhookBody, secret: string, timeoutMs: number, lookup: LookupFunction): Promise<number> {
  const raw = JSON.stringify(body);
  return postPinned({
    url,
    headers: { 'Content-Type': 'application/json', 'User-Agent': 'OddsPulse-Alerts/1', [SIGNATURE_HEADER]: signBody(raw, secret) },
    body: raw,
    timeoutMs,
    lookup,
  });
}
