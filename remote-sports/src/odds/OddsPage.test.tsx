import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { BehaviorSubject } from 'rxjs';
import { ApiError, BET_REFUSED_TOPIC, DEFAULT_BET_PREFERENCES, currentUser, formatOffTime, initialMatchState, on, publish, setUser, type MarketPosition, type MatchDetail, type MatchState, type PlaceBetResponse, type PlacedBet, type UserInfo } from '@backlay/shared';
import { buildFancy, buildMarket, buildRunner, buildScore, fakeBets, fakeMarketData, fakeSports, renderWithApis, withMocks } from '@backlay/shared/testing';
import { type Apis } from '@backlay/shared';
import { prefetch } from '../expose/routes';
import { orderMarkets, OddsPage, POSITIONS_WAIT_MS } from './OddsPage';

const api = withMocks(fakeSports, 'matchById', 'buttonValues', 'betPreferences', 'saveBetPreferences');
const bets = withMocks(fakeBets, 'matchPositions', 'betsOnMatch', 'placeBet');
const data = withMocks(fakeMarketData, 'watchMatch', 'close');
const apis = { sports: api, bets, marketData: data };

const detail: MatchDetail = {
  _id: 'm1', sportId: 4, name: 'India v Australia', competitionId: 'c1', competitionName: 'Border-Gavaskar Trophy', openDate: '2026-11-21T10:00:00Z', inPlay: true, status: 'inplay', active: true,
};

let feed: BehaviorSubject<MatchState>;
let watchers = 0;

function renderAt(path = '/odds/m1') {
  return renderWithApis(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/odds/:matchId" element={<OddsPage />} />
      </Routes>
    </MemoryRouter>,
    apis,
  );
}

const liveState = (over: Partial<MatchState> = {}): MatchState => ({
  matchId: 'm1',
  seq: 1,
  status: 'live',
  markets: [buildMarket('bm', { type: 'bookmaker', name: 'Bookmaker' }), buildMarket('mo', { name: 'Match Odds' }), buildMarket('ou', { type: 'over_under', name: 'Over/Under 2.5' })],
  fancies: [buildFancy('f1', { name: '6 over runs IND' })],
  score: buildScore({ summary: 'IND 123/4 (15.2)', detail: ['Last 6: 1 4 0 W 2 1'] }),
  matchStatus: null,
  ...over,
});

beforeEach(() => {
  jest.resetAllMocks();
  feed = new BehaviorSubject(initialMatchState('m1'));
  watchers = 0;
  data.watchMatch.mockImplementation(() => {
    watchers += 1;
    return feed.asObservable();
  });
  api.matchById.mockResolvedValue(detail);
  api.buttonValues.mockResolvedValue([{ label: '1K', value: 1000 }, { label: '5K', value: 5000 }]);
  api.betPreferences.mockResolvedValue(DEFAULT_BET_PREFERENCES);
  bets.matchPositions.mockResolvedValue([]);
  bets.betsOnMatch.mockResolvedValue([]);
});

