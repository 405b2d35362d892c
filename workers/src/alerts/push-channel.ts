import { generateRequestDetails } from 'web-push';
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

/**
 * Sends one push: web-push encrypts the payload to the subscription's keys (aes128gcm) and signs the VAPID
 * authorization; the request itself goes out with fetch (time-out, no redirects). `gone` when the push service
 * says the subscription no longer exists.
 */
export async function sendPush(subscription: PushSubscriptionRow, payload: PushPayload, vapid: VapidKeys, timeoutMs: number): Promise<PushOutcome> {
  const request = generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      TTL: 600,
      contentEncoding: 'aes128gcm',
    },
  );
  let status: number;
  try {
    const res = await fetch(request.endpoint, {
      method: 'POST',
      headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)])),
      body: request.body ? new Uint8Array(request.body) : null,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.arrayBuffer();
    status = res.status;
  } catch (error) {
    return { error: `Push service unreachable: ${(error as Error).message}` };
  }
  if (status === 404 || status === 410) return 'gone';
  return status >= 200 && status < 300 ? 'sent' : { error: `Push service answered HTTP ${status}` };
}
