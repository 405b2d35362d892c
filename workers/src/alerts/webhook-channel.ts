import type { LookupFunction } from 'node:net';
import { Webhook } from 'standardwebhooks';
import type { AlertSummary } from '@oddspulse/shared';
import { postPinned } from './pinned-post';

/** What a receiver gets: Discord reads `content`, Slack reads `text`; the rest is for scripts. */
export interface WebhookBody {
  content: string;
  text: string;
  alert: {
    ruleId: string;
    deliveryId: number;
    kind: AlertSummary['kind'];
    opportunityId: string;
    sport: string;
    game: string;
    url: string;
    /** The book's own link to the bet (steam, price targets). */
    link?: string;
  };
}

export function webhookBody(summary: AlertSummary, ruleId: string, deliveryId: number, origin: string): WebhookBody {
  const url = `${origin}${summary.path}`;
  // Discord refuses `content` over 2000 characters.
  const text = `${summary.text}\n${url}`.slice(0, 1900);
  return {
    content: text,
    text,
    alert: {
      ruleId,
      deliveryId,
      kind: summary.kind,
      opportunityId: summary.opportunityId,
      sport: summary.sport,
      game: summary.game,
      url,
      ...(summary.link ? { link: summary.link } : {}),
    },
  };
}

/** The message id of a delivery: the same on every attempt, so a receiver drops a repeat by it. */
export function webhookId(deliveryId: number): string {
  return `alert_${deliveryId}`;
}

/**
 * Standard Webhooks headers (standardwebhooks.com): `webhook-signature` holds one `v1,` signature of
 * `id.timestamp.body` per secret, the current secret first and, for a day after a rotation, the replaced one, so a
 * receiver holding either verifies. The timestamp is the attempt's: verifiers refuse one older than five minutes,
 * which makes a captured delivery useless for a replay.
 */
export function signatureHeaders(
  id: string,
  at: Date,
  body: string,
  secrets: readonly string[],
): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(id, at, body)).join(' '),
  };
}

/** Posts the signed body; resolves with the HTTP status, rejects on a network error, a refused address or the time-out. */
export function postWebhook(
  url: string,
  body: WebhookBody,
  secrets: readonly string[],
  timeoutMs: number,
  lookup: LookupFunction,
): Promise<number> {
  const raw = JSON.stringify(body);
  return postPinned({
    url,
    headers: {
      'Content-Type': 'application/json',
      'User-Agent': 'OddsPulse-Alerts/1',
      ...signatureHeaders(webhookId(body.alert.deliveryId), new Date(), raw, secrets),
    },
    body: raw,
    timeoutMs,
    lookup,
  });
}
