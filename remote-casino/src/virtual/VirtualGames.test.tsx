import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { BehaviorSubject } from 'rxjs';
import { initialCasinoTableState, type CasinoTableState, type VirtualGameListItem } from '@backlay/shared';
import { buildCasinoRound, buildCasinoTable, fakeCasino, fakeCasinoLive, renderWithApis, withMocks } from '@backlay/shared/testing';
import { VirtualGames } from './VirtualGames';
import { pickStream } from './pick';

const api = withMocks(fakeCasino, 'virtualGames', 'table', 'round');
const live = withMocks(fakeCasinoLive, 'watchTable');
const apis = { casino: api, casinoLive: live };

const stream = (id: string, game_id: string, game_name: string, name: string): VirtualGameListItem => ({
  id, game_id, game_images: [`/api/casino/images/${game_id}.svg`], game_name, name,
});
const STREAMS = [stream('m-dt20', 'dt20', 'Dragon Tiger 20-20', 'Dragon Tiger'), stream('m-teen20', 'teen20', 'Teen Patti 20-20', 'Teenpatti')];

let feeds: Map<string, BehaviorSubject<CasinoTableState>>;

function renderPage() {
  return renderWithApis(
    <MemoryRouter initialEntries={['/virtual-games']}>
      <Routes>
        <Route path="/virtual-games" element={<VirtualGames />} />
      </Routes>
    </MemoryRouter>,
    apis,
  );
}

beforeEach(() => {
  jest.resetAllMocks();
  feeds = new Map();
  api.virtualGames.mockResolvedValue(STREAMS);
  api.table.mockResolvedValue(buildCasinoTable());
  live.watchTable.mockImplementation((matchId: string) => {
    const feed = new BehaviorSubject(initialCasinoTableState(matchId));
    feeds.set(matchId, feed);
    return feed.asObservable();
  });
});

describe('pickStream', () => {
  const [a, b] = STREAMS;
  it.each([
    ['nothing playing: the clicked game plays', null, a, a, false],
    ['its own tile: nothing changes', a, a, a, false],
    ['another tile while one plays: refused, the game stays', a, b, a, true],
  ])('%s', (_name, playing, clicked, expected, busy) => {
    expect(pickStream(playing, clicked)).toEqual({ playing: expected, busy });
  });
});

describe('VirtualGames', () => {
  it('lists the streams by game_name and name; a tile plays its stream only when no game is playing', async () => {
    const user = userEvent.setup();
    renderPage();
    const grid = await screen.findByRole('list', { name: 'Virtual games' });
    expect(within(grid).getAllByRole('button').map((b) => b.textContent)).toEqual(['Dragon Tiger 20-20Dragon Tiger', 'Teen Patti 20-20Teenpatti']);
    expect(screen.getByText('Choose a game to watch its rounds live.')).toBeInTheDocument();

    await user.click(within(grid).getByRole('button', { name: /Dragon Tiger 20-20/ }));
    const player = screen.getByRole('region', { name: 'Playing: Dragon Tiger 20-20' });
    expect(live.watchTable).toHaveBeenCalledWith('m-dt20');
    act(() => feeds.get('m-dt20')?.next({ matchId: 'm-dt20', seq: 1, status: 'live', round: buildCasinoRound({ roundId: '77' }), isDisable: false, phase: null, clockOffsetMs: 0 }));
    expect(within(player).getByTestId('round-id')).toHaveTextContent('77');
    expect(within(player).getByRole('link', { name: 'Bet on this table' })).toHaveAttribute('href', '/casino/dt20/m-dt20');
    expect(within(grid).getByRole('button', { name: /Dragon Tiger 20-20/ })).toHaveAttribute('aria-pressed', 'true');

    // Another tile while Dragon Tiger plays: it keeps playing, and the page says why.
    await user.click(within(grid).getByRole('button', { name: /Teen Patti 20-20/ }));
    expect(screen.getByRole('region', { name: 'Playing: Dragon Tiger 20-20' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Dragon Tiger 20-20 is playing: stop it to watch another game.');
    expect(live.watchTable).not.toHaveBeenCalledWith('m-teen20');

    // Stopped: the next tile plays.
    await user.click(within(player).getByRole('button', { name: 'Stop' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(grid).getByRole('button', { name: /Teen Patti 20-20/ }));
    expect(screen.getByRole('region', { name: 'Playing: Teen Patti 20-20' })).toBeInTheDocument();
    expect(live.watchTable).toHaveBeenCalledWith('m-teen20');
  });

  it('says so when no table runs, and when the list cannot be loaded', async () => {
    api.virtualGames.mockResolvedValueOnce([]);
    const { unmount } = renderPage();
    expect(await screen.findByText('No virtual game is running right now.')).toBeInTheDocument();
    unmount();
    api.virtualGames.mockRejectedValueOnce(new Error('Network Error'));
    renderPage();
    expect(await screen.findByText(/The virtual games could not be loaded/)).toBeInTheDocument();
  });
});
