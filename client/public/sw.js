/*
 * OddsPulse service worker. Keeps the app shell (the page and its built assets) so the app opens when
 * the network is briefly gone. It never caches /api or /socket.io: odds, plans and accounts always come
 * from the server. Pages are network-first (a deploy is picked up at once); hashed assets cache-first.
 * The queue console and the metrics are the server's own pages, not the app: never cached, never answered with it.
 */
const CACHE = 'oddspulse-shell-v1';

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.add('/')).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/socket.io')) return;
  if (url.pathname.startsWith('/ops/queues') || url.pathname === '/metrics') return;

  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone();
            caches.open(CACHE).then((cache) => cache.put('/', copy));
          }
          return response;
        })
        .catch(() => caches.match('/').then((cached) => cached || Response.error())),
    );
    return;
  }

  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      caches.match(request).then(
        (cached) =>
          cached ||
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              caches.open(CACHE).then((cache) => cache.put(request, copy));
            }
            return response;
          }),
      ),
    );
  }
});

/*
 * Alerts (issue 21 part 2): a Web Push from the workers shows a notification even with every tab closed; a click
 * focuses an open OddsPulse tab on the opportunity, or opens one. Only same-origin paths are opened.
 */
self.addEventListener('push', (event) => {
  let alert;
  try {
    alert = event.data ? event.data.json() : {};
  } catch {
    alert = { title: 'OddsPulse alert', body: event.data ? event.data.text() : '' };
  }
  const path = typeof alert.url === 'string' && alert.url.startsWith('/') && !alert.url.startsWith('//') ? alert.url : '/alerts';
  event.waitUntil(
    self.registration.showNotification(alert.title || 'OddsPulse alert', {
      body: alert.body || '',
      tag: alert.tag,
      icon: '/favicon.svg',
      data: { url: path },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || '/alerts', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) return open.navigate(target).then((client) => (client || open).focus());
      return self.clients.openWindow(target);
    }),
  );
});
