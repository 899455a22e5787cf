/*
 * StackLab's service worker (decision 035). It keeps the app openable offline: the built files are
 * kept as they are first fetched (their names change with their content), and the last answer of
 * every page and API read is kept, so that offline the app opens on what was last loaded (the
 * day's stack as last seen). Online, everything comes from the network first. It also shows
 * reminder notifications and opens the app when one is clicked.
 */
const SHELL_CACHE = 'stacklab-shell-v1';
const DATA_CACHE = 'stacklab-data-v1';
// Pages are not fetched ahead: a page fetched at install could be a signed-out one.
const SHELL = ['/manifest.webmanifest', '/favicon.svg', '/icons/icon-192.png'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(SHELL))
      .catch(() => {})
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== SHELL_CACHE && name !== DATA_CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // Signing out forgets every kept answer: they were that user's.
  if ((request.method === 'POST' && url.pathname === '/api/logout') || (request.method === 'DELETE' && url.pathname === '/api/account')) {
    event.waitUntil(caches.delete(DATA_CACHE));
    return;
  }
  if (request.method !== 'GET') return;
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
    return;
  }
  if (request.mode === 'navigate' || url.pathname.startsWith('/api/')) {
    event.respondWith(networkFirst(request, request.mode === 'navigate'));
  }
});

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(SHELL_CACHE);
    await cache.put(request, response.clone());
  }
  return response;
}

async function networkFirst(request, isPage) {
  try {
    const response = await fetch(request);
    // Only pages and JSON answers are kept: downloads (lab files, exports) stay off the device.
    const type = response.headers.get('content-type') ?? '';
    if (response.ok && (type.startsWith('text/html') || type.startsWith('application/json'))) {
      const cache = await caches.open(DATA_CACHE);
      await cache.put(request, response.clone());
      // The last page loaded also stands in for any page not kept yet.
      if (isPage) await cache.put('/__last-page', response.clone());
    }
    return response;
  } catch (error) {
    const cache = await caches.open(DATA_CACHE);
    const cached = (await cache.match(request, { ignoreVary: true })) ?? (isPage ? await cache.match('/__last-page') : undefined);
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener('push', (event) => {
  let message = { title: 'StackLab', body: 'A supplement is due.', url: '/dashboard', tag: 'stacklab-reminder' };
  try {
    message = { ...message, ...event.data.json() };
  } catch {
    // A push without a readable body still shows the plain reminder.
  }
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: message.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? '/dashboard', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url.startsWith(self.location.origin));
      if (open) return open.navigate(target).then((client) => (client ?? open).focus());
      return self.clients.openWindow(target);
    }),
  );
});
