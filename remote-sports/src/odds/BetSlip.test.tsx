import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, BET_REFUSED_TOPIC, on, publish, RG_LIMIT_TYPES, setUser, type ErrorCode, type PlaceBetResponse, type ResponsibleGamblingView } from '@backlay/shared';
import { buildFancy, buildMarket, buildRunner, fakeBets, fakeResponsibleGambling, renderWithApis, withMocks } from '@backlay/shared/testing';
import { BetSlip, type BetSlipProps } from './BetSlip';
import { parseOdds, placeBetWithRetry } from './slip';

const bets = withMocks(fakeBets, 'placeBet');
const apis = { bets };
const market = buildMarket('mo', { runners: [buildRunner('a', 1.8, { name: 'India' }), buildRunner('b', 2.2, { name: 'Australia' })] });
const buttons = [{ label: '100', value: 100 }, { label: '1K', value: 1000 }, { label: '5K', value: 5000 }];
const response: PlaceBetResponse = {
  exposer: 100, balance: 1000, profitlist: [],
  bet: { betId: 'x', matchId: 'm1', marketId: 'mo', marketType: 'match_odds', selectionId: 'a', side: 'BACK', odds: 1.8, run: null, stake: 100, status: 'open', createdAt: '2026-11-21T10:00:00Z' },
};

function renderSlip(over: Partial<BetSlipProps> = {}) {
  const props: BetSlipProps = {
    matchId: 'm1',
    selection: { kind: 'runner', marketId: 'mo', selectionId: 'a', side: 'BACK', price: 1.8 },
    market,
    stakeButtons: buttons,
    // The page's book places through placeBetWithRetry too; here with the fake bets API under it.
    place: (body, key) => placeBetWithRetry(bets, body, key),
    onPlaced: jest.fn(),
    onCancel: jest.fn(),
    ...over,
  };
  return { ...renderWithApis(<BetSlip {...props} />, apis), props };
}

function notices() {
  const seen: { kind: string; message: string }[] = [];
  const sub = on('ui.notify').subscribe((n) => seen.push(n));
  return { seen, stop: () => sub.unsubscribe() };
}

beforeEach(() => jest.resetAllMocks());
afterEach(() => jest.useRealTimers());

describe('slip inputs', () => {
  it.each([
    ['match_odds', '1.85', 1.85],
    ['match_odds', '2', 2],
    ['match_odds', '1', null],
    ['match_odds', '1.855', null],
    ['match_odds', 'abc', null],
    ['bookmaker', '45', 45],
    ['bookmaker', '0', null],
    ['bookmaker', '4.5', null],
  ] as const)('%s odds %s → %s', (type, text, value) => {
    expect(parseOdds(type, text)).toBe(value);
  });
});

describe('BetSlip and the player\'s stake limit', () => {
  // A signed-in player (the settings are the player's); signing out forgets the page's copy.
  beforeEach(() => setUser({
    _id: 'p1', username: 'demo-user', role: 'user', roleLabel: 'USER', sessionId: 's1', balance: 0, exposer: 0,
    changePassAndTxn: false, mustChangePassword: false, hasTransactionPassword: true, lastLoginAt: null,
  }));
  afterEach(() => act(() => setUser(null)));

  it('offers no stake button above the player\'s stake limit, and follows a new limit saved on the settings page', async () => {
    const rg = (stake: number | null): ResponsibleGamblingView => ({
      limits: RG_LIMIT_TYPES.map((type) => ({ type, amount: type === 'stake' ? stake : null, pending: null })),
      realityCheckMinutes: null,
      exclusion: null,
    });
    const responsibleGambling = fakeResponsibleGambling({ own: () => Promise.resolve(rg(1000)) });
    renderWithApis(
      <BetSlip matchId="m1" selection={{ kind: 'runner', marketId: 'mo', selectionId: 'a', side: 'BACK', price: 1.8 }} market={market} stakeButtons={buttons} place={(body, key) => placeBetWithRetry(bets, body, key)} onPlaced={jest.fn()} onCancel={jest.fn()} />,
      { bets, responsibleGambling },
    );
    await waitFor(() => expect(screen.getByRole('button', { name: '5K' })).toBeDisabled());
    expect(screen.getByRole('button', { name: '1K' })).toBeEnabled();
    expect(screen.getByText('Your stake limit: a bet can lose at most ₹1,000.00. Larger stakes are off.')).toBeInTheDocument();
    act(() => publish('rg.settingsChanged', rg(null)));
    expect(screen.getByRole('button', { name: '5K' })).toBeEnabled();
  });

  it('measures a lay\'s stake buttons by its liability at the slip\'s odds', async () => {
    const limit: ResponsibleGamblingView = {
      limits: RG_LIMIT_TYPES.map((type) => ({ type, amount: type === 'stake' ? 1000 : null, pending: null })),
      realityCheckMinutes: null,
      exclusion: null,
    };
    const responsibleGambling = fakeResponsibleGambling({ own: () => Promise.resolve(limit) });
    // A lay at the best lay price, 2.22, can lose 1.22 × its stake: 1K risks 1,220 (over the 1,000 limit), 100 risks 122.
    const lay = buildMarket('mo', { runners: [buildRunner('a', 2.2, { name: 'India' }), buildRunner('b', 1.8, { name: 'Australia' })] });
    renderWithApis(
      <BetSlip matchId="m1" selection={{ kind: 'runner', marketId: 'mo', selectionId: 'a', side: 'LAY', price: 2.22 }} market={lay} stakeButtons={buttons} place={(body, key) => placeBetWithRetry(bets, body, key)} onPlaced={jest.fn()} onCancel={jest.fn()} />,
      { bets, responsibleGambling },
    );
    expect(screen.getByLabelText('Odds')).toHaveValue('2.22');
    await waitFor(() => expect(screen.getByRole('button', { name: '1K' })).toBeDisabled());
    expect(screen.getByRole('button', { name: '100' })).toBeEnabled();
  });
});

