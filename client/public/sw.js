/*
 * OddsPulse service worker (spec 000 §2). Keeps the app shell (the page and the built assets it
 * loads) so the installed app starts with no network. Pages are network-first (a deploy is picked up at
 * once); hashed assets cache-first. The reads the first screens need (boards, sports, the user's plan, preferences and
 * profile, the site settings, scores) are network-first too and kept only as the last answer, answered when the
 * network is gone and announced to the page so it can say how old they are. Nothing else under /api, and never the
 * socket, is touched. The queue console and the metrics are the server's own pages: never cached, never answered with
 * the app. Signing out asks this worker to drop the kept reads.
 */
const SHELL = 'oddspulse-shell-v2';
// v3: reads kept under v2 were keyed with `require=paid`, which no lookup now carries (dataKey)
const DATA = 'oddspulse-data-v3';
const OFFLINE_READS = ['/api/boards', '/api/sports', '/api/me', '/api/preferences', '/api/profile', '/api/site', '/api/scores'];
/** The header a kept read is answered with: when it was received from the server (ISO 8601). */
const SAVED_AT = 'x-oddspulse-saved-at';

/**
 * Only the page is kept on install (a first visit downloads nothing it does not show). Its scripts and
 * styles, and a screen's chunks, are kept as the page loads them under this worker (cache-first below): the first
 * visit loaded them before this worker ran, and they start the app offline from the next load on.
 */
async function precacheShell() {
  const cache = await caches.open(SHELL);
  await cache.add('/');
}

self.addEventListener('install', (event) => {
  event.waitUntil(precacheShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== SHELL && key !== DATA).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'clear-data') event.waitUntil(caches.delete(DATA));
});

/**
 * A kept read's key: its URL without the cache-busting `_t` that builds of the client before the answers carried ETags
 * added, nor `require=paid`, which only asks the server to refuse a lapsed plan rather than meter it: the boards a
 * direct visit sent ahead with it answer the screen's own request for them when the network is gone.
 */
function dataKey(url) {
  const key = new URL(url);
  key.searchParams.delete('_t');
  key.searchParams.delete('require');
  return key.toString();
}

async function tellPages(message) {
  for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage(message);
}

/** Network first; the last good answer (stamped with when it arrived) only when the network cannot be reached. */
async function offlineRead(request) {
  try {
    const response = await fetch(request);
    if (response.ok) {
      const headers = new Headers(response.headers);
      headers.set(SAVED_AT, new Date().toISOString());
      const copy = new Response(await response.clone().arrayBuffer(), { status: response.status, statusText: response.statusText, headers });
      const cache = await caches.open(DATA);
      await cache.put(dataKey(request.url), copy);
      await tellPages({ type: 'online-data' });
    }
    return response;
  } catch (error) {
    // When the read failed, not when the page hears of it: under load the message can arrive after the connection
    // came back, and the page must not show the banner again for a failure from before.
    const failedAt = Date.now();
    const cached = await caches.open(DATA).then((cache) => cache.match(dataKey(request.url)));
    if (!cached) throw error;
    await tellPages({ type: 'offline-data', savedAt: cached.headers.get(SAVED_AT), failedAt });
    return cached;
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (OFFLINE_READS.includes(url.pathname)) {
    event.respondWith(offlineRead(request));
    return;
  }
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/socket.io')) return;
  if (url.pathname.startsWith('/ops/queues') || url.pathname === '/metrics') return;

  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone();
            caches.open(SHELL).then((cache) => cache.put('/', copy));
          }
          return response;
        })
        .catch(() => caches.match('/').then((cached) => cached || Response.error())),
    );
    return;
  }

  if (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/icons/')) {
    event.respondWith(
      caches.match(request).then(
        (cached) =>
          cached ||
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              caches.open(SHELL).then((cache) => cache.put(request, copy));
            }
            return response;
          }),
      ),
    );
  }
});

/*
 * Alerts: a Web Push from the workers shows a notification even with every tab closed; a click
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
      // only a tab this worker controls can be navigated (navigate() rejects for another): that one, else a new tab
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) return open.navigate(target).then((client) => (client || open).focus(), () => self.clients.openWindow(target));
      return self.clients.openWindow(target);
    }),
  );
});
