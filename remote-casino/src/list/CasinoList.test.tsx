import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { type Apis, type CasinoGameListItem } from '@backlay/shared';
import { fakeCasino, renderWithApis, withMocks } from '@backlay/shared/testing';
import { prefetch } from '../expose/routes';
import { CasinoList } from './CasinoList';
import { TILE_IMAGE_VISIBLE_RATIO } from './LazyImage';

const api = withMocks(fakeCasino, 'games');
const apis = { casino: api };

const game = (slug: string, over: Partial<CasinoGameListItem> = {}): CasinoGameListItem => ({
  title: slug.toUpperCase(), image: `/api/casino/images/${slug}.svg`, slug, match_id: `m-${slug}`, matchId: `m-${slug}`, isDisable: false, categoryId: 23, secondsLeft: null, ...over,
});

const GAMES = [
  game('dt20', { title: 'Dragon Tiger 20-20', secondsLeft: 12 }),
  game('teen20', { title: 'Teen Patti 20-20', categoryId: 20 }),
  game('ab20', { title: 'Andar Bahar', categoryId: 26, isDisable: true }),
  game('lucky7', { title: 'Lucky 7', categoryId: 27, match_id: -1 }),
  game('war', { title: '', categoryId: 29 }),
];

/** Where the router is, to see where a click went. */
function Location() {
  const { pathname } = useLocation();
  return <p data-testid="location">{pathname}</p>;
}

function renderAt(path: string) {
  return renderWithApis(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/casino-list/LC/4/:categoryId?" element={<CasinoList />} />
        <Route path="/casino/:slug/:matchId" element={<p>table page</p>} />
      </Routes>
      <Location />
    </MemoryRouter>,
    apis,
  );
}

// Each tile's title (the live badge beside it is shown, not spoken).
const tileNames = () => within(screen.getByRole('list', { name: / games$/ })).getAllByRole('listitem').map((li) => li.querySelector('.bl-casino-tile__title')?.textContent);

beforeEach(() => {
  jest.resetAllMocks();
  api.games.mockResolvedValue(GAMES);
});