describe('BetSlip', () => {
  it('shows the selection, side and odds; the stake buttons fill the stake; Cancel closes', async () => {
    const { props } = renderSlip();
    const slip = screen.getByRole('form', { name: 'Bet slip' });
    expect(slip).toHaveClass('bl-slip--back');
    expect(slip).toHaveTextContent(/Back India Match Odds/);
    expect(screen.getByLabelText('Odds')).toHaveValue('1.8');
    expect(screen.getByText('Follows the best price until you type your own')).toBeInTheDocument();
    expect(screen.getByText('Min 100 · Max 1,00,000')).toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('group', { name: 'Quick stakes' })).getByRole('button', { name: '5K' }));
    expect(screen.getByLabelText('Stake')).toHaveValue('5000');
    // A button replaces the stake, it does not add to it.
    await userEvent.click(screen.getByRole('button', { name: '100' }));
    expect(screen.getByLabelText('Stake')).toHaveValue('100');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(props.onCancel).toHaveBeenCalled();
  });

  it('projects each runner\'s P&L with the typed odds and stake, and refuses bad input', async () => {
    renderSlip({ position: { marketId: 'mo', marketType: 'match_odds', profitlist: [{ selectionId: 'a', profit: -100 }, { selectionId: 'b', profit: 100 }], exposure: 100 } });
    const book = screen.getByRole('table', { name: 'Profit or loss if each runner wins' });
    expect(within(book).getByRole('row', { name: /^India/ })).toHaveTextContent('India-100.00–');
    await userEvent.clear(screen.getByLabelText('Odds'));
    await userEvent.type(screen.getByLabelText('Odds'), '2.5');
    await userEvent.type(screen.getByLabelText('Stake'), '200');
    // Back India 200 @ 2.5: India +300, Australia −200.
    expect(within(book).getByRole('row', { name: /^India/ })).toHaveTextContent('India-100.00200.00');
    expect(within(book).getByRole('row', { name: /^Australia/ })).toHaveTextContent('Australia100.00-100.00');
    expect(within(within(book).getByRole('row', { name: /^India/ })).getByText('200.00')).toHaveAttribute('data-pnl', 'pos');
    expect(screen.getByRole('button', { name: 'Place Bet' })).toBeEnabled();

    await userEvent.clear(screen.getByLabelText('Odds'));
    await userEvent.type(screen.getByLabelText('Odds'), '1');
    expect(screen.getByText('Odds must be above 1 with at most two decimals')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place Bet' })).toBeDisabled();
    await userEvent.clear(screen.getByLabelText('Odds'));
    await userEvent.type(screen.getByLabelText('Odds'), '2');
    await userEvent.clear(screen.getByLabelText('Stake'));
    await userEvent.type(screen.getByLabelText('Stake'), '10.555');
    expect(screen.getByText('Stake must be an amount above 0 with at most two decimals')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place Bet' })).toBeDisabled();
  });

  it('best execution: odds typed below the live back preview the bet at the live price, and the toast names the matched price', async () => {
    bets.placeBet.mockResolvedValue({ data: response, message: 'Bet Placed Successfully' });
    const n = notices();
    renderSlip({ position: { marketId: 'mo', marketType: 'match_odds', profitlist: [{ selectionId: 'a', profit: -100 }, { selectionId: 'b', profit: 100 }], exposure: 100 } });
    const book = screen.getByRole('table', { name: 'Profit or loss if each runner wins' });
    await userEvent.clear(screen.getByLabelText('Odds'));
    await userEvent.type(screen.getByLabelText('Odds'), '1.5');
    await userEvent.type(screen.getByLabelText('Stake'), '200');
    // Back India 200 asked @ 1.5 is matched at the live 1.8: India −100 + 160 = +60, not +0.
    expect(within(book).getByRole('row', { name: /^India/ })).toHaveTextContent('India-100.0060.00');
    await userEvent.click(screen.getByRole('button', { name: 'Place Bet' }));
    expect(bets.placeBet).toHaveBeenCalledWith(expect.objectContaining({ odds: 1.5 }), expect.any(String));
    await waitFor(() => expect(n.seen).toEqual([{ kind: 'success', message: 'Bet Placed Successfully · matched at 1.8 (asked 1.5)' }]));
    n.stop();
  });

  it('shows a bookmaker rate as shown (47) and sends it as the market data carries it (0.47)', async () => {
    bets.placeBet.mockResolvedValue({ data: response, message: 'Bet Placed Successfully' });
    const bm = buildMarket('bm', { type: 'bookmaker', name: 'Bookmaker', runners: [buildRunner('a', 0.45, { name: 'India' }), buildRunner('b', 0.5)] });
    renderSlip({ market: bm, selection: { kind: 'runner', marketId: 'bm', selectionId: 'a', side: 'LAY', price: 0.47 } });
    expect(screen.getByLabelText('Rate')).toHaveValue('47');
    expect(screen.getByRole('form', { name: 'Bet slip' })).toHaveClass('bl-slip--lay');
    await userEvent.type(screen.getByLabelText('Stake'), '1000');
    // Lay India 1,000 @ 47: India −470, the other +1,000.
    expect(screen.getByRole('row', { name: /^India/ })).toHaveTextContent('India0.00-470.00');
    await userEvent.click(screen.getByRole('button', { name: 'Place Bet' }));
    await waitFor(() => expect(bets.placeBet).toHaveBeenCalledWith({ matchId: 'm1', marketId: 'bm', selectionId: 'a', side: 'LAY', odds: 0.47, stake: 1000, oddsAcceptance: 'better' }, expect.any(String)));
  });

  it('places through the page\'s place with a fresh key, busy until it answers, and closes only then', async () => {
    let answer: (value: { data: PlaceBetResponse; message: string }) => void = () => undefined;
    const place = jest.fn(() => new Promise<{ data: PlaceBetResponse; message: string }>((resolve) => (answer = resolve)));
    const { props } = renderSlip({ place });
    await userEvent.type(screen.getByLabelText('Stake'), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Place Bet' }));
    expect(place).toHaveBeenCalledWith({ matchId: 'm1', marketId: 'mo', selectionId: 'a', side: 'BACK', odds: 1.8, stake: 100, oddsAcceptance: 'better' }, expect.stringMatching(/^[0-9a-f-]{36}$/));
    expect(screen.getByRole('button', { name: 'Place Bet' })).toBeDisabled();
    expect(props.onPlaced).not.toHaveBeenCalled();
    await act(async () => answer({ data: response, message: 'Bet Placed Successfully' }));
    expect(props.onPlaced).toHaveBeenCalledTimes(1);
    expect(bets.placeBet).not.toHaveBeenCalled();
  });

  it.each<[ErrorCode, string]>([
    ['ODDS_CHANGED', 'Odds changed: requested 1.80, live back 1.78'],
    ['INSUFFICIENT_FUNDS', 'Insufficient balance: balance 1,000.00, exposure after this bet 1,152.00'],
    ['EXPOSURE_LIMIT', 'Exposure limit reached'],
    ['MARKET_SUSPENDED', 'Market Match Odds is suspended: no bets now'],
    ['STAKE_OUT_OF_RANGE', 'Stake 50.00 is outside 100.00–1,00,000.00'],
    ['BETTING_LOCKED', 'Betting is locked for your account'],
  ])('shows the server\'s %s refusal in the slip and as a toast, and keeps the slip open', async (code, message) => {
    const n = notices();
    bets.placeBet.mockRejectedValue(new ApiError(message, 409, code));
    const { props } = renderSlip();
    await userEvent.type(screen.getByLabelText('Stake'), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Place Bet' }));
    expect(await within(screen.getByRole('form', { name: 'Bet slip' })).findByRole('alert')).toHaveTextContent(message);
    expect(n.seen).toEqual([{ kind: 'error', message, topic: BET_REFUSED_TOPIC }]);
    expect(props.onPlaced).not.toHaveBeenCalled();
    expect(bets.placeBet).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Place Bet' })).toBeEnabled();
    // The typed odds are the ladder's best already: there is no other price to take.
    expect(screen.queryByRole('button', { name: /^Take/ })).toBeNull();
    n.stop();
  });

  it('after an odds-changed refusal offers the live price, which the player then places', async () => {
    bets.placeBet
      .mockRejectedValueOnce(new ApiError('Odds changed: requested 1.90, live back 1.80', 409, 'ODDS_CHANGED'))
      .mockResolvedValueOnce({ data: response, message: 'Bet Placed Successfully' });
    const { props } = renderSlip({ selection: { kind: 'runner', marketId: 'mo', selectionId: 'a', side: 'BACK', price: 1.9 } });
    expect(screen.queryByRole('button', { name: /^Take/ })).toBeNull();
    await userEvent.type(screen.getByLabelText('Stake'), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Place Bet' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('live back 1.80');
    await userEvent.click(screen.getByRole('button', { name: 'Take 1.8' }));
    expect(screen.getByLabelText('Odds')).toHaveValue('1.8');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Take/ })).toBeNull();
    // Taking the price only fills the slip; the bet goes when the player places it.
    expect(bets.placeBet).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Place Bet' }));
    await waitFor(() => expect(props.onPlaced).toHaveBeenCalled());
    expect(bets.placeBet.mock.calls[1][0]).toMatchObject({ odds: 1.8, stake: 100 });
  });

  it('opened at the best price, the odds follow the market until the player types their own; a bet on its way holds them', async () => {
    const moved = (price: number) => buildMarket('mo', { runners: [buildRunner('a', price, { name: 'India' }), buildRunner('b', 2.2, { name: 'Australia' })] });
    let answer: (value: { data: PlaceBetResponse; message: string }) => void = () => undefined;
    const place = jest.fn(() => new Promise<{ data: PlaceBetResponse; message: string }>((resolve) => (answer = resolve)));
    const { rerender, props } = renderSlip({ place });
    const odds = screen.getByLabelText('Odds');
    expect(odds).toHaveValue('1.8');
    rerender(<BetSlip {...props} market={moved(1.78)} />);
    expect(odds).toHaveValue('1.78');
    expect(screen.queryByRole('button', { name: /^Take/ })).toBeNull();
    // Sent at the price of the moment; while the bet waits its delay the field stands still.
    await userEvent.type(screen.getByLabelText('Stake'), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Place Bet' }));
    expect(place).toHaveBeenCalledWith(expect.objectContaining({ odds: 1.78 }), expect.any(String));
    rerender(<BetSlip {...props} market={moved(1.82)} />);
    expect(odds).toHaveValue('1.78');
    await act(async () => answer({ data: response, message: 'Bet Placed Successfully' }));
    // Typed odds are the player's: the market moves, they stay, and the hint names the best.
    rerender(<BetSlip {...props} market={moved(1.82)} />);
    expect(odds).toHaveValue('1.82');
    await userEvent.clear(odds);
    await userEvent.type(odds, '1.9');
    rerender(<BetSlip {...props} market={moved(1.84)} />);
    expect(odds).toHaveValue('1.9');
    expect(screen.getByText('Best now 1.84')).toBeInTheDocument();
  });

  it('opened at a price deeper in the ladder, the odds stay the price clicked', () => {
    const { rerender, props } = renderSlip({ selection: { kind: 'runner', marketId: 'mo', selectionId: 'a', side: 'BACK', price: 1.78 } });
    expect(screen.getByLabelText('Odds')).toHaveValue('1.78');
    rerender(<BetSlip {...props} market={buildMarket('mo', { runners: [buildRunner('a', 1.9, { name: 'India' }), buildRunner('b', 2.2)] })} />);
    expect(screen.getByLabelText('Odds')).toHaveValue('1.78');
    expect(screen.getByText('Best now 1.9')).toBeInTheDocument();
  });

  it('offers no price after other refusals', async () => {
    bets.placeBet.mockRejectedValueOnce(new ApiError('Insufficient balance', 409, 'INSUFFICIENT_FUNDS'));
    renderSlip({ selection: { kind: 'runner', marketId: 'mo', selectionId: 'a', side: 'BACK', price: 1.9 } });
    await userEvent.type(screen.getByLabelText('Stake'), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Place Bet' }));
    await screen.findByRole('alert');
    expect(screen.queryByRole('button', { name: /^Take/ })).toBeNull();
  });

  it('takes no bet while the market is suspended or the line is being bowled', () => {
    const { rerender, props } = renderSlip({ market: { ...market, status: 'suspended' } });
    expect(screen.getByText('Suspended: bets wait until the market opens again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place Bet' })).toBeDisabled();
    rerender(<BetSlip {...props} selection={{ kind: 'fancy', fancyId: 'f1', side: 'NO', run: 45, rate: 100 }} market={undefined} fancy={buildFancy('f1', { status: 'ball_running' })} />);
    expect(screen.getByText('Ball running: bets wait until the line opens again.')).toBeInTheDocument();
  });

  it('sends a placement whose answer was lost again with the same key, and reuses that key when the same bet is sent again', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const lost = new ApiError('Network Error', 0, 'NETWORK');
    bets.placeBet.mockRejectedValueOnce(lost).mockRejectedValueOnce(lost).mockResolvedValueOnce({ data: response, message: 'Bet Placed Successfully' });
    const { props } = renderSlip();
    await user.type(screen.getByLabelText('Stake'), '100');
    await user.click(screen.getByRole('button', { name: 'Place Bet' }));
    await act(() => jest.advanceTimersByTimeAsync(1_000));
    expect(await screen.findByRole('alert')).toHaveTextContent('Network Error');
    expect(bets.placeBet).toHaveBeenCalledTimes(2);
    const [first, retry] = bets.placeBet.mock.calls.map((c) => c[1]);
    expect(retry).toBe(first);
    // The player presses Place Bet again with the same bet: the outcome was unknown, same key.
    await user.click(screen.getByRole('button', { name: 'Place Bet' }));
    await waitFor(() => expect(props.onPlaced).toHaveBeenCalled());
    expect(bets.placeBet.mock.calls[2][1]).toBe(first);
  });

  it('uses a new key once the bet changes after a lost answer', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const lost = new ApiError('Network Error', 0, 'NETWORK');
    bets.placeBet.mockRejectedValueOnce(lost).mockRejectedValueOnce(lost).mockResolvedValueOnce({ data: response, message: 'ok' });
    renderSlip();
    await user.type(screen.getByLabelText('Stake'), '100');
    await user.click(screen.getByRole('button', { name: 'Place Bet' }));
    await act(() => jest.advanceTimersByTimeAsync(1_000));
    await screen.findByRole('alert');
    await user.type(screen.getByLabelText('Stake'), '0');
    await user.click(screen.getByRole('button', { name: 'Place Bet' }));
    await waitFor(() => expect(bets.placeBet).toHaveBeenCalledTimes(3));
    expect(bets.placeBet.mock.calls[2][0]).toMatchObject({ stake: 1000 });
    expect(bets.placeBet.mock.calls[2][1]).not.toBe(bets.placeBet.mock.calls[0][1]);
  });
});

