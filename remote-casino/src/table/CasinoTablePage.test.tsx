import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { BehaviorSubject } from 'rxjs';
import { ApiError, initialCasinoTableState, on, publish, type CasinoBet, type CasinoBetsResponse, type CasinoRoundView, type CasinoTableState } from '@backlay/shared';
import { buildCasinoBet, buildCasinoMarket, buildCasinoRound, buildCasinoTable, fakeBets, fakeCasino, fakeCasinoLive, fakeSports, renderWithApis, withMocks } from '@backlay/shared/testing';
import { DEAL_STEP_MS } from '../ui/PlayingCard';
import { CasinoTablePage, marketClosedReason } from './CasinoTablePage';
import { gameMarkets } from './layout/test-markets';

/** casino-bets' answer: one page of `rows` (of `total` bets, 100 a page). */
const betsPage = (rows: CasinoBet[], total = rows.length, page = 1): CasinoBetsResponse => ({ rows, page, pageSize: 100, total });

const api = withMocks(fakeCasino, 'table', 'bets', 'round', 'results', 'roundCards');
const live = withMocks(fakeCasinoLive, 'watchTable');
const bets = withMocks(fakeBets, 'placeBet');
const buttons = withMocks(fakeSports, 'buttonValues');
const apis = { casino: api, casinoLive: live, sports: buttons, bets };

/** A settled round as done-results keeps it. */
const RECORD = {
  roundId: 'r1', matchId: 'm-dt20', gameCode: 'dt20', status: 'SETTLED' as const, mid: 'mid-r1', win: '2', card: '8DD,KDD', rdesc: 'Tiger#No#D : Even | T : Odd',
  serverSeed: '3f1c5e0d9b2a47c68e5d0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e', serverSeedHash: 'a'.repeat(64), clientSeed: 'table-seed', nonce: 0,
  openedAt: '2026-11-21T09:59:00.000Z', closedAt: '2026-11-21T09:59:20.000Z', settledAt: '2026-11-21T09:59:30.000Z', voidReason: null,
};

/** The server's clock at the built round's serverTime; the browser's runs 2 s slow. */
const SERVER_NOW = Date.parse('2026-11-21T10:00:00.000Z');
const LOCAL_NOW = SERVER_NOW - 2_000;

let feed: BehaviorSubject<CasinoTableState>;
let seq = 0;

/** The server sends a new image of the round (a snapshot first, then deltas). */
function serverSends(round: CasinoRoundView | null, isDisable = false) {
  seq += 1;
  act(() => feed.next({ matchId: 'm-dt20', seq, status: 'live', round, isDisable, phase: null, clockOffsetMs: round ? Date.parse(round.serverTime) - Date.now() : 0 }));
}

function renderPage() {
  return renderWithApis(
    <MemoryRouter initialEntries={['/casino/dt20/m-dt20']}>
      <Routes>
        <Route path="/casino/:slug/:matchId" element={<CasinoTablePage />} />
      </Routes>
    </MemoryRouter>,
    apis,
  );
}

const market = () => screen.getByRole('region', { name: 'Winner' });

beforeEach(() => {
  jest.resetAllMocks();
  jest.useFakeTimers({ now: LOCAL_NOW, advanceTimers: true });
  seq = 0;
  feed = new BehaviorSubject(initialCasinoTableState('m-dt20'));
  live.watchTable.mockImplementation(() => feed.asObservable());
  api.table.mockResolvedValue(buildCasinoTable());
  api.bets.mockResolvedValue(betsPage([]));
  buttons.buttonValues.mockResolvedValue([
    { label: '100', value: 100 },
    { label: '500', value: 500 },
  ]);
});

afterEach(() => jest.useRealTimers());

describe('marketClosedReason', () => {
  const round = buildCasinoRound();
  it.each([
    ['an open market of an open round', buildCasinoMarket(), round, false, 10, null],
    ['a disabled table', buildCasinoMarket(), round, true, 10, 'Suspended'],
    ['the window is over', buildCasinoMarket(), round, false, 0, 'Betting closed'],
    ['a closed round', buildCasinoMarket(), buildCasinoRound({ status: 'CLOSED' }), false, 0, 'Betting closed'],
    ['a suspended market', buildCasinoMarket({ suspended: true }), round, false, 10, 'Suspended'],
  ])('%s', (_name, m, r, disabled, seconds, reason) => {
    expect(marketClosedReason(m, r, disabled, seconds)).toBe(reason);
  });
});

