import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { BehaviorSubject } from 'rxjs';
import { initialCasinoTableState, type CasinoRoundBook as RoundBook, type CasinoTableState } from '@backlay/shared';
import { SEARCH_DEBOUNCE_MS } from '@backlay/shared/sortable';
import { buildCasinoBet, buildCasinoRound, fakeCasino, fakeCasinoLive, renderWithApis, withMocks } from '@backlay/shared/testing';
import { BOOK_RELOAD_MIN_MS, CasinoRoundBook } from './CasinoRoundBook';

const api = withMocks(fakeCasino, 'roundBook');
const live = withMocks(fakeCasinoLive, 'watchTable');
const apis = { casino: api, casinoLive: live };

const BOOK: RoundBook = {
  matchId: '9023',
  gameCode: 'dt20',
  title: 'Dragon Tiger 20-20',
  round: buildCasinoRound({ matchId: '9023' }),
  bets: [{ ...buildCasinoBet('b1', { matchId: '9023' }), username: 'demo-user' }],
  book: [{ marketId: 'r1-winner', name: 'Winner', runners: [{ selectionId: 'dragon', name: 'Dragon', pnl: 98 }, { selectionId: 'tiger', name: 'Tiger', pnl: -100 }, { selectionId: 'tie', name: 'Tie', pnl: -100 }] }],
};

let feed: BehaviorSubject<CasinoTableState>;
const delta = (seq: number, over = {}) =>
  act(() => feed.next({ matchId: '9023', seq, status: 'live', round: buildCasinoRound({ matchId: '9023', ...over }), isDisable: false, phase: 'countdown', clockOffsetMs: 0 }));

beforeEach(() => {
  jest.resetAllMocks();
  feed = new BehaviorSubject(initialCasinoTableState('9023'));
  live.watchTable.mockImplementation(() => feed.asObservable());
  api.roundBook.mockResolvedValue(BOOK);
});

function renderPage() {
  return renderWithApis(
    <MemoryRouter initialEntries={['/admin/casino/dt20']}>
      <Routes>
        <Route path="/admin/casino/:gameCode" element={<CasinoRoundBook />} />
      </Routes>
    </MemoryRouter>,
    apis,
  );
}

describe('CasinoRoundBook', () => {
  it('shows the round, the book per market and the downline bets', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Dragon Tiger 20-20 · round book', level: 1 })).toBeInTheDocument();
    expect(api.roundBook).toHaveBeenCalledWith('dt20');
    expect(screen.getByRole('status')).toHaveTextContent('Round r1 · betting, 15 s left');
    const book = screen.getByRole('table', { name: 'Winner book' });
    expect(within(book).getByRole('row', { name: /^Dragon/ })).toHaveTextContent('Dragon98.00');
    expect(within(book).getByRole('row', { name: /^Tiger/ })).toHaveTextContent('-100.00');
    const bets = screen.getByRole('table', { name: 'Downline bets on this round' });
    expect(within(bets).getByRole('row', { name: /^demo-user/ })).toHaveTextContent('demo-userDragon WinnerBack1.98100.00Open');
  });

  it('sorts the downline bets in the browser (stake as money, both ways) and searches a username', async () => {
    api.roundBook.mockResolvedValue({
      ...BOOK,
      bets: [
        { ...buildCasinoBet('b1', { matchId: '9023', stake: 1000 }), username: 'demo-user' },
        { ...buildCasinoBet('b2', { matchId: '9023', stake: 25.5 }), username: 'alpha' },
        { ...buildCasinoBet('b3', { matchId: '9023', stake: 200 }), username: 'zed' },
      ],
    });
    renderPage();
    const bets = await screen.findByRole('table', { name: 'Downline bets on this round' });
    const users = () => within(screen.getByRole('table', { name: 'Downline bets on this round' })).getAllByRole('rowheader').map((c) => c.textContent);
    expect(users()).toEqual(['demo-user', 'alpha', 'zed']);
    const stake = within(bets).getByRole('columnheader', { name: 'Stake' });
    await userEvent.click(within(stake).getByRole('button', { name: 'Stake' }));
    expect(users()).toEqual(['alpha', 'zed', 'demo-user']);
    expect(stake).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(within(stake).getByRole('button', { name: 'Stake' }));
    expect(users()).toEqual(['demo-user', 'zed', 'alpha']);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search bets on this round' }), 'ALP');
    await waitFor(() => expect(users()).toEqual(['alpha']), { timeout: SEARCH_DEBOUNCE_MS * 4 });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search bets on this round' }), 'x');
    expect(await screen.findByText('No bet on this round matches the search.')).toBeInTheDocument();
  });

  it('follows the table: reloads the book on its deltas, at most every 2 s', async () => {
    jest.useFakeTimers({ now: Date.parse('2026-11-21T10:00:00Z'), advanceTimers: true });
    try {
      renderPage();
      await screen.findByRole('table', { name: 'Winner book' });
      expect(live.watchTable).toHaveBeenCalledWith('9023');
      delta(5); // the snapshot: no reload
      expect(api.roundBook).toHaveBeenCalledTimes(1);
      delta(6, { secondsLeft: 14 });
      await waitFor(() => expect(api.roundBook).toHaveBeenCalledTimes(2));
      expect(screen.getByRole('status')).toHaveTextContent('Round r1 · betting, 14 s left');
      delta(7, { secondsLeft: 13 });
      delta(8, { status: 'CLOSED', secondsLeft: 0 });
      expect(api.roundBook).toHaveBeenCalledTimes(2);
      expect(screen.getByRole('status')).toHaveTextContent('Round r1 · betting closed, dealing');
      await act(async () => jest.advanceTimersByTime(BOOK_RELOAD_MIN_MS));
      await waitFor(() => expect(api.roundBook).toHaveBeenCalledTimes(3));
    } finally {
      jest.useRealTimers();
    }
  });
});
