import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetSiteForTests } from '../site/site';
import { INSTALL_DISMISSED_KEY, InstallApp } from './InstallApp';
import { SERVICE_WORKER_PATH, SITE_LOOK_KEY, installOffer, resetInstallOfferForTests, startPwa } from './pwa';

/** The browser's install offer, answered `outcome`. */
function offer(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: jest.fn(async () => undefined),
    userChoice: Promise.resolve({ outcome }),
  });
  act(() => void window.dispatchEvent(event));
  return event;
}

let started = false;
beforeAll(() => {
  // Once: the listeners live as long as the page.
  startPwa();
  started = true;
});
beforeEach(() => {
  localStorage.clear();
  resetInstallOfferForTests();
});

describe('InstallApp', () => {
  it('shows nothing until the browser offers to install the product', () => {
    expect(started).toBe(true);
    render(<InstallApp />);
    expect(screen.queryByRole('button', { name: 'Install app' })).not.toBeInTheDocument();
    const event = offer();
    // The browser's own offer (its mini-bar) is held back: ours is the button.
    expect(event.defaultPrevented).toBe(true);
    expect(screen.getByRole('button', { name: 'Install app' })).toBeVisible();
  });

  it("opens the browser's install dialog; the offer is spent, so the button goes", async () => {
    render(<InstallApp />);
    const event = offer('accepted');
    await userEvent.click(screen.getByRole('button', { name: 'Install app' }));
    expect(event.prompt).toHaveBeenCalledTimes(1);
    expect(installOffer()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Install app' })).not.toBeInTheDocument();
  });

  it('goes once installed from the browser\'s own menu', () => {
    render(<InstallApp />);
    offer();
    act(() => void window.dispatchEvent(new Event('appinstalled')));
    expect(screen.queryByRole('button', { name: 'Install app' })).not.toBeInTheDocument();
  });

  it('its × hides it, and it stays hidden in this browser', async () => {
    const first = render(<InstallApp />);
    offer();
    await userEvent.click(screen.getByRole('button', { name: 'Hide the install offer' }));
    expect(screen.queryByRole('button', { name: 'Install app' })).not.toBeInTheDocument();
    expect(localStorage.getItem(INSTALL_DISMISSED_KEY)).toBe('1');
    first.unmount();
    render(<InstallApp />);
    offer();
    expect(installOffer()).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Install app' })).not.toBeInTheDocument();
  });
});

describe('startPwa', () => {
  it("keeps the site's name and colours for the offline page, never more of it", () => {
    act(() =>
      resetSiteForTests({
        status: 'ready',
        site: {
          id: 's2', name: 'Sixer Exchange', logo: null, languages: ['en'], defaultLanguage: 'en', maintenance: false, maintenanceMessage: '',
          support: { email: 'help@sixer.example', phone: '+91 1' },
          theme: { primary: '#123456', accent: '#abcdef', header: '#111111', headerText: '#ffffff' },
        },
      }),
    );
    expect(JSON.parse(localStorage.getItem(SITE_LOOK_KEY) ?? 'null')).toEqual({
      name: 'Sixer Exchange',
      theme: { primary: '#123456', accent: '#abcdef', header: '#111111', headerText: '#ffffff' },
    });
  });

  it('registers the one service worker, for the whole site, once the page has loaded', () => {
    const register = jest.fn(async () => ({}));
    const listeners = new Map<string, () => void>();
    const win = {
      addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
      navigator: { serviceWorker: { register } },
      document: { readyState: 'loading' },
    } as unknown as Window;
    startPwa(win);
    expect(register).not.toHaveBeenCalled();
    listeners.get('load')?.();
    expect(register).toHaveBeenCalledWith(SERVICE_WORKER_PATH, { scope: '/' });
    expect(SERVICE_WORKER_PATH).toBe('/sw.js');
  });
});
