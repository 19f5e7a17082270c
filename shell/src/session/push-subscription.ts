import type { Apis } from '@backlay/shared';
import { t } from '../i18n/pages';
import { SERVICE_WORKER_PATH } from '../pwa/pwa';

type SecurityApi = Pick<Apis['security'], 'pushKey' | 'pushSubscribe' | 'pushUnsubscribe'>;

/** Whether this browser can show the product's notifications, and whether the user blocked them. */
export type PushSupport = 'supported' | 'unsupported' | 'blocked';

/** Why turning notifications on did not work, in words for the user. */
export class PushRefused extends Error {}

/** The words of each refusal, in the page's language when read. */
export const PUSH_TEXT = {
  get unsupported() {
    return t('push.unsupported');
  },
  get blocked() {
    return t('push.blocked');
  },
  get unreachable() {
    return t('push.unreachable');
  },
};

export function pushSupport(): PushSupport {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || typeof window.PushManager === 'undefined' || typeof window.Notification === 'undefined') {
    return 'unsupported';
  }
  return window.Notification.permission === 'denied' ? 'blocked' : 'supported';
}

/** This browser's push subscription for the product, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() === 'unsupported') return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return registration === undefined ? null : registration.pushManager.getSubscription();
}

/** base64url → bytes (the VAPID key as the Push API takes it). */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const own = subscription.options.applicationServerKey;
  if (own === null) return false;
  const bytes = new Uint8Array(own);
  return bytes.length === key.length && bytes.every((b, i) => b === key[i]);
}

/**
 * Turn the product's notifications on in this browser: ask the user's permission, register the
 * service worker, subscribe with the API's VAPID key (a subscription under an older key is
 * replaced) and hand the subscription to the API. Throws PushRefused with the words to show.
 */
export async function turnOn(api: SecurityApi): Promise<void> {
  const support = pushSupport();
  if (support !== 'supported') throw new PushRefused(PUSH_TEXT[support]);
  if ((await window.Notification.requestPermission()) !== 'granted') throw new PushRefused(PUSH_TEXT.blocked);
  await navigator.serviceWorker.register(SERVICE_WORKER_PATH, { scope: '/' });
  const registration = await navigator.serviceWorker.ready;
  const key = keyBytes((await api.pushKey()).publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription !== null && !sameKey(subscription, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  try {
    subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  } catch {
    throw new PushRefused(PUSH_TEXT.unreachable);
  }
  const json = subscription.toJSON();
  await api.pushSubscribe({ endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } });
}

/** Turn them off in this browser: the API forgets it, and the browser drops the subscription. */
export async function turnOff(api: SecurityApi): Promise<void> {
  const subscription = await currentSubscription();
  if (subscription === null) return;
  await api.pushUnsubscribe(subscription.endpoint);
  await subscription.unsubscribe();
}
