import type { LookupFunction } from 'node:net';
import { generateRequestDetails } from 'web-push';
import type { AlertSummary } from '@oddspulse/shared';
import type { PushSubscriptionRow, VapidKeys } from '@oddspulse/core';
import { postPinned } from './pinned-post';

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
 * authorization; the request itself goes out pinned to an allowed address (time-out, no redirects). `gone` when the
 * push service says the subscription no longer exists.
 */
export async function sendPush(
  subscription: PushSubscriptionRow,
  payload: PushPayload,
  vapid: VapidKeys,
  timeoutMs: number,
  lookup: LookupFunction,
): Promise<PushOutcome> {
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
    status = await postPinned({
      url: request.endpoint,
      headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)])),
      body: request.body ? new Uint8Array(request.body) : new Uint8Array(),
      timeoutMs,
      lookup,
    });
  } catch (error) {
    return { error: `Push service unreachable: ${(error as Error).message}` };
  }
  if (status === 404 || status === 410) return 'gone';
  return status >= 200 && status < 300 ? 'sent' : { error: `Push service answered HTTP ${status}` };
}