describe('CasinoList', () => {
  it('shows the category menu with All Casino selected and every table as a tile', async () => {
    renderAt('/casino-list/LC/4');
    expect(await screen.findByRole('list', { name: 'All Casino games' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Casino categories' });
    expect(within(menu).getAllByRole('link').map((a) => a.textContent)).toEqual([
      'All Casino', 'Roulette', 'Teenpatti', 'Poker', 'Baccarat', 'Dragon Tiger', '32 Cards', 'Andar Bahar', 'Lucky 7', '3 Cards Judgement', 'Casino War', 'Worli', 'Sports', 'Bollywood', 'Lottery', 'Queen', 'Race', 'Others',
    ]);
    expect(within(menu).getByRole('link', { name: 'All Casino' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('link', { name: 'Dragon Tiger' })).toHaveAttribute('href', '/casino-list/LC/4/23');
    expect(tileNames()).toEqual(['Dragon Tiger 20-20', 'Teen Patti 20-20', 'Andar Bahar', 'Lucky 7', 'Untitled Game']);
    expect(api.games).toHaveBeenCalledTimes(1);
  });

  it('links to the virtual games (SPEC\'s other game grid)', async () => {
    renderAt('/casino-list/LC/4');
    expect(await screen.findByRole('link', { name: 'Virtual games' })).toHaveAttribute('href', '/virtual-games');
  });

  it('filters by the category of the path, or of the ?category= query', async () => {
    renderAt('/casino-list/LC/4/20');
    expect(await screen.findByRole('list', { name: 'Teenpatti games' })).toBeInTheDocument();
    expect(tileNames()).toEqual(['Teen Patti 20-20']);
    await userEvent.click(screen.getByRole('link', { name: 'Dragon Tiger' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/casino-list/LC/4/23');
    expect(tileNames()).toEqual(['Dragon Tiger 20-20']);
    expect(screen.getByRole('link', { name: 'Dragon Tiger' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('link', { name: 'Poker' }));
    expect(screen.getByText('No Poker games right now.')).toBeInTheDocument();
  });

  it('lists the sports exchange as the one entry of Sports (34)', async () => {
    renderWithApis(
      <MemoryRouter initialEntries={['/casino-list/LC/4/34']}>
        <Routes>
          <Route path="/casino-list/LC/4/:categoryId?" element={<CasinoList />} />
          <Route path="/" element={<p>sports home</p>} />
        </Routes>
      </MemoryRouter>,
      apis,
    );
    expect(await screen.findByRole('list', { name: 'Sports games' })).toBeInTheDocument();
    expect(tileNames()).toEqual(['Sports Exchange']);
    await userEvent.click(screen.getByRole('link', { name: 'Sports Exchange' }));
    expect(await screen.findByText('sports home')).toBeInTheDocument();
  });

  it('lists the international casino as the one entry of Others (73)', async () => {
    renderWithApis(
      <MemoryRouter initialEntries={['/casino-list/LC/4/73']}>
        <Routes>
          <Route path="/casino-list/LC/4/:categoryId?" element={<CasinoList />} />
          <Route path="/casino-int/:type?" element={<p>international casino</p>} />
        </Routes>
      </MemoryRouter>,
      apis,
    );
    expect(await screen.findByRole('list', { name: 'Others games' })).toBeInTheDocument();
    expect(screen.queryByText('No Others games right now.')).not.toBeInTheDocument();
    expect(tileNames()).toEqual(['International Casino']);
    await userEvent.click(screen.getByRole('link', { name: 'International Casino' }));
    expect(await screen.findByText('international casino')).toBeInTheDocument();
  });

  it('reads ?category= when the path has none', async () => {
    renderAt('/casino-list/LC/4?category=26');
    expect(await screen.findByRole('list', { name: 'Andar Bahar games' })).toBeInTheDocument();
    expect(tileNames()).toEqual(['Andar Bahar']);
  });

  it('opens an open table at /casino/{slug}/{match_id}', async () => {
    renderAt('/casino-list/LC/4');
    await userEvent.click(await screen.findByRole('link', { name: 'Dragon Tiger 20-20' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/casino/dt20/m-dt20');
  });

  it.each([
    ['disabled by admin', 'Andar Bahar'],
    ['without a round (match_id -1)', 'Lucky 7'],
  ])('warns instead of opening a table %s', async (_why, title) => {
    renderAt('/casino-list/LC/4');
    await userEvent.click(await screen.findByRole('button', { name: title }));
    expect(screen.getByRole('alert')).toHaveTextContent('This game is suspended by admin, please try again later');
    expect(screen.getByTestId('location')).toHaveTextContent('/casino-list/LC/4');
  });

  it.each([
    ['25% without a layout flag', [], '25%'],
    ['16.66% on a wide layout', ['(min-width: 1024px)'], '16.66%'],
    ['50% on a phone: two tiles a row', ['(max-width: 479px)'], '50%'],
  ])('sizes tiles at %s', async (_name, matching, width) => {
    const matchMedia = jest.fn((query: string) => ({ matches: matching.includes(query), addEventListener: jest.fn(), removeEventListener: jest.fn() }));
    Object.defineProperty(window, 'matchMedia', { value: matchMedia, configurable: true });
    try {
      renderAt('/casino-list/LC/4/23');
      const list = await screen.findByRole('list', { name: 'Dragon Tiger games' });
      expect(within(list).getByRole('listitem')).toHaveStyle({ width });
    } finally {
      Object.defineProperty(window, 'matchMedia', { value: undefined, configurable: true });
    }
  });

  it('requests a tile image only once 10% of it is visible', async () => {
    const observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit; targets: Element[] }[] = [];
    class FakeObserver {
      targets: Element[] = [];
      constructor(public callback: IntersectionObserverCallback, public options?: IntersectionObserverInit) {
        observers.push(this);
      }
      observe(el: Element) {
        this.targets.push(el);
      }
      disconnect() {}
    }
    Object.defineProperty(window, 'IntersectionObserver', { value: FakeObserver, configurable: true });
    try {
      renderAt('/casino-list/LC/4/23');
      const link = await screen.findByRole('link', { name: 'Dragon Tiger 20-20' });
      expect(link.querySelector('img')).toBeNull();
      expect(observers[0].options?.threshold).toBe(TILE_IMAGE_VISIBLE_RATIO);
      const see = (ratio: number) =>
        act(() => observers[0].callback([{ isIntersecting: ratio > 0, intersectionRatio: ratio, target: observers[0].targets[0] } as IntersectionObserverEntry], observers[0] as unknown as IntersectionObserver));
      see(0.05);
      expect(link.querySelector('img')).toBeNull();
      see(0.1);
      expect(link.querySelector('img')).toHaveAttribute('src', '/api/casino/images/dt20.svg');
    } finally {
      Object.defineProperty(window, 'IntersectionObserver', { value: undefined, configurable: true });
    }
  });

  it('says so when the list cannot be loaded', async () => {
    api.games.mockRejectedValue(new Error('Service unavailable'));
    renderAt('/casino-list/LC/4');
    expect(await screen.findByText('The casino games could not be loaded: Service unavailable')).toBeInTheDocument();
  });
  it('takes the games its route module asked early, counting down from when they came, not from when it was drawn (ADR 0085)', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      prefetch?.casinoList?.({}, apis as unknown as Apis);
      expect(api.games).toHaveBeenCalledTimes(1);
      // The answer comes, then the list's chunk takes 2 s more to load.
      await act(async () => {
        await Promise.resolve();
      });
      act(() => jest.advanceTimersByTime(2_000));
      renderAt('/casino-list/LC/4');
      const dt = await screen.findByRole('link', { name: 'Dragon Tiger 20-20' });
      expect(within(dt).getByTestId('tile-live')).toHaveTextContent('LIVE · 10s');
      expect(api.games).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it("counts each open round's seconds down on a live badge, and reads the list again every 10 s", async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      renderAt('/casino-list/LC/4');
      const dt = await screen.findByRole('link', { name: 'Dragon Tiger 20-20' });
      expect(within(dt).getByTestId('tile-live')).toHaveTextContent('LIVE · 12s');
      act(() => jest.advanceTimersByTime(3_000));
      expect(within(dt).getByTestId('tile-live')).toHaveTextContent('LIVE · 9s');
      // A table with no round taking bets is live without a countdown; a suspended one has no badge.
      expect(within(screen.getByRole('link', { name: 'Teen Patti 20-20' })).getByTestId('tile-live')).toHaveTextContent(/^LIVE$/);
      expect(within(screen.getByRole('button', { name: 'Andar Bahar' })).queryByTestId('tile-live')).toBeNull();
      const calls = api.games.mock.calls.length;
      api.games.mockResolvedValue(GAMES.map((g) => (g.slug === 'dt20' ? { ...g, secondsLeft: 20 } : g)));
      await act(async () => {
        jest.advanceTimersByTime(7_000);
        await Promise.resolve();
      });
      expect(api.games.mock.calls.length).toBe(calls + 1);
      expect(await within(dt).findByText('LIVE · 20s')).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});
