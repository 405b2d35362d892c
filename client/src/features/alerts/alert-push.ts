import { fetchVapidKey, registerPushSubscription } from './alerts-api';

/** Whether this browser can receive Web Push at all (a service worker and the Push API). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const padded = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/**
 * Asks for notification permission, subscribes this browser with the server's VAPID key through the service
 * worker, and registers the subscription for the signed-in user (alerts with the tab closed).
 */
export async function enablePush(): Promise<void> {
  if (!pushSupported()) throw new Error('This browser cannot receive push notifications.');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted')
    throw new Error('Notifications are blocked for this site; allow them in the browser’s site settings.');
  const { publicKey } = await fetchVapidKey();
  const registration =
    (await navigator.serviceWorker.getRegistration()) ?? (await navigator.serviceWorker.register('/sw.js'));
  await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  // the Push API gives every subscription its endpoint and keys; its JSON type only leaves them optional
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth)
    throw new Error('This browser gave a push subscription without its keys: notifications cannot reach it.');
  await registerPushSubscription({ endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } });
}
