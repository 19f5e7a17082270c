import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { ApiError, on, type CasinoIntGame, type CasinoIntGamesResponse } from '@backlay/shared';
import { fakeCasinoInt, renderWithApis, withMocks } from '@backlay/shared/testing';
import { CasinoIntList } from './CasinoIntList';

const api = withMocks(fakeCasinoInt, 'games', 'playUrl');
const apis = { casinoInt: api };

const game = (provider: string, code: string, name: string, sub: string): CasinoIntGame => ({
  identifier: `${provider}:${code}`, code, game_name: name, provider_id: provider, image: `/api/casino-int/images/${code}.svg`, category: 'originals', sub_category: sub,
});

const LIST: CasinoIntGamesResponse = {
  providers: [
    { _id: 'backlay-studio', name: 'Backlay Studio', type: 'backlay-studio', scrollable: false },
    { _id: 'sport_betting', name: 'Sports', type: 'sport_betting', scrollable: true },
  ],
  category: [
    { _id: 'crash', name: 'Crash', provider_id: 'backlay-studio' },
    { _id: 'instant', name: 'Instant', provider_id: 'backlay-studio' },
    { _id: 'exchange', name: 'Exchange', provider_id: 'sport_betting' },
  ],
  result: [
    game('backlay-studio', 'crash', 'Crash', 'crash'),
    game('backlay-studio', 'mines', 'Mines', 'instant'),
    game('backlay-studio', 'plinko', '', 'instant'),
    game('sport_betting', 'exchange', 'Sports Exchange', 'exchange'),
  ],
};

function Location() {
  const { pathname, search } = useLocation();
  return <p data-testid="location">{pathname + search}</p>;
}

function renderAt(path: string) {
  return renderWithApis(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/casino-int/:type?" element={<CasinoIntList />} />
      </Routes>
      <Location />
    </MemoryRouter>,
    apis,
  );
}

const tiles = (list: string) => within(screen.getByRole('list', { name: list })).getAllByRole('listitem').map((li) => li.textContent);

beforeEach(() => {
  jest.resetAllMocks();
  api.games.mockResolvedValue(LIST);
});

afterEach(() => {
  document.documentElement.style.overflow = '';
  document.body.style.overflow = '';
});

