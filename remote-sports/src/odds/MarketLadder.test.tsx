import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildMarket, buildRunner } from '@backlay/shared/testing';
import { MarketLadder } from './MarketLadder';
import { PRICE_FLASH_MS } from './use-flash';

const cellsOf = (runner: string) => within(screen.getByRole('row', { name: new RegExp(`^${runner}`) })).getAllByRole('cell');

describe('MarketLadder', () => {
  afterEach(() => jest.useRealTimers());

  it('shows three backs (best nearest the middle) and three lays per runner, with sizes, blue and pink', () => {
    const market = buildMarket('mo', {
      runners: [
        buildRunner('a', 1, {
          name: 'India',
          back: [{ price: 1.85, size: 1200 }, { price: 1.84, size: 500 }, { price: 1.83, size: 250000 }],
          lay: [{ price: 1.86, size: 900 }, { price: 1.87, size: 4000 }, { price: 1.88, size: 10 }],
        }),
        buildRunner('b', 2.2, { name: 'Australia' }),
      ],
    });
    render(<MarketLadder market={market} onRules={() => undefined} />);
    expect(screen.getByRole('table', { name: 'Match Odds prices' })).toBeInTheDocument();
    // One header per column; levels 2 and 3 (hidden on a phone) are marked in the header too.
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Runner', 'Back 3', 'Back 2', 'Back', 'Lay', 'Lay 2', 'Lay 3']);
    expect(headers.filter((h) => h.classList.contains('bl-ladder__deep'))).toHaveLength(4);
    const cells = cellsOf('India');
    expect(cells.map((c) => c.getAttribute('aria-label'))).toEqual([
      'Back 3: 1.83 for 2.5L',
      'Back 2: 1.84 for 500',
      'Back 1: 1.85 for 1.2K',
      'Lay 1: 1.86 for 900',
      'Lay 2: 1.87 for 4K',
      'Lay 3: 1.88 for 10',
    ]);
    expect(cells.slice(0, 3).every((c) => c.classList.contains('bl-price--back'))).toBe(true);
    expect(cells.slice(3).every((c) => c.classList.contains('bl-price--lay'))).toBe(true);
    // Levels 2 and 3 are the ones a phone hides.
    expect(cells.filter((c) => c.classList.contains('bl-price--deep'))).toHaveLength(4);
    expect(cellsOf('Australia')).toHaveLength(6);
  });

  it('keeps empty levels in place and marks removed runners', () => {
    const market = buildMarket('mo', {
      runners: [buildRunner('a', 2, { name: 'Thin', back: [{ price: 2, size: 100 }], lay: [] }), buildRunner('b', 3, { name: 'Gone', status: 'removed' })],
    });
    render(<MarketLadder market={market} onRules={() => undefined} />);
    expect(cellsOf('Thin').map((c) => c.getAttribute('aria-label'))).toEqual(['Back 3: no price', 'Back 2: no price', 'Back 1: 2 for 100', 'Lay 1: no price', 'Lay 2: no price', 'Lay 3: no price']);
    expect(cellsOf('Gone')).toHaveLength(1);
    expect(cellsOf('Gone')[0]).toHaveTextContent('Removed');
  });

  it('shows bookmaker prices as rates', () => {
    const market = buildMarket('bm', { type: 'bookmaker', name: 'Bookmaker', runners: [buildRunner('a', 1, { name: 'India', back: [{ price: 0.85, size: 100000 }], lay: [{ price: 0.9, size: 100000 }] })] });
    render(<MarketLadder market={market} onRules={() => undefined} />);
    const cells = cellsOf('India');
    expect(cells[2]).toHaveAccessibleName('Back 1: 85 for 1L');
    expect(cells[3]).toHaveAccessibleName('Lay 1: 90 for 1L');
  });

  it('shows the limits and opens the rules from its Rules button', async () => {
    const onRules = jest.fn();
    render(<MarketLadder market={buildMarket('mo', { minStake: 100, maxStake: 200000, betDelaySec: 5 })} onRules={onRules} />);
    expect(screen.getByText('Min 100 · Max 2,00,000 · Delay 5 s')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Rules: Match Odds' }));
    expect(onRules).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['suspended', 'Suspended'],
    ['ball_running', 'Ball running'],
    ['closed', 'Closed'],
  ] as const)('covers the prices with an overlay while %s, and removes it when the market opens again', (status, text) => {
    const { rerender } = render(<MarketLadder market={buildMarket('mo', { status })} onRules={() => undefined} />);
    const region = screen.getByRole('region', { name: 'Match Odds' });
    expect(within(region).getByRole('status')).toHaveTextContent(text);
    rerender(<MarketLadder market={buildMarket('mo', { status: 'open' })} onRules={() => undefined} />);
    expect(within(region).queryByRole('status')).not.toBeInTheDocument();
  });

  it('flashes a cell whose price changed, only that cell, and only briefly', () => {
    jest.useFakeTimers();
    const before = buildMarket('mo', { runners: [buildRunner('a', 2, { name: 'India' }), buildRunner('b', 3, { name: 'Australia' })] });
    const { rerender } = render(<MarketLadder market={before} onRules={() => undefined} />);
    expect(document.querySelectorAll('.bl-flash')).toHaveLength(0);

    const india = before.runners[0];
    const after = { ...before, runners: [{ ...india, back: [{ price: 2.02, size: india.back[0].size }, ...india.back.slice(1)] }, before.runners[1]] };
    rerender(<MarketLadder market={after} onRules={() => undefined} />);
    const flashing = [...document.querySelectorAll('.bl-flash')];
    expect(flashing).toHaveLength(1);
    expect(flashing[0]).toHaveAccessibleName('Back 1: 2.02 for 1K');

    act(() => jest.advanceTimersByTime(PRICE_FLASH_MS));
    expect(document.querySelectorAll('.bl-flash')).toHaveLength(0);
  });

  it('makes every price a button that opens the slip at that price and side, disabled while the market is not open', async () => {
    const onPrice = jest.fn();
    const market = buildMarket('mo', { runners: [buildRunner('a', 1.8, { name: 'India' }), buildRunner('b', 2.2, { name: 'Gone', status: 'removed' })] });
    const { rerender } = render(<MarketLadder market={market} onRules={() => undefined} onPrice={onPrice} />);
    await userEvent.click(screen.getByRole('button', { name: 'Back India at 1.8' }));
    expect(onPrice).toHaveBeenLastCalledWith('a', 'BACK', 1.8);
    await userEvent.click(screen.getByRole('button', { name: 'Lay India at 1.86' }));
    expect(onPrice).toHaveBeenLastCalledWith('a', 'LAY', 1.86);
    await userEvent.click(screen.getByRole('button', { name: 'Back India at 1.76' }));
    expect(onPrice).toHaveBeenLastCalledWith('a', 'BACK', 1.76);
    expect(screen.queryByRole('button', { name: /Gone/ })).not.toBeInTheDocument();

    rerender(<MarketLadder market={{ ...market, status: 'ball_running' }} onRules={() => undefined} onPrice={onPrice} />);
    expect(screen.getByRole('button', { name: 'Back India at 1.8' })).toBeDisabled();
  });

  it('shows the player\'s P&L under each runner, green when it wins and red when it loses', () => {
    const market = buildMarket('mo', { runners: [buildRunner('a', 1.8, { name: 'India' }), buildRunner('b', 2.2, { name: 'Australia' }), buildRunner('c', 9, { name: 'Draw' })] });
    render(<MarketLadder market={market} onRules={() => undefined} pnl={new Map([['a', 1500.5], ['b', -1000], ['c', 0]])} />);
    const pnlOf = (runner: string) => within(screen.getByRole('rowheader', { name: new RegExp(`^${runner}`) })).getByText(/\d\.\d\d$/);
    expect(pnlOf('India')).toHaveTextContent('1,500.50');
    expect(pnlOf('India')).toHaveAttribute('data-pnl', 'pos');
    expect(pnlOf('Australia')).toHaveTextContent('-1,000.00');
    expect(pnlOf('Australia')).toHaveAttribute('data-pnl', 'neg');
    expect(pnlOf('Draw')).toHaveAttribute('data-pnl', 'zero');
  });

  it('shows a settled market with the result its bets were settled on, and no prices, buttons, overlay or flashing', () => {
    jest.useFakeTimers();
    const onPrice = jest.fn();
    const settled = buildMarket('mo', {
      status: 'suspended',
      settled: { type: 'WINNER', selectionId: 'a' },
      // The feed may say otherwise (or keep ticking): the page follows the settlement.
      runners: [buildRunner('a', 1.8, { name: 'India', status: 'winner', back: [], lay: [] }), buildRunner('b', 2.2, { name: 'Australia', status: 'loser', back: [], lay: [] })],
    });
    const { rerender } = render(<MarketLadder market={settled} onRules={() => undefined} onPrice={onPrice} pnl={new Map([['a', 500], ['b', -200]])} />);
    const section = screen.getByRole('region', { name: 'Match Odds' });
    expect(section).toHaveAttribute('data-status', 'settled');
    expect(within(section).getByRole('status')).toHaveTextContent('Settled · Winner: India');
    expect(screen.queryByText('Suspended')).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Match Odds result' })).toBeInTheDocument();
    expect(screen.queryAllByRole('columnheader')).toHaveLength(0);
    expect(screen.queryAllByRole('button', { name: /^(Back|Lay) / })).toHaveLength(0);
    expect(within(screen.getByRole('row', { name: /^India/ })).queryAllByRole('cell')).toHaveLength(0);
    expect(screen.getByRole('rowheader', { name: /^India/ })).toHaveTextContent('Winner');
    expect(screen.getByRole('rowheader', { name: /^Australia/ })).toHaveTextContent('Loser');
    expect(screen.getByRole('rowheader', { name: /^India/ })).toHaveTextContent('500.00');
    // A later delta of the same settled market (the feed still ticking) flashes nothing.
    rerender(<MarketLadder market={{ ...settled, runners: settled.runners.map((r) => ({ ...r })) }} onRules={() => undefined} onPrice={onPrice} />);
    expect(document.querySelectorAll('.bl-flash')).toHaveLength(0);
    act(() => jest.advanceTimersByTime(PRICE_FLASH_MS));
    expect(onPrice).not.toHaveBeenCalled();
  });

  it('names a dead heat and a void', () => {
    const market = buildMarket('mo', { runners: [buildRunner('a', 1.8, { name: 'India' }), buildRunner('b', 2.2, { name: 'Australia' })] });
    const { rerender } = render(<MarketLadder market={{ ...market, settled: { type: 'DEAD_HEAT', selectionIds: ['a', 'b'] } }} onRules={() => undefined} />);
    expect(screen.getByRole('status')).toHaveTextContent('Settled · Dead heat: India / Australia');
    rerender(<MarketLadder market={{ ...market, settled: { type: 'VOID' } }} onRules={() => undefined} />);
    expect(screen.getByRole('status')).toHaveTextContent('Settled · Void');
  });
});
