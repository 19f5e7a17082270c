/**
 * @jest-environment node
 *
 * The push service worker (public/push-sw.js) run in a sandbox with a fake `self`: it shows our
 * messages and nothing else, keeps a click inside the product, and caches nothing.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';

type Listener = (event: Record<string, unknown>) => void;

function worker(tabs: Array<{ url: string; navigate: jest.Mock; focus: jest.Mock }> = []) {
  const listeners = new Map<string, Listener>();
  const self = {
    location: { origin: 'https://play.backlay.example' },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    registration: { showNotification: jest.fn(async () => undefined) },
    clients: { matchAll: jest.fn(async () => tabs), openWindow: jest.fn(async () => null), claim: jest.fn() },
    skipWaiting: jest.fn(),
  };
  runInNewContext(readFileSync(path.join(__dirname, '..', 'public', 'push-sw.js'), 'utf8'), { self, URL });
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    const waits: Promise<unknown>[] = [];
    listeners.get(type)?.({ ...event, waitUntil: (p: Promise<unknown>) => waits.push(p) });
    await Promise.all(waits);
  };
  return { self, listeners, dispatch };
}

const push = (data: unknown) => ({ data: { json: () => (typeof data === 'string' ? JSON.parse(data) : data) } });

describe('push-sw.js', () => {
  it('shows a message as a notification, its tag and path kept for the click', async () => {
    const { self, dispatch } = worker();
    await dispatch('push', push({ title: 'New deposit request', body: 'p1 asks for ₹750.00', url: '/admin/depositstatement', tag: 'payment-1' }));
    expect(self.registration.showNotification).toHaveBeenCalledWith('New deposit request', { body: 'p1 asks for ₹750.00', tag: 'payment-1', data: { url: '/admin/depositstatement' } });
  });

  it('shows nothing for what is not our message, and never a path off the site', async () => {
    const { self, dispatch } = worker();
    await dispatch('push', push('not json{'));
    await dispatch('push', push({ title: 1, body: 'x' }));
    await dispatch('push', { data: null });
    expect(self.registration.showNotification).not.toHaveBeenCalled();
    await dispatch('push', push({ title: 't', body: 'b', url: '//evil.example/x' }));
    await dispatch('push', push({ title: 't', body: 'b', url: 'https://evil.example/x' }));
    expect(self.registration.showNotification.mock.calls.map((c) => (c as unknown as [string, { data: { url: string } }])[1].data.url)).toEqual(['/', '/']);
  });

  it('a click takes an open tab of the product to the path, or opens one', async () => {
    const tab = { url: 'https://play.backlay.example/', navigate: jest.fn(async () => null), focus: jest.fn(async () => undefined) };
    const open = worker([tab]);
    const notification = { close: jest.fn(), data: { url: '/bethistory' } };
    await open.dispatch('notificationclick', { notification });
    expect(notification.close).toHaveBeenCalled();
    expect(tab.navigate).toHaveBeenCalledWith('https://play.backlay.example/bethistory');
    expect(tab.focus).toHaveBeenCalled();
    const none = worker([]);
    await none.dispatch('notificationclick', { notification });
    expect(none.self.clients.openWindow).toHaveBeenCalledWith('https://play.backlay.example/bethistory');
  });

  it('handles no fetch: it caches nothing', () => {
    expect([...worker().listeners.keys()].sort()).toEqual(['activate', 'install', 'notificationclick', 'push']);
  });
});