describe('OddsPage', () => {
  it('orders markets match odds, bookmaker, over/under', () => {
    expect(orderMarkets(liveState().markets).map((m) => m.marketId)).toEqual(['mo', 'bm', 'ou']);
  });

  it('shows the match header, then the prices once the snapshot arrives, live', async () => {
    renderAt();
    expect(await screen.findByRole('heading', { name: 'India v Australia', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Border-Gavaskar Trophy')).toBeInTheDocument();
    expect(screen.getByText('Connecting to live prices…')).toBeInTheDocument();
    expect(data.watchMatch).toHaveBeenCalledWith('m1');

    act(() => feed.next(liveState()));
    expect(screen.getByText('Live')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Score' })).getByText('IND 123/4 (15.2)')).toBeInTheDocument();
    expect(screen.getByText('Last 6: 1 4 0 W 2 1')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Match Odds', 'Bookmaker', 'Over/Under 2.5', 'Fancy sessions', 'My Bets (0)']);
    expect(screen.getByRole('listitem', { name: '6 over runs IND' })).toBeInTheDocument();

    // A delta suspends the match odds: the overlay appears with no reload, and goes again.
    act(() => feed.next(liveState({ seq: 2, markets: [buildMarket('mo', { name: 'Match Odds', status: 'suspended' })] })));
    expect(within(screen.getByRole('region', { name: 'Match Odds' })).getByRole('status')).toHaveTextContent('Suspended');
    act(() => feed.next(liveState({ seq: 3, markets: [buildMarket('mo', { name: 'Match Odds' })] })));
    expect(within(screen.getByRole('region', { name: 'Match Odds' })).queryByRole('status')).not.toBeInTheDocument();

    act(() => feed.next(liveState({ status: 'resyncing' })));
    expect(screen.getByText('Reconnecting to live prices…')).toBeInTheDocument();
  });

  it("takes the match header its route module asked early when the page opened on it, asking once, and watches the match's prices from then (ADR 0085)", async () => {
    prefetch?.odds?.({ matchId: 'm1' }, apis as unknown as Apis);
    expect(api.matchById).toHaveBeenCalledTimes(1);
    // The match is watched before the page is drawn: the data connection opens with the chunks.
    expect(data.watchMatch).toHaveBeenCalledWith('m1');
    expect(watchers).toBe(1);
    for (const call of [bets.matchPositions, bets.betsOnMatch, api.buttonValues, api.betPreferences]) expect(call).toHaveBeenCalledTimes(1);
    renderAt();
    expect(await screen.findByRole('heading', { name: 'India v Australia', level: 1 })).toBeInTheDocument();
    expect(api.matchById).toHaveBeenCalledTimes(1);
    expect(api.matchById).toHaveBeenCalledWith('m1');
    // The player's side of the page too: the page took what was asked before it was drawn.
    for (const call of [bets.matchPositions, bets.betsOnMatch, api.buttonValues, api.betPreferences]) expect(call).toHaveBeenCalledTimes(1);
    expect(bets.matchPositions).toHaveBeenCalledWith('m1');
  });

  it('opens the rules pop-up of a market\'s type', async () => {
    renderAt();
    await screen.findByRole('heading', { name: 'India v Australia' });
    act(() => feed.next(liveState()));
    await userEvent.click(screen.getByRole('button', { name: 'Rules: Bookmaker' }));
    const dialog = screen.getByRole('dialog', { name: 'Rules: Bookmaker' });
    expect(within(dialog).getByText(/A back of stake S at rate R wins S × R \/ 100/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await userEvent.click(screen.getByRole('button', { name: 'Rules: Fancy sessions' }));
    expect(screen.getByRole('dialog', { name: 'Rules: Fancy / session' })).toBeInTheDocument();
  });

  it('says so when the match has no open markets', async () => {
    renderAt();
    await screen.findByRole('heading', { name: 'India v Australia' });
    act(() => feed.next(liveState({ markets: [], fancies: [], score: null })));
    expect(screen.getByText('No markets are open on this match right now.')).toBeInTheDocument();
  });

  it('folds closed fancy sessions into a collapsed Closed sessions section', async () => {
    renderAt();
    await screen.findByRole('heading', { name: 'India v Australia' });
    act(() =>
      feed.next(
        liveState({
          fancies: [
            buildFancy('f1', { name: '6 over runs IND' }),
            // Settled on a declared 84 while the feed said 81: the player sees what the bets were settled on.
            buildFancy('f2', { name: '10 over runs IND', status: 'closed', result: 81, settled: { type: 'RUNS', runs: 84 } }),
            buildFancy('f3', { name: 'Fall of 1st wkt', status: 'closed' }),
          ],
        }),
      ),
    );
    const open = screen.getByRole('list', { name: 'Fancy sessions' });
    expect(within(open).getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual(['6 over runs IND']);
    const folded = screen.getByText('Closed sessions (2)').closest('details');
    expect(folded).not.toBeNull();
    expect(folded).not.toHaveAttribute('open');
    const closed = within(folded as HTMLElement).getByRole('list', { name: 'Closed sessions', hidden: true });
    expect(within(closed).getAllByRole('listitem', { hidden: true }).map((li) => li.textContent)).toEqual(['10 over runs INDSettled · 84 runs', 'Fall of 1st wktClosed · awaiting result']);
    expect(within(closed).queryByRole('button', { hidden: true })).not.toBeInTheDocument();

    // Only closed sessions left: no open list, no "no markets" notice while match markets remain.
    act(() => feed.next(liveState({ fancies: [buildFancy('f2', { name: '10 over runs IND', status: 'closed', result: 81 })] })));
    expect(screen.queryByRole('list', { name: 'Fancy sessions' })).not.toBeInTheDocument();
    expect(screen.getByText('Closed sessions (1)')).toBeInTheDocument();
  });

  it('says Finished, never Live or In-play, on a closed match', async () => {
    api.matchById.mockResolvedValue({ ...detail, status: 'closed', inPlay: true });
    renderAt();
    await screen.findByRole('heading', { name: 'India v Australia' });
    act(() => feed.next(liveState({ score: buildScore({ inPlay: true, summary: 'IND 181/6 (20)' }) })));
    expect(screen.getByText('Finished')).toBeInTheDocument();
    expect(screen.queryByText('Live')).not.toBeInTheDocument();
    expect(screen.queryByText('In-play')).not.toBeInTheDocument();
  });

  it('turns Finished live when a delta says the match ended, with no reload', async () => {
    renderAt();
    await screen.findByRole('heading', { name: 'India v Australia' });
    act(() => feed.next(liveState({ score: buildScore({ inPlay: true }) })));
    expect(screen.getByText('In-play')).toBeInTheDocument();
    expect(screen.getByText('Live')).toBeInTheDocument();
    act(() => feed.next(liveState({ seq: 2, score: buildScore({ inPlay: true }), matchStatus: 'closed' })));
    expect(screen.getByText('Finished')).toBeInTheDocument();
    expect(screen.queryByText('Live')).not.toBeInTheDocument();
    expect(screen.queryByText('In-play')).not.toBeInTheDocument();
    expect(api.matchById).toHaveBeenCalledTimes(1);
  });

  it('says In-play on a match being played', async () => {
    renderAt();
    await screen.findByRole('heading', { name: 'India v Australia' });
    act(() => feed.next(liveState({ score: buildScore({ inPlay: true }) })));
    expect(screen.getByText('In-play')).toHaveClass('bl-inplay');
    expect(screen.queryByText('Finished')).not.toBeInTheDocument();
  });

  it('says so when the data socket refuses the match', async () => {
    renderAt();
    await screen.findByRole('heading', { name: 'India v Australia' });
    act(() => feed.next({ ...initialMatchState('m1'), status: 'unavailable', error: 'Match not found' }));
    expect(screen.getByText('Live prices are not available for this match: Match not found')).toBeInTheDocument();
    expect(screen.getByText('No live prices')).toBeInTheDocument();
  });

  it('stops watching when it leaves the page', async () => {
    const { unmount } = renderAt();
    await screen.findByRole('heading', { name: 'India v Australia' });
    expect(feed.observed).toBe(true);
    unmount();
    expect(feed.observed).toBe(false);
    expect(watchers).toBe(1);
  });

  it('shows the server\'s refusal when the match cannot be opened', async () => {
    api.matchById.mockRejectedValue(new ApiError('Not found', 404, 'NOT_FOUND'));
    renderAt('/odds/zz');
    expect(await screen.findByText('This match could not be opened: Not found')).toBeInTheDocument();
  });

  describe('the player\'s bets', () => {
    const player: UserInfo = {
      _id: 'u1', username: 'demo-user', role: 'user', roleLabel: 'USER', sessionId: 's1', balance: 1000, exposer: 100,
      changePassAndTxn: false, mustChangePassword: false, hasTransactionPassword: true, lastLoginAt: null,
    };
    const moPosition: MarketPosition = { marketId: 'mo', marketType: 'match_odds', profitlist: [{ selectionId: 'a', profit: 150 }, { selectionId: 'b', profit: -100 }], exposure: 100 };
    // NO 45 @ 110, stake 1,000 (docs/rules/money.md T11): 44 and below +1,000, 45 and above −1,100.
    const fancyPosition: MarketPosition = { marketId: 'f1', marketType: 'fancy', profitlist: [{ selectionId: '0', fromRuns: 0, profit: 1000 }, { selectionId: '45', fromRuns: 45, profit: -1100 }], exposure: 1100 };

    async function openLive() {
      renderAt();
      await screen.findByRole('heading', { name: 'India v Australia' });
      act(() => feed.next(liveState()));
      await screen.findByText('My Bets (0)');
    }

    beforeEach(() => act(() => setUser(player)));
    afterEach(() => act(() => setUser(null)));

    it('shows the P&L under each runner, green or red, and each fancy\'s exposure with its run book', async () => {
      bets.matchPositions.mockResolvedValue([moPosition, fancyPosition]);
      await openLive();
      const matchOdds = screen.getByRole('region', { name: 'Match Odds' });
      await waitFor(() => expect(within(matchOdds).getByRole('row', { name: /^Runner a/ })).toHaveTextContent('150.00'));
      expect(within(within(matchOdds).getByRole('row', { name: /^Runner a/ })).getByText('150.00')).toHaveAttribute('data-pnl', 'pos');
      expect(within(within(matchOdds).getByRole('row', { name: /^Runner b/ })).getByText('-100.00')).toHaveAttribute('data-pnl', 'neg');
      // No position on the bookmaker: no P&L under its runners.
      expect(within(screen.getByRole('region', { name: 'Bookmaker' })).queryByText(/\.00$/)).not.toBeInTheDocument();

      const line = screen.getByRole('listitem', { name: '6 over runs IND' });
      expect(within(line).getByText('-1,100.00')).toHaveAttribute('data-pnl', 'neg');
      await userEvent.click(within(line).getByRole('button', { name: 'Book: 6 over runs IND' }));
      const dialog = screen.getByRole('dialog', { name: 'Run book: 6 over runs IND' });
      const rows = within(dialog).getAllByRole('row').slice(1);
      // RUN_BOOK_MARGIN (5) runs either side of the line 45.
      expect(rows.map((r) => r.textContent)).toEqual([
        ...[40, 41, 42, 43, 44].map((x) => `${x}1,000.00`),
        ...[45, 46, 47, 48, 49, 50].map((x) => `${x}-1,100.00`),
      ]);
    });

    it("draws the markets with the player's positions, not before them: a cash-out panel that came later would push the markets below it down (ADR 0082)", async () => {
      let answer: (list: MarketPosition[]) => void = () => undefined;
      bets.matchPositions.mockReturnValue(new Promise((resolve) => (answer = resolve)));
      renderAt();
      await screen.findByRole('heading', { name: 'India v Australia' });
      act(() => feed.next(liveState()));
      // The prices are here, the positions not yet: the markets wait in the spinner's place.
      expect(screen.getByText('Loading prices')).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Match Odds' })).not.toBeInTheDocument();
      await act(async () => answer([moPosition]));
      // Drawn together: the market and the cash-out panel under it.
      expect(screen.getByRole('region', { name: 'Match Odds' })).toBeInTheDocument();
      expect(screen.getByRole('group', { name: 'Cash out: Match Odds' })).toBeInTheDocument();
      expect(screen.queryByText('Loading prices')).not.toBeInTheDocument();
    });

    it(`draws the markets without the positions when they have not come ${POSITIONS_WAIT_MS} ms after the prices: a slow answer does not hold the prices`, async () => {
      bets.matchPositions.mockReturnValue(new Promise(() => undefined));
      renderAt();
      await screen.findByRole('heading', { name: 'India v Australia' });
      const pricesAt = Date.now();
      act(() => feed.next(liveState()));
      expect(screen.queryByRole('region', { name: 'Match Odds' })).not.toBeInTheDocument();
      expect(await screen.findByRole('region', { name: 'Match Odds' })).toBeInTheDocument();
      expect(Date.now() - pricesAt).toBeGreaterThanOrEqual(POSITIONS_WAIT_MS - 50);
      expect(screen.queryByRole('group', { name: 'Cash out: Match Odds' })).not.toBeInTheDocument();
    });

    it('keeps the exposure and run book of a closed session the player has bets on, in the folded section', async () => {
      bets.matchPositions.mockResolvedValue([fancyPosition]);
      renderAt();
      await screen.findByRole('heading', { name: 'India v Australia' });
      act(() => feed.next(liveState({ fancies: [buildFancy('f1', { name: '6 over runs IND', status: 'closed' })] })));
      const folded = (await screen.findByText('Closed sessions (1)')).closest('details') as HTMLElement;
      const line = within(folded).getByRole('listitem', { name: '6 over runs IND', hidden: true });
      await waitFor(() => expect(within(line).getByText('-1,100.00')).toHaveAttribute('data-pnl', 'neg'));
      await userEvent.click(within(line).getByRole('button', { name: 'Book: 6 over runs IND', hidden: true }));
      expect(screen.getByRole('dialog', { name: 'Run book: 6 over runs IND' })).toBeInTheDocument();
    });

    it('backs a runner: the slip opens under its market at the clicked price, the stake buttons fill the stake, and a placed bet puts the reply\'s P&L on the runners and reads the bets once', async () => {
      const n = notices();
      bets.matchPositions.mockResolvedValue([moPosition]);
      bets.placeBet.mockResolvedValue({ data: backB, message: 'Bet Placed Successfully' });
      await openLive();
      await userEvent.click(within(screen.getByRole('region', { name: 'Match Odds' })).getByRole('button', { name: 'Back Runner b at 2.2' }));
      const slip = screen.getByRole('form', { name: 'Bet slip' });
      // Under the match odds ladder, not the bookmaker's.
      expect(screen.getByRole('region', { name: 'Match Odds' }).parentElement).toContainElement(slip);
      expect(within(slip).getByLabelText('Odds')).toHaveValue('2.2');
      expect(within(slip).getByRole('button', { name: 'Place Bet' })).toBeDisabled();
      await userEvent.click(within(slip).getByRole('button', { name: '1K' }));
      expect(within(slip).getByLabelText('Stake')).toHaveValue('1000');
      // Back b 1,000 @ 2.2: b +1,200, a −1,000 on top of (a +150, b −100).
      const book = within(slip).getByRole('table', { name: 'Profit or loss if each runner wins' });
      expect(within(book).getByRole('row', { name: /^Runner a/ })).toHaveTextContent('Runner a150.00-850.00');
      expect(within(book).getByRole('row', { name: /^Runner b/ })).toHaveTextContent('Runner b-100.001,100.00');
      expect(slip).toHaveTextContent('Exposure on this market: 100.00 → 850.00');

      await userEvent.click(within(slip).getByRole('button', { name: 'Place Bet' }));
      await waitFor(() => expect(screen.queryByRole('form', { name: 'Bet slip' })).not.toBeInTheDocument());
      expect(bets.placeBet).toHaveBeenCalledWith({ matchId: 'm1', marketId: 'mo', selectionId: 'b', side: 'BACK', odds: 2.2, stake: 1000, oddsAcceptance: 'better' }, expect.stringMatching(/^[0-9a-f-]{36}$/));
      expect(n.seen).toEqual([{ kind: 'success', message: 'Bet Placed Successfully' }]);
      // The reply's P&L, with no GET for it; the bets are read once more.
      const matchOdds = screen.getByRole('region', { name: 'Match Odds' });
      expect(within(matchOdds).getByRole('row', { name: /^Runner a/ })).toHaveTextContent('-850.00');
      expect(within(matchOdds).getByRole('row', { name: /^Runner b/ })).toHaveTextContent('1,100.00');
      await settled();
      expect(bets.matchPositions).toHaveBeenCalledTimes(1);
      expect(bets.betsOnMatch).toHaveBeenCalledTimes(2);
      // The header is the socket's to write, not the page's.
      expect(currentUser()).toMatchObject({ balance: 1000, exposer: 100 });

      // The next submission gets its own key, and the slip now starts from the reply's book.
      await userEvent.click(within(matchOdds).getByRole('button', { name: 'Lay Runner a at 1.82' }));
      const second = screen.getByRole('form', { name: 'Bet slip' });
      expect(within(second).getByRole('row', { name: /^Runner a/ })).toHaveTextContent('Runner a-850.00–');
      await userEvent.type(within(second).getByLabelText('Stake'), '200');
      expect(second).toHaveTextContent('Exposure on this market: 850.00 → ');
      await userEvent.click(within(second).getByRole('button', { name: 'Place Bet' }));
      await waitFor(() => expect(bets.placeBet).toHaveBeenCalledTimes(2));
      expect(bets.placeBet.mock.calls[1][0]).toEqual({ matchId: 'm1', marketId: 'mo', selectionId: 'a', side: 'LAY', odds: 1.82, stake: 200, oddsAcceptance: 'better' });
      expect(bets.placeBet.mock.calls[1][1]).not.toBe(bets.placeBet.mock.calls[0][1]);
      n.stop();
    });

    it.each([
      ['after the reply', false],
      ['before the reply', true],
    ])('takes the socket\'s balance message that echoes the bet %s for no news: one GET in all', async (_, socketFirst) => {
      bets.matchPositions.mockResolvedValue([moPosition]);
      let answer: (value: { data: PlaceBetResponse; message: string }) => void = () => undefined;
      bets.placeBet.mockReturnValue(new Promise((resolve) => (answer = resolve)));
      await openLive();
      await placeBackB();
      // The message names the bet it echoes (its figures need not match the reply's: the id decides).
      const echo = { balance: backB.balance, exposer: backB.exposer, betId: backB.bet.betId };
      if (socketFirst) act(() => publish('wallet.balanceChanged', echo));
      await act(async () => answer({ data: backB, message: 'Bet Placed Successfully' }));
      if (!socketFirst) act(() => publish('wallet.balanceChanged', echo));
      await settled();
      expect(bets.matchPositions).toHaveBeenCalledTimes(1);
      expect(bets.betsOnMatch).toHaveBeenCalledTimes(2);
      expect(within(screen.getByRole('region', { name: 'Match Odds' })).getByRole('row', { name: /^Runner b/ })).toHaveTextContent('1,100.00');
    });

    it('reloads the book and the bets, once, when a balance message held during the bet turns out to be news', async () => {
      bets.matchPositions.mockResolvedValue([moPosition]);
      let answer: (value: { data: PlaceBetResponse; message: string }) => void = () => undefined;
      bets.placeBet.mockReturnValue(new Promise((resolve) => (answer = resolve)));
      await openLive();
      await placeBackB();
      // A settlement elsewhere moved the wallet while the bet was under way.
      act(() => publish('wallet.balanceChanged', { balance: 1500, exposer: 100, journalId: 'settlement-1' }));
      expect(bets.matchPositions).toHaveBeenCalledTimes(1);
      await act(async () => answer({ data: backB, message: 'Bet Placed Successfully' }));
      await settled();
      expect(bets.matchPositions).toHaveBeenCalledTimes(2);
      expect(bets.betsOnMatch).toHaveBeenCalledTimes(2);
    });

    it('places a YES on a fancy at its line and rate from a slip under the line, and shows the reply\'s exposure on the line', async () => {
      bets.matchPositions.mockResolvedValue([fancyPosition]);
      // T11 book + YES 46 @ 100, 1,000: 44 and below 0, 45 −2,100, 46 and above −100.
      const profitlist = [{ selectionId: '0', fromRuns: 0, profit: 0 }, { selectionId: '45', fromRuns: 45, profit: -2100 }, { selectionId: '46', fromRuns: 46, profit: -100 }];
      bets.placeBet.mockResolvedValue({ data: { exposer: 2100, balance: 1000, profitlist, bet: placedBet({ betId: 'f', marketType: 'fancy', marketId: 'f1', selectionId: 'f1', side: 'YES', odds: 100, run: 46 }) }, message: 'Bet Placed Successfully' });
      await openLive();
      const line = screen.getByRole('listitem', { name: '6 over runs IND' });
      await waitFor(() => expect(within(line).getByText('-1,100.00')).toBeInTheDocument());
      await userEvent.click(within(line).getByRole('button', { name: 'Yes: 46 at 100' }));
      const slip = within(line).getByRole('form', { name: 'Bet slip' });
      expect(within(slip).queryByLabelText('Odds')).not.toBeInTheDocument();
      await userEvent.type(within(slip).getByLabelText('Stake'), '1000');
      expect(slip).toHaveTextContent('Exposure on this fancy: 1,100.00 → 2,100.00');
      await userEvent.click(within(slip).getByRole('button', { name: 'Place Bet' }));
      await waitFor(() => expect(bets.placeBet).toHaveBeenCalledWith({ matchId: 'm1', fancyId: 'f1', side: 'YES', run: 46, rate: 100, stake: 1000 }, expect.any(String)));
      expect(await within(line).findByText('-2,100.00')).toHaveAttribute('data-pnl', 'neg');
      await settled();
      expect(bets.matchPositions).toHaveBeenCalledTimes(1);
    });

    it('lists the bets on the match in My Bets, newest first, a voided one struck through and labelled Void', async () => {
      // Oldest first from the API; newest first on screen.
      bets.betsOnMatch.mockResolvedValue([
        placedBet({ betId: 'b1', selectionId: 'a', side: 'BACK', odds: 1.8, stake: 500, createdAt: '2026-11-21T10:05:00Z' }),
        placedBet({ betId: 'b2', marketType: 'fancy', marketId: 'f1', selectionId: 'f1', side: 'NO', odds: 110, run: 45, stake: 1000, status: 'voided', createdAt: '2026-11-21T10:06:00Z' }),
      ]);
      renderAt();
      await screen.findByRole('heading', { name: 'India v Australia' });
      act(() => feed.next(liveState()));
      const table = await screen.findByRole('table', { name: 'My bets on this match' });
      expect(screen.getByRole('heading', { name: 'My Bets (2)' })).toBeInTheDocument();
      const [voided, open] = within(table).getAllByRole('row').slice(1);
      expect(voided).toHaveClass('bl-bet--lay', 'bl-bet--void');
      expect(voided).toHaveTextContent(/6 over runs IND.*Fancy.*Void/);
      expect(within(voided).getByText('No')).toHaveClass('bl-bet__struck');
      expect(within(voided).getByText('45 / 110')).toBeInTheDocument();
      expect(open).toHaveClass('bl-bet--back');
      expect(open).not.toHaveClass('bl-bet--void');
      expect(open).toHaveTextContent(/Runner a.*Match Odds/);
      expect(within(open).getByText('1.8')).toBeInTheDocument();
      expect(within(open).getByText('500.00')).toBeInTheDocument();
    });

    it('reloads the book and bets when the wallet moves (a settlement, a void)', async () => {
      await openLive();
      expect(bets.matchPositions).toHaveBeenCalledTimes(1);
      act(() => publish('wallet.balanceChanged', { balance: 1200, exposer: 0 }));
      await waitFor(() => expect(bets.matchPositions).toHaveBeenCalledTimes(2));
      expect(bets.betsOnMatch).toHaveBeenCalledTimes(2);
    });

    it('keeps a reply\'s P&L over a book load that was sent before the bet, and lets a later load win', async () => {
      let loadAnswer: (value: MarketPosition[]) => void = () => undefined;
      bets.placeBet.mockResolvedValue({ data: backB, message: 'Bet Placed Successfully' });
      await openLive();
      // A settlement elsewhere: the book is read again, and that answer is slow.
      bets.matchPositions.mockReturnValueOnce(new Promise((resolve) => (loadAnswer = resolve)));
      act(() => publish('wallet.balanceChanged', { balance: 1200, exposer: 100 }));
      await placeBackB();
      const runnerB = () => within(screen.getByRole('region', { name: 'Match Odds' })).getByRole('row', { name: /^Runner b/ });
      await waitFor(() => expect(runnerB()).toHaveTextContent('1,100.00'));
      // The slow answer knows nothing of the bet: the reply's P&L stays.
      await act(async () => loadAnswer([moPosition]));
      expect(runnerB()).toHaveTextContent('1,100.00');
      // A load sent after the bet is the book.
      bets.matchPositions.mockResolvedValue([{ ...moPosition, profitlist: [{ selectionId: 'a', profit: -800 }, { selectionId: 'b', profit: 1000 }] }]);
      act(() => publish('wallet.balanceChanged', { balance: 1300, exposer: 800 }));
      await waitFor(() => expect(runnerB()).toHaveTextContent('1,000.00'));
    });

    describe('one-click betting and odds acceptance (ADR 0055)', () => {
      it('is off by default: the bar says so and a price opens the slip, whose odds acceptance is the stored one and saved when changed', async () => {
        api.betPreferences.mockResolvedValue({ ...DEFAULT_BET_PREFERENCES, oddsAcceptance: 'exact' });
        api.saveBetPreferences.mockResolvedValue({ data: { ...DEFAULT_BET_PREFERENCES, oddsAcceptance: 'any' }, message: 'Bet settings saved' });
        await openLive();
        const bar = screen.getByRole('region', { name: 'One-click betting' });
        expect(within(bar).getByRole('checkbox', { name: 'One-click betting' })).not.toBeChecked();
        expect(bar).toHaveTextContent('One-click betting is off: a price opens the bet slip.');
        await userEvent.click(within(screen.getByRole('region', { name: 'Match Odds' })).getByRole('button', { name: 'Back Runner b at 2.2' }));
        const slip = screen.getByRole('form', { name: 'Bet slip' });
        await waitFor(() => expect(within(slip).getByLabelText('If the price moves')).toHaveValue('exact'));
        await userEvent.selectOptions(within(slip).getByLabelText('If the price moves'), 'any');
        expect(api.saveBetPreferences).toHaveBeenCalledWith({ oddsAcceptance: 'any' });
        await waitFor(() => expect(within(slip).getByLabelText('If the price moves')).toHaveValue('any'));
        expect(bets.placeBet).not.toHaveBeenCalled();
      });

      it('on: the bar shows ON with the stake, and a price places at once at that stake, without the slip, with the countdown and the toast', async () => {
        const n = notices();
        api.betPreferences.mockResolvedValue({ oddsAcceptance: 'any', oneClick: true, oneClickStake: 500 });
        let answer: (value: { data: PlaceBetResponse; message: string }) => void = () => undefined;
        bets.placeBet.mockReturnValue(new Promise((resolve) => (answer = resolve)));
        await openLive();
        const bar = screen.getByRole('region', { name: 'One-click betting' });
        await waitFor(() => expect(bar).toHaveTextContent('One-click betting ON · stake 500.00 a click'));
        expect(within(bar).getByRole('checkbox', { name: 'One-click betting' })).toBeChecked();
        expect(within(bar).getByLabelText('One-click stake')).toHaveValue('500');
        // The match odds market of the fixtures waits 5 s.
        await userEvent.click(within(screen.getByRole('region', { name: 'Match Odds' })).getByRole('button', { name: 'Back Runner b at 2.2' }));
        expect(screen.queryByRole('form', { name: 'Bet slip' })).toBeNull();
        expect(bets.placeBet).toHaveBeenCalledWith({ matchId: 'm1', marketId: 'mo', selectionId: 'b', side: 'BACK', odds: 2.2, stake: 500, oddsAcceptance: 'any' }, expect.stringMatching(/^[0-9a-f-]{36}$/));
        expect(within(bar).getByText(/^Back Runner b @ 2.2: Placing… [45] s$/)).toBeInTheDocument();
        await act(async () => answer({ data: { ...backB, bet: { ...backB.bet, odds: 2.24 } }, message: 'Bet Placed Successfully' }));
        expect(within(bar).queryByText(/Placing/)).toBeNull();
        expect(n.seen).toContainEqual({ kind: 'success', message: 'Bet Placed Successfully · matched at 2.24 (asked 2.2)' });
        // Each click is its own bet with its own key.
        bets.placeBet.mockResolvedValue({ data: backB, message: 'Bet Placed Successfully' });
        await userEvent.click(within(screen.getByRole('region', { name: 'Match Odds' })).getByRole('button', { name: 'Back Runner b at 2.2' }));
        await waitFor(() => expect(bets.placeBet).toHaveBeenCalledTimes(2));
        expect(bets.placeBet.mock.calls[1][1]).not.toBe(bets.placeBet.mock.calls[0][1]);
        n.stop();
      });

      it('a refused one-click bet is an error toast; the switch and the stake are saved from the bar', async () => {
        const n = notices();
        api.betPreferences.mockResolvedValue({ oddsAcceptance: 'better', oneClick: true, oneClickStake: 100 });
        bets.placeBet.mockRejectedValue(new ApiError('Odds changed: requested 2.20, live back 2.18', 409, 'ODDS_CHANGED'));
        await openLive();
        const bar = screen.getByRole('region', { name: 'One-click betting' });
        await waitFor(() => expect(within(bar).getByRole('checkbox', { name: 'One-click betting' })).toBeChecked());
        await userEvent.click(within(screen.getByRole('region', { name: 'Match Odds' })).getByRole('button', { name: 'Back Runner b at 2.2' }));
        await waitFor(() => expect(n.seen).toContainEqual({ kind: 'error', message: 'Odds changed: requested 2.20, live back 2.18', topic: BET_REFUSED_TOPIC }));

        api.saveBetPreferences.mockResolvedValueOnce({ data: { oddsAcceptance: 'better', oneClick: true, oneClickStake: 250 }, message: 'Bet settings saved' });
        await userEvent.clear(within(bar).getByLabelText('One-click stake'));
        await userEvent.type(within(bar).getByLabelText('One-click stake'), '250');
        await userEvent.click(within(bar).getByRole('button', { name: 'Set stake' }));
        expect(api.saveBetPreferences).toHaveBeenCalledWith({ oneClickStake: 250 });
        await waitFor(() => expect(bar).toHaveTextContent('ON · stake 250.00 a click'));

        api.saveBetPreferences.mockResolvedValueOnce({ data: { oddsAcceptance: 'better', oneClick: false, oneClickStake: 250 }, message: 'Bet settings saved' });
        await userEvent.click(within(bar).getByRole('checkbox', { name: 'One-click betting' }));
        expect(api.saveBetPreferences).toHaveBeenLastCalledWith({ oneClick: false });
        await waitFor(() => expect(within(bar).getByRole('checkbox', { name: 'One-click betting' })).not.toBeChecked());
        // Off again: a price opens the slip.
        await userEvent.click(within(screen.getByRole('region', { name: 'Match Odds' })).getByRole('button', { name: 'Back Runner b at 2.2' }));
        expect(screen.getByRole('form', { name: 'Bet slip' })).toBeInTheDocument();
        n.stop();
      });

      it('refuses a one-click stake that is not whole rupees from 1 to 10,00,000', async () => {
        await openLive();
        const bar = screen.getByRole('region', { name: 'One-click betting' });
        for (const text of ['0', '12.5', '1000001', 'abc']) {
          await userEvent.clear(within(bar).getByLabelText('One-click stake'));
          await userEvent.type(within(bar).getByLabelText('One-click stake'), text);
          expect(within(bar).getByRole('button', { name: 'Set stake' })).toBeDisabled();
          expect(bar).toHaveTextContent('Stake must be a whole number of rupees from 1 to 10,00,000');
        }
        expect(api.saveBetPreferences).not.toHaveBeenCalled();
      });
    });
  });
});

/** Back b 1,000 @ 2.2 on top of moPosition: a −850, b +1,100; the wallet's exposure 850. */
const backB: PlaceBetResponse = {
  exposer: 850,
  balance: 1000,
  profitlist: [{ selectionId: 'a', profit: -850 }, { selectionId: 'b', profit: 1100 }],
  bet: placedBet({ betId: 'b1', selectionId: 'b', odds: 2.2, stake: 1000 }),
};

/** Open the slip on Back b at 2.2 with 1,000 and press Place Bet (the answer is the mock's). */
async function placeBackB() {
  await userEvent.click(within(screen.getByRole('region', { name: 'Match Odds' })).getByRole('button', { name: 'Back Runner b at 2.2' }));
  const slip = screen.getByRole('form', { name: 'Bet slip' });
  await userEvent.type(within(slip).getByLabelText('Stake'), '1000');
  await userEvent.click(within(slip).getByRole('button', { name: 'Place Bet' }));
}

/** Let every answer and effect of the page run (a reload asked for is sent by then). */
async function settled() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
}

function placedBet(over: Partial<PlacedBet>): PlacedBet {
  return { betId: 'b', matchId: 'm1', marketId: 'mo', marketType: 'match_odds', selectionId: 'a', side: 'BACK', odds: 2, run: null, stake: 100, status: 'open', createdAt: '2026-11-21T10:05:00Z', ...over };
}

function notices() {
  const seen: { kind: string; message: string }[] = [];
  const sub = on('ui.notify').subscribe((n) => seen.push(n));
  return { seen, stop: () => sub.unsubscribe() };
}

describe('OddsPage on a race', () => {
  // Ten minutes from when the test starts (not from when the file loaded: the tests before it can take a minute on a loaded machine).
  let off = new Date();
  let raceDetail: MatchDetail;
  beforeEach(() => {
    off = new Date(Date.now() + 10 * 60_000);
    raceDetail = {
      _id: 'm1', sportId: 7, name: 'Kempton · 2m Hcap', competitionId: 'k', competitionName: 'Kempton (GB)', openDate: off.toISOString(), inPlay: false, status: 'upcoming', active: true,
    };
  });
  const runners = [
    buildRunner('1', 3, { name: 'Swift Lad', clothNumber: 1 }),
    buildRunner('2', 4, { name: 'Dusty Road', clothNumber: 2 }),
    buildRunner('3', 5, { name: 'Late Call', clothNumber: 3, status: 'removed', back: [], lay: [], adjustmentFactor: 25 }),
  ];
  const raceState = (): MatchState => ({
    matchId: 'm1',
    seq: 1,
    status: 'live',
    // The server's order puts PLACE first here: the page still shows WIN first.
    markets: [buildMarket('place', { name: 'To Be Placed', numberOfWinners: 2, runners }), buildMarket('win', { name: '2m Hcap', runners })],
    fancies: [],
    score: buildScore({ home: 'Kempton', away: '2m Hcap', summary: '8 runners · 3 places', detail: [] }),
    matchStatus: null,
  });

  it('shows the venue, race, off time and countdown, then the WIN and PLACE markets with numbered runners; a price opens the slip naming both', async () => {
    api.matchById.mockResolvedValue(raceDetail);
    renderAt();
    expect(await screen.findByRole('heading', { name: 'Kempton · 2m Hcap', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Kempton (GB)')).toBeInTheDocument();
    expect(screen.getByText(formatOffTime(off))).toHaveAttribute('dateTime', off.toISOString());
    expect(screen.getByTestId('race-clock')).toHaveTextContent(/^in (9m|10m)/);
    act(() => feed.next(raceState()));
    // The race's panel has no "home v away" line: the venue and race are the title.
    expect(within(screen.getByRole('region', { name: 'Race' })).getByText('8 runners · 3 places')).toBeInTheDocument();
    expect(screen.queryByText('Kempton', { selector: '.bl-score__teams span' })).toBeNull();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Win', 'To be placed · 2 places', 'My Bets (0)']);
    const place = screen.getByRole('region', { name: 'To be placed · 2 places' });
    expect(within(place).getByRole('row', { name: /^3\. Late Call/ })).toHaveTextContent('Non-runner · Reduction 25%');
    await userEvent.click(within(place).getByRole('button', { name: 'Back 2. Dusty Road at 4' }));
    const slip = screen.getByRole('form', { name: 'Bet slip' });
    expect(slip).toHaveTextContent('2. Dusty Road');
    expect(slip).toHaveTextContent('To be placed · 2 places');
  });
});
