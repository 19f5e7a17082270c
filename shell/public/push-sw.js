/*
 * Backlay's push service worker (issue 34, ADR 0071), served as /push-sw.js (scope: the site).
 * It only shows notifications: a push message is JSON {title, body, url, tag} (shared's
 * contracts/push.ts PushMessage); a click focuses a tab of the product at that path, or opens one.
 * It caches nothing and never touches a request.
 */
'use strict';

/** The message of a push event, or null when it is not one of ours. */
function messageOf(event) {
  try {
    const message = event.data ? event.data.json() : null;
    if (!message || typeof message.title !== 'string' || typeof message.body !== 'string') return null;
    const url = typeof message.url === 'string' && message.url.startsWith('/') && !message.url.startsWith('//') ? message.url : '/';
    return { title: message.title, body: message.body, url, tag: typeof message.tag === 'string' ? message.tag : undefined };
  } catch {
    return null;
  }
}

self.addEventListener('push', (event) => {
  const message = messageOf(event);
  if (message === null) return;
  event.waitUntil(self.registration.showNotification(message.title, { body: message.body, tag: message.tag, data: { url: message.url } }));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = (event.notification.data && event.notification.data.url) || '/';
  const target = new URL(path, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((tabs) => {
      const open = tabs.find((tab) => new URL(tab.url).origin === self.location.origin);
      if (open) return open.navigate(target).then((tab) => (tab || open).focus());
      return self.clients.openWindow(target);
    }),
  );
});

// A new version takes over at once (it holds no state).
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