describe('placeBetWithRetry', () => {
  it('does not retry a refusal', async () => {
    bets.placeBet.mockRejectedValue(new ApiError('Odds changed', 409, 'ODDS_CHANGED'));
    await expect(placeBetWithRetry(bets, { matchId: 'm', marketId: 'x', selectionId: 'a', side: 'BACK', odds: 2, stake: 1 }, 'k', 1, 0)).rejects.toThrow('Odds changed');
    expect(bets.placeBet).toHaveBeenCalledTimes(1);
  });
});

describe('odds acceptance and the bet delay (ADR 0055)', () => {
  it('shows the player\'s odds acceptance in a labelled select, sends the choice with the bet, and tells the page to store it', async () => {
    const onOddsAcceptance = jest.fn();
    const place = jest.fn(() => new Promise<{ data: PlaceBetResponse; message: string }>(() => undefined));
    const { rerender } = renderSlip({ oddsAcceptance: 'exact', onOddsAcceptance, place });
    const select = screen.getByLabelText('If the price moves');
    expect(select).toHaveValue('exact');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Accept better odds', 'Accept any odds', 'Exact odds only']);
    await userEvent.selectOptions(select, 'any');
    expect(onOddsAcceptance).toHaveBeenCalledWith('any');
    // The page stores it and hands the slip the new value.
    rerender(
      <BetSlip
        matchId="m1"
        selection={{ kind: 'runner', marketId: 'mo', selectionId: 'a', side: 'BACK', price: 1.8 }}
        market={market}
        stakeButtons={buttons}
        place={place}
        onPlaced={jest.fn()}
        onCancel={jest.fn()}
        oddsAcceptance="any"
        onOddsAcceptance={onOddsAcceptance}
      />,
    );
    await userEvent.type(screen.getByLabelText('Stake'), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Place Bet' }));
    expect(place).toHaveBeenCalledWith(expect.objectContaining({ odds: 1.8, stake: 100, oddsAcceptance: 'any' }), expect.any(String));
    // While the bet is on its way the choice cannot change under it.
    expect(screen.getByLabelText('If the price moves')).toBeDisabled();
  });

  it('a fancy slip has no odds acceptance: its line and rate keep their own rule', () => {
    renderSlip({ selection: { kind: 'fancy', fancyId: 'f1', side: 'YES', run: 46, rate: 100 }, fancy: buildFancy('f1'), onOddsAcceptance: jest.fn() });
    expect(screen.queryByLabelText('If the price moves')).toBeNull();
  });

  it('previews the book at the price the acceptance matches at: under "any" a worse live price, under "exact" the price typed', async () => {
    // Asked 1.90, the live back is 1.80 (worse for a back).
    const selection = { kind: 'runner' as const, marketId: 'mo', selectionId: 'a', side: 'BACK' as const, price: 1.9 };
    const { unmount } = renderSlip({ selection, oddsAcceptance: 'any', onOddsAcceptance: jest.fn() });
    await userEvent.type(screen.getByLabelText('Stake'), '100');
    // Back India 100 at the live 1.80: India +80.
    expect(screen.getByRole('row', { name: /^India/ })).toHaveTextContent('India0.0080.00');
    unmount();
    renderSlip({ selection, oddsAcceptance: 'exact', onOddsAcceptance: jest.fn() });
    await userEvent.type(screen.getByLabelText('Stake'), '100');
    expect(screen.getByRole('row', { name: /^India/ })).toHaveTextContent('India0.0090.00');
  });

  it('counts the market\'s bet delay down while the bet waits ("Placing… 2 s"), then says "Placing…" until the answer', async () => {
    let answer: (value: { data: PlaceBetResponse; message: string }) => void = () => undefined;
    const place = jest.fn(() => new Promise<{ data: PlaceBetResponse; message: string }>((resolve) => (answer = resolve)));
    const { props } = renderSlip({ place, market: { ...market, betDelaySec: 2 } });
    await userEvent.type(screen.getByLabelText('Stake'), '100');
    expect(screen.queryByText(/^Placing/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Place Bet' }));
    expect(screen.getByRole('status')).toHaveTextContent(/^Placing… (2|1) s$/);
    expect(await screen.findByText('Placing…', undefined, { timeout: 4_000 })).toBeInTheDocument();
    await act(async () => answer({ data: response, message: 'Bet Placed Successfully' }));
    expect(props.onPlaced).toHaveBeenCalled();
    expect(screen.queryByText(/^Placing/)).toBeNull();
  });

  it('without a bet delay it says only "Placing…"', async () => {
    const place = jest.fn(() => new Promise<{ data: PlaceBetResponse; message: string }>(() => undefined));
    renderSlip({ place, market: { ...market, betDelaySec: 0 } });
    await userEvent.type(screen.getByLabelText('Stake'), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Place Bet' }));
    expect(screen.getByRole('status')).toHaveTextContent(/^Placing…$/);
  });

  it('the toast names the price the bet was matched at when it differs ("matched at 2.12")', async () => {
    const n = notices();
    bets.placeBet.mockResolvedValue({ data: { ...response, bet: { ...response.bet, odds: 2.12 } }, message: 'Bet Placed Successfully' });
    renderSlip({ selection: { kind: 'runner', marketId: 'mo', selectionId: 'a', side: 'BACK', price: 2.1 }, oddsAcceptance: 'any', onOddsAcceptance: jest.fn() });
    await userEvent.type(screen.getByLabelText('Stake'), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Place Bet' }));
    await waitFor(() => expect(n.seen).toEqual([{ kind: 'success', message: 'Bet Placed Successfully · matched at 2.12 (asked 2.1)' }]));
    n.stop();
  });
});
