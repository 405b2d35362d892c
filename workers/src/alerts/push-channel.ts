import { sendNotification, WebPushError } from 'web-push';
import type { AlertSummary } from '@oddspulse/shared';
import type { PushSubscriptionRow, VapidKeys } from '@oddspulse/core';

/** What the service worker shows: a title, a body, and the path it opens on click. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

export function pushPayload(summary: AlertSummary): PushPayload {
  return { title: summary.title, body: summary.text, url: summary.path, tag: `alert-${summary.opportunityId}` };
}

export type PushOutcome = 'sent' | 'gone' | { error: string };

/** Sends one encrypted, VAPID-signed push; `gone` when the push service says the subscription no longer exists. */
export async function sendPush(subscription: PushSubscriptionRow, payload: PushPayload, vapid: VapidKeys, timeoutMs: number): Promise<PushOutcome> {
  try {
    await sendNotification({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, JSON.stringify(payload), {
      vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      TTL: 600,
      timeout: timeoutMs,
    });
    return 'sent';
  } catch (error) {
    if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) return 'gone';
    const status = error instanceof WebPushError ? `push service answered ${error.statusCode}` : (error as Error).message;
    return { error: status };
  }
}