describe('CasinoIntList', () => {
  it('shows a spinner while loading, then the first provider active with its games', async () => {
    let answer: (v: CasinoIntGamesResponse) => void = () => undefined;
    api.games.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderAt('/casino-int');
    expect(screen.getByRole('status')).toHaveTextContent('Loading casino games');
    answer(LIST);
    expect(await screen.findByRole('list', { name: 'Backlay Studio games' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(api.games).toHaveBeenCalledWith({});
    const providers = screen.getByRole('navigation', { name: 'Game providers' });
    expect(within(providers).getAllByRole('link').map((a) => a.textContent)).toEqual(['Backlay Studio', 'Sports']);
    expect(within(providers).getByRole('link', { name: 'Backlay Studio' })).toHaveAttribute('aria-current', 'page');
    expect(within(providers).getByRole('link', { name: 'Sports' })).toHaveAttribute('href', '/casino-int/sport_betting');
    expect(tiles('Backlay Studio games')).toEqual(['Crash', 'Mines', 'Untitled Game']);
  });

  it('asks for the provider of the path and shows its tab as active', async () => {
    renderAt('/casino-int/sport_betting');
    expect(await screen.findByRole('list', { name: 'Sports games' })).toBeInTheDocument();
    expect(api.games).toHaveBeenCalledWith({ type: 'sport_betting' });
    expect(screen.getByRole('link', { name: 'Sports' })).toHaveAttribute('aria-current', 'page');
    expect(tiles('Sports games')).toEqual(['Sports Exchange']);
  });

  it("goes to the first provider's path from a type that is no provider's", async () => {
    renderAt('/casino-int/all');
    expect(await screen.findByRole('list', { name: 'Backlay Studio games' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/casino-int/backlay-studio');
    expect(api.games).toHaveBeenNthCalledWith(1, { type: 'all' });
    expect(api.games).toHaveBeenLastCalledWith({ type: 'backlay-studio' });
    expect(tiles('Backlay Studio games')).toEqual(['Crash', 'Mines', 'Untitled Game']);
  });

  it('filters by the sub-category tab a click sets, and back to All', async () => {
    renderAt('/casino-int/backlay-studio');
    const subs = await screen.findByRole('navigation', { name: 'Backlay Studio categories' });
    expect(within(subs).getAllByRole('link').map((a) => a.textContent)).toEqual(['All', 'Crash', 'Instant']);
    await userEvent.click(within(subs).getByRole('link', { name: 'Instant' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/casino-int/backlay-studio?category=instant');
    expect(tiles('Backlay Studio games')).toEqual(['Mines', 'Untitled Game']);
    expect(within(subs).getByRole('link', { name: 'Instant' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(within(subs).getByRole('link', { name: 'All' }));
    expect(tiles('Backlay Studio games')).toEqual(['Crash', 'Mines', 'Untitled Game']);
    expect(api.games).toHaveBeenCalledTimes(1);
  });

  it("ignores another provider's sub-category in the query", async () => {
    renderAt('/casino-int/backlay-studio?category=exchange');
    expect(await screen.findByRole('list', { name: 'Backlay Studio games' })).toBeInTheDocument();
    expect(tiles('Backlay Studio games')).toEqual(['Crash', 'Mines', 'Untitled Game']);
  });

  it('launches a game into the overlay, locks the page scroll, and EXIT unlocks it', async () => {
    api.playUrl.mockResolvedValue({ data: { url: 'http://127.0.0.1:9195/play?session=s1', provider_id: 'backlay-studio', game_name: 'Crash', scrollable: false } });
    renderAt('/casino-int');
    await userEvent.click(await screen.findByRole('button', { name: 'Crash' }));
    const dialog = await screen.findByRole('dialog', { name: 'Crash' });
    expect(api.playUrl).toHaveBeenCalledWith({ gameCode: 'backlay-studio:crash', lobby_url: window.location.href, ipAddress: '', isMobile: false });
    expect(within(dialog).getByTitle('Crash')).toHaveAttribute('src', 'http://127.0.0.1:9195/play?session=s1');
    expect(within(dialog).getByTitle('Crash')).toHaveAttribute('scrolling', 'no');
    expect(document.body.style.overflow).toBe('hidden');
    await userEvent.click(within(dialog).getByRole('button', { name: 'EXIT' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('');
  });

  it('opens the exchange itself for the Sport Betting tile: a page of our own origin is navigated to, never framed', async () => {
    // The API answers sport_betting with our own exchange page, on the lobby's origin.
    api.playUrl.mockResolvedValue({ data: { url: `${window.location.origin}/`, provider_id: 'sport_betting', game_name: 'Sports Exchange', scrollable: true } });
    renderAt('/casino-int/sport_betting');
    await userEvent.click(await screen.findByRole('button', { name: 'Sports Exchange' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.querySelector('iframe')).toBeNull();
    expect(document.body.style.overflow).toBe('');
  });

  it('never frames a relative launch URL either (it is our own origin)', async () => {
    api.playUrl.mockResolvedValue({ data: { url: '/?embedded=1', provider_id: 'sport_betting', game_name: 'Sports Exchange', scrollable: true } });
    renderAt('/casino-int/sport_betting');
    await userEvent.click(await screen.findByRole('button', { name: 'Sports Exchange' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/?embedded=1'));
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('toasts a refused launch and opens nothing', async () => {
    api.playUrl.mockRejectedValue(new ApiError('This game is suspended by admin, please try again later', 409, 'VALIDATION'));
    const toasts: string[] = [];
    const sub = on('ui.notify').subscribe((n) => toasts.push(`${n.kind}: ${n.message}`));
    try {
      renderAt('/casino-int');
      await userEvent.click(await screen.findByRole('button', { name: 'Mines' }));
      await waitFor(() => expect(toasts).toEqual(['error: This game is suspended by admin, please try again later']));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(document.body.style.overflow).toBe('');
    } finally {
      sub.unsubscribe();
    }
  });

  it('launches one game at a time', async () => {
    let launched: (v: Awaited<ReturnType<typeof api.playUrl>>) => void = () => undefined;
    api.playUrl.mockReturnValue(new Promise((resolve) => (launched = resolve)));
    renderAt('/casino-int');
    await userEvent.click(await screen.findByRole('button', { name: 'Crash' }));
    expect(screen.getByRole('status')).toHaveTextContent('Opening the game');
    await userEvent.click(screen.getByRole('button', { name: 'Mines' }));
    expect(api.playUrl).toHaveBeenCalledTimes(1);
    launched({ data: { url: 'http://127.0.0.1:9195/play?session=s1', provider_id: 'backlay-studio', game_name: 'Crash', scrollable: false } });
    expect(await screen.findByRole('dialog', { name: 'Crash' })).toBeInTheDocument();
  });

  it('says so when the games cannot be loaded', async () => {
    api.games.mockRejectedValue(new Error('Service unavailable'));
    renderAt('/casino-int');
    expect(await screen.findByText('The casino games could not be loaded: Service unavailable')).toBeInTheDocument();
  });
});
