// The offline shell: the app's own files are kept so that the portal opens without a network;
// API answers are never cached here (the offline store keeps the few the shell needs).
const CACHE = 'lea-shell-v1';

self.addEventListener('install', (event) => {
  // Every built file is kept at once: a lazy page opened for the first time offline must still load.
  event.waitUntil(
    fetch('/offline-shell.json')
      .then((response) => response.json())
      .then((files) => caches.open(CACHE).then((cache) => cache.addAll(['/index.html', ...files])))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

const isAppFile = (url) => url.pathname.startsWith('/assets/') || /\.(svg|js|css|woff2?)$/.test(url.pathname);
const isServerCall = (url) => /^\/(api|download-file|inline-file|health)(\/|$)/.test(url.pathname);

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || isServerCall(url)) return;

  if (request.mode === 'navigate') {
    // Network first, so that a new version is served as soon as it is deployed.
    event.respondWith(
      fetch(request)
        .then((response) => {
          const copy = response.clone();
          if (response.ok) caches.open(CACHE).then((cache) => cache.put('/index.html', copy));
          return response;
        })
        .catch(() => caches.match('/index.html')),
    );
    return;
  }
  if (isAppFile(url)) {
    // Hashed file names never change content: cache first.
    event.respondWith(
      caches.match(request).then(
        (hit) =>
          hit ||
          fetch(request).then((response) => {
            const copy = response.clone();
            if (response.ok) caches.open(CACHE).then((cache) => cache.put(request, copy));
            return response;
          }),
      ),
    );
  }
});