describe('CasinoTablePage', () => {
  it('shows the table, its round and a countdown on the server clock that closes the market at 0', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Dragon Tiger 20-20', level: 1 })).toBeInTheDocument();
    expect(live.watchTable).toHaveBeenCalledWith('m-dt20');
    serverSends(buildCasinoRound());
    expect(screen.getByText('Live')).toBeInTheDocument();
    expect(screen.getByTestId('round-id')).toHaveTextContent('r1');
    // 15 s left on the server's clock, although the browser's clock says 17.
    expect(screen.getByRole('timer')).toHaveTextContent('Bets close in 15 s');
    expect(within(market()).getByRole('button', { name: 'Back Dragon at 1.98' })).toBeEnabled();

    act(() => jest.advanceTimersByTime(10_000));
    expect(screen.getByRole('timer')).toHaveTextContent('Bets close in 5 s');
    act(() => jest.advanceTimersByTime(5_000));
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByText('Betting closed', { selector: '.bl-casino-round__status' })).toBeInTheDocument();
    expect(within(market()).getByRole('button', { name: 'Back Dragon at 1.98' })).toBeDisabled();
    expect(within(market()).getByRole('status')).toHaveTextContent('Betting closed');
  });

  it('greys a suspended market and a disabled table, and says why', async () => {
    renderPage();
    await screen.findByRole('heading', { name: 'Dragon Tiger 20-20', level: 1 });
    serverSends(buildCasinoRound({ markets: [buildCasinoMarket({ suspended: true })] }));
    expect(market()).toHaveAttribute('data-status', 'closed');
    expect(within(market()).getByRole('status')).toHaveTextContent('Suspended');
    expect(within(market()).getByRole('button', { name: 'Back Tie at 50' })).toBeDisabled();

    serverSends(buildCasinoRound(), true);
    expect(screen.getByRole('alert')).toHaveTextContent('This game is suspended by admin, please try again later');
    expect(within(market()).getByRole('button', { name: 'Back Dragon at 1.98' })).toBeDisabled();
  });

  it('places a bet from the slip with the stake buttons and the projected P&L, then shows it under my bets', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    api.bets.mockResolvedValueOnce(betsPage([buildCasinoBet('b0', { selectionId: 'tiger', selectionName: 'Tiger', stake: 50 })]));
    bets.placeBet.mockResolvedValue({ data: { exposer: 150, balance: 1000, profitlist: [], bet: { betId: 'b1', odds: 1.98 } as never }, message: 'Bet Placed Successfully' });
    const notices: string[] = [];
    const sub = on('ui.notify').subscribe((n) => notices.push(n.message));
    renderPage();
    await screen.findByRole('heading', { name: 'Dragon Tiger 20-20', level: 1 });
    serverSends(buildCasinoRound());
    await screen.findByRole('table', { name: 'My bets on this round' });
    expect(api.bets).toHaveBeenCalledWith('m-dt20', 'r1', { pageSize: 100 });

    await user.click(within(market()).getByRole('button', { name: 'Back Dragon at 1.98' }));
    const slip = screen.getByRole('form', { name: 'Bet slip' });
    expect(slip).toHaveTextContent('Back Dragon Winner at 1.98');
    await user.click(within(within(slip).getByRole('group', { name: 'Quick stakes' })).getByRole('button', { name: '100' }));
    expect(within(slip).getByLabelText('Stake')).toHaveValue('100');
    // Held: Tiger 50 @ 1.98 (Dragon −50, Tiger +49, Tie −50); the slip adds Dragon 100 @ 1.98.
    const book = within(slip).getByRole('table', { name: 'Profit or loss if each runner wins' });
    expect(within(book).getByRole('row', { name: /^Dragon/ })).toHaveTextContent('Dragon-50.0048.00');
    expect(within(book).getByRole('row', { name: /^Tiger/ })).toHaveTextContent('Tiger49.00-51.00');
    expect(within(book).getByRole('row', { name: /^Tie/ })).toHaveTextContent('Tie-50.00-150.00');
    expect(slip).toHaveTextContent('Exposure on this market: 50.00 → 150.00');

    api.bets.mockResolvedValueOnce(betsPage([buildCasinoBet('b0', { selectionId: 'tiger', selectionName: 'Tiger', stake: 50 }), buildCasinoBet('b1')]));
    await user.click(within(slip).getByRole('button', { name: 'Place Bet' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Bet slip' })).toBeNull());
    expect(bets.placeBet).toHaveBeenCalledWith({ matchId: 'm-dt20', marketId: 'r1-winner', selectionId: 'dragon', side: 'BACK', odds: 1.98, stake: 100 }, expect.any(String));
    expect(notices).toContain('Bet Placed Successfully');
    const mine = await screen.findByRole('table', { name: 'My bets on this round' });
    await waitFor(() => expect(within(mine).getAllByRole('row')).toHaveLength(3));
    // One read of the bets for the bet: the socket's echo of it (naming the bet) reads nothing more…
    expect(api.bets).toHaveBeenCalledTimes(2);
    act(() => publish('wallet.balanceChanged', { balance: 1000, exposer: 150, betId: 'b1' }));
    await act(async () => undefined);
    expect(api.bets).toHaveBeenCalledTimes(2);
    // …while a journal (the round settled, a deposit) does.
    api.bets.mockResolvedValueOnce(betsPage([buildCasinoBet('b0', { selectionId: 'tiger', selectionName: 'Tiger', stake: 50 }), buildCasinoBet('b1')]));
    act(() => publish('wallet.balanceChanged', { balance: 1100, exposer: 50, journalId: 'j-settle' }));
    await waitFor(() => expect(api.bets).toHaveBeenCalledTimes(3));
    sub.unsubscribe();
  });

  it('keeps the slip open with the server\'s refusal', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    bets.placeBet.mockRejectedValue(new ApiError('Betting is closed for this round', 409, 'MARKET_SUSPENDED'));
    renderPage();
    await screen.findByRole('heading', { name: 'Dragon Tiger 20-20', level: 1 });
    serverSends(buildCasinoRound());
    await user.click(within(market()).getByRole('button', { name: 'Back Tiger at 1.98' }));
    await user.type(screen.getByLabelText('Stake'), '200');
    await user.click(screen.getByRole('button', { name: 'Place Bet' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Betting is closed for this round');
    expect(screen.getByRole('form', { name: 'Bet slip' })).toBeInTheDocument();
  });

  it('disables Place Bet once the window closes with the slip open', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderPage();
    await screen.findByRole('heading', { name: 'Dragon Tiger 20-20', level: 1 });
    serverSends(buildCasinoRound());
    await user.click(within(market()).getByRole('button', { name: 'Back Dragon at 1.98' }));
    await user.type(screen.getByLabelText('Stake'), '100');
    expect(screen.getByRole('button', { name: 'Place Bet' })).toBeEnabled();
    act(() => jest.advanceTimersByTime(16_000));
    expect(screen.getByRole('button', { name: 'Place Bet' })).toBeDisabled();
    expect(within(screen.getByRole('form', { name: 'Bet slip' })).getByRole('status')).toHaveTextContent('Betting closed: no more bets on this round.');
  });

  it('deals the cards by hand in dealing order, then reloads my bets and the last results when the round settles', async () => {
    renderPage();
    await screen.findByRole('heading', { name: 'Dragon Tiger 20-20', level: 1 });
    serverSends(buildCasinoRound());
    expect(screen.getByRole('region', { name: 'Cards' })).toHaveTextContent('The cards are dealt when betting closes.');
    const dealt = { status: 'CLOSED' as const, cards: ['8DD', 'KDD'], hands: { dragon: ['8DD'], tiger: ['KDD'] } };
    serverSends(buildCasinoRound(dealt));
    const dragon = screen.getByRole('group', { name: 'Dragon' });
    const tiger = screen.getByRole('group', { name: 'Tiger' });
    expect(within(dragon).getByRole('img', { name: '8 of diamonds' })).toHaveStyle({ animationDelay: '0ms' });
    expect(within(tiger).getByRole('img', { name: 'King of diamonds' })).toHaveStyle({ animationDelay: `${DEAL_STEP_MS}ms` });
    expect(within(tiger).getByRole('img', { name: 'King of diamonds' })).toHaveClass('bl-card--dealt', 'bl-card--red');

    const calls = { bets: api.bets.mock.calls.length, table: api.table.mock.calls.length };
    api.table.mockResolvedValue(
      buildCasinoTable({
        lastResults: [{ roundId: 'r1', win: '2', label: 'T', name: 'Tiger', tone: 'b' }],
        stats: { rounds: 100, groups: [{ name: 'Tiger', tone: 'b', count: 52 }, { name: 'Dragon', tone: 'a', count: 41 }, { name: 'Tie', tone: 'tie', count: 7 }] },
      }),
    );
    serverSends(buildCasinoRound({ ...dealt, status: 'SETTLED', win: '2', rdesc: 'Tiger#No#D : Even | T : Odd', serverSeed: '3f1c5e0d9b2a47c68e5d0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e' }));
    expect(screen.getByText('Settled · Tiger')).toBeInTheDocument();
    // The cards on screen stay the same elements: they are not dealt again.
    expect(within(screen.getByRole('group', { name: 'Dragon' })).getByRole('img', { name: '8 of diamonds' })).toBe(within(dragon).getByRole('img', { name: '8 of diamonds' }));
    await waitFor(() => expect(api.bets.mock.calls.length).toBeGreaterThan(calls.bets));
    await waitFor(() => expect(api.table.mock.calls.length).toBeGreaterThan(calls.table));
    // The strip reads as the game does (T for Tiger, in Tiger's colour); the statistics count the last 100 rounds.
    const last = await screen.findByRole('button', { name: 'Round r1: Tiger' });
    expect(last).toHaveTextContent('T');
    expect(last).toHaveClass('bl-casino-result--b');
    const stats = screen.getByRole('region', { name: 'Statistics of the last 100 rounds' });
    expect(within(stats).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Tiger52', 'Dragon41', 'Tie7']);
    expect(within(stats).getByLabelText('52 of 100')).toBeInTheDocument();

    // A tap opens the round's card: its winner, its description, and its seeds to verify.
    api.results.mockResolvedValue({ rounds: [{ ...RECORD, roundId: 'r1' }], page: 1, totalPages: 1 });
    api.roundCards.mockResolvedValue({ mid: RECORD.mid, gameCode: 'dt20', cards: ['8DD', 'KDD'], hands: { dragon: ['8DD'], tiger: ['KDD'] }, win: '2' });
    await userEvent.setup({ advanceTimers: jest.advanceTimersByTime }).click(last);
    const card = screen.getByRole('dialog', { name: 'Round r1' });
    expect(within(card).getByText('Tiger')).toBeInTheDocument();
    expect(await within(card).findByText(/Tiger · No · D : Even \| T : Odd · settled/)).toBeInTheDocument();
    expect(api.results).toHaveBeenCalledWith('m-dt20', { roundId: 'r1' });
    expect(within(card).getByText(RECORD.serverSeedHash)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All results' })).toHaveAttribute('href', '/casino/result/m-dt20');
  });

  it('reloads my bets when the wallet moves, and clears the slip on a new round', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderPage();
    await screen.findByRole('heading', { name: 'Dragon Tiger 20-20', level: 1 });
    serverSends(buildCasinoRound());
    await waitFor(() => expect(api.bets).toHaveBeenCalledTimes(1));
    act(() => publish('wallet.balanceChanged', { balance: 900, exposer: 100 }));
    await waitFor(() => expect(api.bets).toHaveBeenCalledTimes(2));
    await user.click(within(market()).getByRole('button', { name: 'Back Dragon at 1.98' }));
    expect(screen.getByRole('form', { name: 'Bet slip' })).toBeInTheDocument();
    serverSends(buildCasinoRound({ roundId: 'r2', nonce: 1, markets: [buildCasinoMarket({ marketId: 'r2-winner' })] }));
    expect(screen.queryByRole('form', { name: 'Bet slip' })).toBeNull();
    await waitFor(() => expect(api.bets).toHaveBeenLastCalledWith('m-dt20', 'r2', { pageSize: 100 }));
  });

  it('pages my bets of a round beyond one page: the pager loads the next page; the runner P&L keeps the first', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    api.bets.mockImplementation((_matchId, _roundId, paging) =>
      Promise.resolve(
        paging?.page === 2
          ? betsPage([buildCasinoBet('b-late', { selectionName: 'Tiger', selectionId: 'tiger' })], 101, 2)
          : betsPage([buildCasinoBet('b0', { selectionId: 'dragon', selectionName: 'Dragon' })], 101),
      ),
    );
    renderPage();
    await screen.findByRole('heading', { name: 'Dragon Tiger 20-20', level: 1 });
    serverSends(buildCasinoRound());
    const pager = await screen.findByRole('navigation', { name: 'My bets pages' });
    expect(pager).toHaveTextContent('Page 1 of 2');
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(api.bets).toHaveBeenLastCalledWith('m-dt20', 'r1', { page: 2, pageSize: 100 }));
    const mine = await screen.findByRole('table', { name: 'My bets on this round' });
    await waitFor(() => expect(mine).toHaveTextContent('Back Tiger'));
    expect(screen.getByRole('navigation', { name: 'My bets pages' })).toHaveTextContent('Page 2 of 2');
  });

  it('follows the round from casino-market while the realtime subscription is refused', async () => {
    api.round.mockResolvedValue(buildCasinoRound({ roundId: 'r7' }));
    renderPage();
    await screen.findByRole('heading', { name: 'Dragon Tiger 20-20', level: 1 });
    await act(async () => feed.next({ ...initialCasinoTableState('m-dt20'), status: 'unavailable', error: 'Table not found' }));
    expect(screen.getByText('Not live')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('round-id')).toHaveTextContent('r7'));
    await act(async () => jest.advanceTimersByTime(2_000));
    expect(api.round).toHaveBeenCalledTimes(2);
  });

  it('shows the rules with each payout and RTP, how PF-1 draws and how amounts round', async () => {
    renderPage();
    await screen.findByRole('heading', { name: 'Dragon Tiger 20-20', level: 1 });
    expect(screen.getByText('One card each to Dragon and Tiger from one deck.')).toBeInTheDocument();
    const payouts = screen.getByRole('table', { name: 'Winner payouts' });
    expect(within(payouts).getByRole('row', { name: /^Tie/ })).toHaveTextContent('Tie50—84.30%');
    // Exactly how PF-1 draws and how amounts round, as the Verify view says it.
    expect(screen.getByRole('list', { name: 'How the cards are drawn' })).toHaveTextContent('otherwise j = ⌊u / q⌋');
    expect(screen.getByRole('list', { name: 'How amounts round' })).toHaveTextContent('rounded down to the paisa: ₹1.01 backed at 1.98 wins 98.98 paise, paid as 98 paise (₹0.98)');
  });
});

