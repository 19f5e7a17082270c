import { StrictMode } from 'react';
import { render } from '@testing-library/react';
import { on, writeCredentials } from '@backlay/shared';
import { busyUntilInitialised, useAnnounceAppInitialised } from './app-initialised';

function Shell() {
  useAnnounceAppInitialised();
  return <p>ready</p>;
}

describe('app-initialised (SPEC §3)', () => {
  it('the shell announces it once on the bus, under StrictMode too, with the area and session of the page; the root stops being busy', () => {
    window.history.replaceState(null, '', '/admin/list-clients');
    writeCredentials('admin', { token: 'admin-token', refreshToken: 'r', userType: 'admin' });
    const root = document.createElement('div');
    const busy = busyUntilInitialised(root);
    expect(root.getAttribute('aria-busy')).toBe('true');
    const seen: unknown[] = [];
    const sub = on('app.initialised').subscribe((p) => seen.push(p));

    const first = render(
      <StrictMode>
        <Shell />
      </StrictMode>,
    );
    first.unmount();
    // The route tree mounted again (a sign-in that loads the app): still one start per page.
    render(<Shell />);

    sub.unsubscribe();
    busy.unsubscribe();
    expect(seen).toEqual([{ area: 'admin', signedIn: true }]);
    expect(root.hasAttribute('aria-busy')).toBe(false);
  });
});
