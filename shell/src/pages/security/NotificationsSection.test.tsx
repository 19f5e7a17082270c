import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SERVICE_WORKER_PATH } from '../../pwa/pwa';
import { fakeSecurity, renderWithApis, withMocks } from '@backlay/shared/testing';
import { NotificationsSection } from './NotificationsSection';
import { PUSH_TEXT, keyBytes } from '../../session/push-subscription';

/** A browser's Push API, as far as the section uses it. */
function fakeBrowser(options: { permission?: NotificationPermission; answer?: NotificationPermission; subscribeFails?: boolean } = {}) {
  let subscription: PushSubscription | null = null;
  const made = (key: BufferSource) =>
    ({
      endpoint: 'https://push.example.com/send/abc',
      options: { applicationServerKey: key instanceof Uint8Array ? key.buffer : key, userVisibleOnly: true },
      toJSON: () => ({ endpoint: 'https://push.example.com/send/abc', keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) } }),
      unsubscribe: jest.fn(async () => {
        subscription = null;
        return true;
      }),
    }) as unknown as PushSubscription;
  const pushManager = {
    getSubscription: jest.fn(async () => subscription),
    subscribe: jest.fn(async ({ applicationServerKey }: PushSubscriptionOptionsInit) => {
      if (options.subscribeFails) throw new DOMException('Registration failed - push service error', 'AbortError');
      subscription = made(applicationServerKey as BufferSource);
      return subscription;
    }),
  };
  const registration = { pushManager };
  let registered = false;
  const serviceWorker = {
    register: jest.fn(async () => {
      registered = true;
      return registration;
    }),
    ready: Promise.resolve(registration),
    getRegistration: jest.fn(async (): Promise<typeof registration | undefined> => (registered ? registration : undefined)),
  };
  const Notification = { permission: options.permission ?? 'default', requestPermission: jest.fn(async () => options.answer ?? 'granted') };
  Object.defineProperty(navigator, 'serviceWorker', { value: serviceWorker, configurable: true });
  Object.assign(window, { PushManager: class {}, Notification });
  return { serviceWorker, pushManager, Notification };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  Reflect.deleteProperty(window, 'PushManager');
  Reflect.deleteProperty(window, 'Notification');
});

const KEY = 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4';

function render(area: 'player' | 'admin' = 'player') {
  const security = withMocks(fakeSecurity, 'pushKey', 'pushSubscribe', 'pushUnsubscribe');
  security.pushKey.mockResolvedValue({ publicKey: KEY });
  security.pushSubscribe.mockResolvedValue({ subscriptions: 1 });
  security.pushUnsubscribe.mockResolvedValue({ subscriptions: 0 });
  renderWithApis(<NotificationsSection area={area} />, { security });
  return security;
}

describe('NotificationsSection', () => {
  it('turns notifications on: permission, the service worker, a subscription under the API key, handed to the API; then off', async () => {
    const browser = fakeBrowser();
    const security = render();
    expect(await screen.findByText('Off in this browser.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Turn on notifications' }));
    expect(await screen.findByText('On in this browser.')).toBeInTheDocument();
    expect(browser.Notification.requestPermission).toHaveBeenCalled();
    expect(browser.serviceWorker.register).toHaveBeenCalledWith(SERVICE_WORKER_PATH, { scope: '/' });
    expect(browser.pushManager.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: keyBytes(KEY) });
    expect(security.pushSubscribe).toHaveBeenCalledWith({ endpoint: 'https://push.example.com/send/abc', keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) } });
    await userEvent.click(screen.getByRole('button', { name: 'Turn off notifications' }));
    expect(await screen.findByText('Off in this browser.')).toBeInTheDocument();
    expect(security.pushUnsubscribe).toHaveBeenCalledWith('https://push.example.com/send/abc');
  });

  it('says why when the user refuses permission, and stays off', async () => {
    fakeBrowser({ answer: 'denied' });
    const security = render('admin');
    expect(screen.getByText(/asks for a deposit or a withdrawal/)).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on notifications' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PUSH_TEXT.blocked);
    expect(security.pushSubscribe).not.toHaveBeenCalled();
  });

  it('a push service out of reach', async () => {
    fakeBrowser({ subscribeFails: true });
    const security = render();
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on notifications' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PUSH_TEXT.unreachable);
    await waitFor(() => expect(screen.getByText('Off in this browser.')).toBeInTheDocument());
    expect(security.pushSubscribe).not.toHaveBeenCalled();
  });

  it('a browser without the Push API is told so, with no button', () => {
    render();
    expect(screen.getByText(PUSH_TEXT.unsupported)).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('keyBytes', () => {
  it('decodes base64url without padding', () => {
    expect([...keyBytes('AQID_-8')]).toEqual([1, 2, 3, 255, 239]);
    expect(keyBytes(KEY)).toHaveLength(65);
  });
});