describe('CasinoTablePage with a table layout', () => {
  it('Lottery: a picked Triple opens the slip, whose book sums up the other 999 numbers', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const lottery = { gameCode: 'lottery', markets: gameMarkets('lottery') };
    api.table.mockResolvedValue(buildCasinoTable({ gameCode: 'lottery', title: 'Lottery', round: buildCasinoRound(lottery) }));
    // Held: Back 512 for 100 @ 900.
    api.bets.mockResolvedValue(betsPage([buildCasinoBet('b1', { marketId: 'cr1.TRIPLE', marketName: 'Triple', selectionId: '512', selectionName: '512', odds: 900 })]));
    renderPage();
    await screen.findByRole('heading', { name: 'Lottery', level: 1 });
    serverSends(buildCasinoRound(lottery));
    const triple = within(screen.getByRole('group', { name: 'Triple' }));
    for (const [name, digit] of [['1st digit', '0'], ['2nd digit', '4'], ['3rd digit', '7']]) await user.selectOptions(triple.getByRole('combobox', { name }), digit);
    const prices = screen.getByRole('region', { name: 'Triple' });
    await waitFor(() => expect(within(prices).getByRole('row', { name: /^512/ })).toHaveTextContent('89,900.00'));
    await user.click(within(prices).getByRole('button', { name: 'Back 047 at 900' }));
    const slip = screen.getByRole('form', { name: 'Bet slip' });
    await user.type(within(slip).getByLabelText('Stake'), '100');
    // With Back 047 for 100 @ 900: 047 −100 + 89,900, 512 +89,900 − 100, every other number −100 − 100.
    const book = within(slip).getByRole('table', { name: 'Profit or loss if each runner wins' });
    expect(within(book).getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual(['047-100.0089,800.00', '51289,900.0089,800.00', 'Any other number-100.00-200.00']);
    expect(slip).toHaveTextContent('Exposure on this market: 100.00 → 200.00');
  });

  it('Roulette: a tap on a number opens its slip under the layout, whose book reads this number / any other; an outside bet, its outcome / the rest', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const roulette = { gameCode: 'roulette', markets: gameMarkets('roulette') };
    api.table.mockResolvedValue(buildCasinoTable({ gameCode: 'roulette', title: 'Roulette', round: buildCasinoRound(roulette) }));
    // Held: Back Red for 100 @ 2.
    api.bets.mockResolvedValue(betsPage([buildCasinoBet('b1', { marketId: 'cr1.RED_BLACK', marketName: 'Red / Black', selectionId: 'RED', selectionName: 'Red', odds: 2 })]));
    renderPage();
    await screen.findByRole('heading', { name: 'Roulette', level: 1 });
    serverSends(buildCasinoRound(roulette));
    // The wheel instead of the cards' line; no ladder of 37 numbers.
    expect(await screen.findByRole('region', { name: 'Wheel' })).toHaveTextContent('The wheel spins when betting closes.');
    expect(screen.queryByText('The cards are dealt when betting closes.')).toBeNull();
    const grid = within(await screen.findByRole('group', { name: 'Roulette bets' }));
    expect(screen.queryAllByRole('button', { name: /^Back / })).toHaveLength(0);
    await waitFor(() => expect(grid.getByRole('button', { name: 'Red, back at 2, your stake 100.00' })).toBeInTheDocument());

    await user.click(grid.getByRole('button', { name: '17, black, back at 36' }));
    let slip = screen.getByRole('form', { name: 'Bet slip' });
    expect(slip).toHaveTextContent('Back 17 Straight up at 36');
    await user.type(within(slip).getByLabelText('Stake'), '100');
    const rows = () => within(within(screen.getByRole('form', { name: 'Bet slip' })).getByRole('table', { name: 'Profit or loss if each runner wins' })).getAllByRole('row').slice(1).map((r) => r.textContent);
    // Back 17 for 100 @ 36: 17 wins 3,500, any other number loses the 100.
    expect(rows()).toEqual(['170.003,500.00', 'Any other number0.00-100.00']);

    await user.click(grid.getByRole('button', { name: 'Black, back at 2' }));
    slip = screen.getByRole('form', { name: 'Bet slip' });
    await user.type(within(slip).getByLabelText('Stake'), '100');
    // Held Red for 100, Back Black for 100 @ 2: Red +100 − 100, Black −100 + 100, 0 (any other number) −100 − 100.
    expect(rows()).toEqual(['Red100.000.00', 'Black-100.000.00', 'Any other number-100.00-200.00']);
  });

  it('3 Cards Judgement: three ranks bring their market\'s Yes and No', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const judgement = { gameCode: 'teen3cj', markets: gameMarkets('teen3cj') };
    api.table.mockResolvedValue(buildCasinoTable({ gameCode: 'teen3cj', title: '3 Cards Judgement', round: buildCasinoRound(judgement) }));
    renderPage();
    await screen.findByRole('heading', { name: '3 Cards Judgement', level: 1 });
    serverSends(buildCasinoRound(judgement));
    const ranks = within(screen.getByRole('group', { name: 'Choose 3 cards' }));
    for (const r of ['Q', '9', '2']) await user.click(ranks.getByRole('button', { name: r }));
    await user.click(within(screen.getByRole('region', { name: '2 9 Q' })).getByRole('button', { name: 'Back No at 2.19' }));
    expect(screen.getByRole('form', { name: 'Bet slip' })).toHaveTextContent('Back No 2 9 Q at 2.19');
  });
});
