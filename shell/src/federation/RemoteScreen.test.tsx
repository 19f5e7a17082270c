import { lazy, type ReactElement } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { realApis } from '@backlay/shared';
import { RemoteScreen, autoRetryDelayMs, prefetchScreen } from './RemoteScreen';
import { isLoadError } from './remotes';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

const load = loadRemote as jest.MockedFunction<typeof loadRemote>;

describe('RemoteScreen', () => {
  beforeEach(() => {
    load.mockReset();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('renders the screen the remote exposes', async () => {
    load.mockResolvedValue({ screens: { home: () => <p>sports home</p> }, buildLabel: 'x' });
    render(<RemoteScreen remote="sports" screen="home" />);
    expect(await screen.findByText('sports home')).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('sports/routes');
  });

  it('renders a screen that the remote made lazy itself', async () => {
    const LazyHome = lazy(async () => ({ default: () => <p>lazy home</p> }));
    load.mockResolvedValue({ screens: { odds: LazyHome }, buildLabel: 'x' });
    render(<RemoteScreen remote="sports" screen="odds" />);
    expect(await screen.findByText('lazy home')).toBeInTheDocument();
  });

  it('shows a fallback when the remote is down and recovers on retry', async () => {
    load.mockRejectedValue(new Error('[ Federation Runtime ]: RUNTIME-003 Failed to get manifest'));
    render(<RemoteScreen remote="admin" screen="adminHome" />);
    expect(await screen.findByRole('heading', { name: 'This section is unavailable' })).toBeInTheDocument();
    load.mockReset();
    load.mockResolvedValue({ screens: { adminHome: () => <p>clients</p> }, buildLabel: 'x' });
    await userEvent.click(screen.getByRole('button', { name: 'Retry now' }));
    expect(await screen.findByText('clients')).toBeInTheDocument();
  });

  it('a screen mounted again after it failed, and its Retry now, load the remote again (no replayed rejection)', async () => {
    // The remote is down: the screen fails, is retried once (attempt 1 fails too), then the user
    // goes elsewhere (unmount) and comes back (attempts start at 0 again).
    load.mockRejectedValue(new Error('[ Federation Runtime ]: RUNTIME-003 Failed to get manifest'));
    const first = render(<RemoteScreen remote="sports" screen="rules" />);
    await screen.findByRole('heading', { name: 'This section is unavailable' });
    await userEvent.click(screen.getByRole('button', { name: 'Retry now' }));
    await screen.findByRole('heading', { name: 'This section is unavailable' });
    expect(load).toHaveBeenCalledTimes(4); // two attempts, each with one quick retry inside
    first.unmount();
    load.mockClear();
    render(<RemoteScreen remote="sports" screen="rules" />);
    await screen.findByRole('heading', { name: 'This section is unavailable' });
    expect(load).toHaveBeenCalledTimes(2); // attempt 0 asked the remote again
    // The remote is back: Retry now (attempt 1, which failed during the first visit) loads it.
    load.mockReset();
    load.mockResolvedValue({ screens: { rules: () => <p>the rules</p> }, buildLabel: 'x' });
    await userEvent.click(screen.getByRole('button', { name: 'Retry now' }));
    expect(await screen.findByText('the rules')).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('sports/routes');
  });

  it('offers a reload after repeated failures', async () => {
    load.mockRejectedValue(new Error('ChunkLoadError: Loading chunk 12 failed'));
    render(<RemoteScreen remote="sports" screen="matchList" />);
    await screen.findByRole('heading', { name: 'This section is unavailable' });
    expect(screen.queryByRole('button', { name: 'Reload page' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry now' }));
    await screen.findByRole('heading', { name: 'This section is unavailable' });
    await userEvent.click(screen.getByRole('button', { name: 'Retry now' }));
    expect(await screen.findByRole('button', { name: 'Reload page' })).toBeInTheDocument();
  });

  it('retries a load error automatically with back-off', async () => {
    jest.useFakeTimers();
    try {
      load.mockRejectedValue(new Error('ScriptNetworkError: remoteEntry.js'));
      render(<RemoteScreen remote="sports" screen="dashbaord" />);
      await act(async () => { await jest.advanceTimersByTimeAsync(1_500); });
      expect(screen.getByRole('heading', { name: 'This section is unavailable' })).toBeInTheDocument();
      load.mockReset();
      load.mockResolvedValue({ screens: { dashbaord: () => <p>back</p> }, buildLabel: 'x' });
      await act(async () => { await jest.advanceTimersByTimeAsync(autoRetryDelayMs(0) + 100); });
      expect(screen.getByText('back')).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('isLoadError', () => {
  it.each([
    ['ChunkLoadError: Loading chunk 3 failed', true],
    ['[ Federation Runtime ]: RUNTIME-008 remoteEntry failed', true],
    ['TimeoutError: signal timed out', true],
    ["TypeError: Cannot read properties of undefined (reading 'x')", false],
  ])('%s → %s', (message, expected) => {
    expect(isLoadError(new Error(message))).toBe(expected);
  });

  it('the automatic back-off doubles from 2 s and stops at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5].map(autoRetryDelayMs)).toEqual([2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
  });
});

describe('prefetchScreen (ADR 0082, 0085)', () => {
  beforeEach(() => {
    load.mockReset();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it("asks the screen's first calls with the page's parameters once the route module is here, before the screen's chunk", async () => {
    // A screen no other test loaded: loads are kept per screen for the page's life.
    let chunkLoaded: (component: () => ReactElement) => void = () => undefined;
    const Screen = Object.assign(() => <p>racing</p>, {
      preload: () => new Promise<() => ReactElement>((resolve) => (chunkLoaded = resolve)),
    });
    const asked = jest.fn();
    load.mockResolvedValue({ screens: { racing: Screen }, prefetch: { racing: asked }, buildLabel: 'x' });
    prefetchScreen('/racing/7', () => ({ remote: 'sports', screen: 'racing', params: { sportId: '7' } }));
    await act(async () => undefined);
    // The screen's chunk has not come yet: its calls are already asked.
    expect(asked).toHaveBeenCalledTimes(1);
    expect(asked).toHaveBeenCalledWith({ sportId: '7' }, realApis());
    chunkLoaded(() => <p>racing</p>);
  });

  it('draws the screen when its prefetch throws (reported, not in the way)', async () => {
    load.mockResolvedValue({
      screens: { casinoList: () => <p>the lobby</p> },
      prefetch: {
        casinoList: () => {
          throw new Error('no client');
        },
      },
      buildLabel: 'x',
    });
    prefetchScreen('/casino', () => ({ remote: 'casino', screen: 'casinoList', params: {} }));
    render(<RemoteScreen remote="casino" screen="casinoList" />);
    expect(await screen.findByText('the lobby')).toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith('prefetch of casinoList failed', expect.any(Error));
  });

  it('asks nothing for a page that is not a remote screen', async () => {
    prefetchScreen('/login', () => null);
    await act(async () => undefined);
    expect(load).not.toHaveBeenCalled();
  });
});
