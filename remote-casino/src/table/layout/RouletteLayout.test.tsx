import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RED_NUMBERS } from '@backlay/shared/casino';
import { buildCasinoBet } from '@backlay/shared/testing';
import { ROULETTE_CELLS, RouletteLayout } from './RouletteLayout';
import { LayoutHarness, gameMarkets } from './test-markets';

const markets = gameMarkets('roulette');
const grid = () => within(screen.getByRole('group', { name: 'Roulette bets' }));
/** The cell a player finds by its name, and the market and runner it backs. */
const cell = (name: string) => grid().getByRole('button', { name });
const backs = (button: HTMLElement) => [button.dataset.market, button.dataset.selection];

/** The outside bets: the name each cell is found by and the market and runner it must back. */
const OUTSIDE: Array<[string, string, string]> = [
  ['1–18, back at 2', 'LOW_HIGH', 'LOW'],
  ['19–36, back at 2', 'LOW_HIGH', 'HIGH'],
  ['Even, back at 2', 'ODD_EVEN', 'EVEN'],
  ['Odd, back at 2', 'ODD_EVEN', 'ODD'],
  ['Red, back at 2', 'RED_BLACK', 'RED'],
  ['Black, back at 2', 'RED_BLACK', 'BLACK'],
  ['1st 12: 1st 12 (1–12), back at 3', 'DOZEN', 'FIRST_12'],
  ['2nd 12: 2nd 12 (13–24), back at 3', 'DOZEN', 'SECOND_12'],
  ['3rd 12: 3rd 12 (25–36), back at 3', 'DOZEN', 'THIRD_12'],
  ['2 to 1: Column 1 (1, 4 … 34), back at 3', 'COLUMN', 'COLUMN_1'],
  ['2 to 1: Column 2 (2, 5 … 35), back at 3', 'COLUMN', 'COLUMN_2'],
  ['2 to 1: Column 3 (3, 6 … 36), back at 3', 'COLUMN', 'COLUMN_3'],
];

describe('RouletteLayout', () => {
  it('maps each of the 37 numbers to its Straight up runner, coloured as the wheel (RED_NUMBERS)', () => {
    render(<LayoutHarness layout={RouletteLayout} markets={markets} />);
    for (let n = 0; n <= 36; n++) {
      const colour = n === 0 ? 'green' : RED_NUMBERS.has(n) ? 'red' : 'black';
      const button = cell(`${n}, ${colour}, back at 36`);
      expect(backs(button)).toEqual(['STRAIGHT', String(n)]);
      expect(button).toHaveClass(`bl-roulette__cell--${colour}`);
      expect(button).toHaveTextContent(new RegExp(`^${n}$`));
    }
    expect(grid().getAllByRole('button', { name: /, (red|black), back at 36$/ }).filter((b) => b.classList.contains('bl-roulette__cell--red'))).toHaveLength(18);
  });

  it('maps every outside bet to its market and runner, and every priced runner has exactly one cell', () => {
    render(<LayoutHarness layout={RouletteLayout} markets={markets} />);
    for (const [name, market, runner] of OUTSIDE) expect(backs(cell(name))).toEqual([market, runner]);
    const cells = grid().getAllByRole('button').map((b) => `${b.dataset.market}:${b.dataset.selection}`);
    const priced = markets.flatMap((m) => m.runners.filter((r) => r.back !== null).map((r) => `${m.code}:${r.selectionId}`));
    expect(cells).toHaveLength(37 + OUTSIDE.length);
    expect([...cells].sort()).toEqual([...priced].sort());
  });

  it('lays the numbers out as the table: 3 rows of 12 with 0 at the side, turned to 12 rows of 3 on a phone', () => {
    const at = (n: string) => ROULETTE_CELLS.find((c) => c.market === 'STRAIGHT' && c.selectionId === n)!;
    // Wide: 3, 6 … 36 along the top row; 1, 4 … 34 along the bottom; 0 down the left.
    expect(at('3').wide.slice(0, 2)).toEqual([2, 1]);
    expect(at('34').wide.slice(0, 2)).toEqual([13, 3]);
    expect(at('0').wide).toEqual([1, 1, 1, 3]);
    // Phone: 1, 2, 3 in the first row under 0; 34, 35, 36 in the last.
    expect(['1', '2', '3'].map((n) => at(n).phone.slice(0, 2))).toEqual([[3, 2], [4, 2], [5, 2]]);
    expect(at('36').phone.slice(0, 2)).toEqual([5, 13]);
    // No two cells share a place in either shape.
    for (const shape of ['wide', 'phone'] as const) {
      const taken = ROULETTE_CELLS.flatMap((c) => {
        const [col, row, cols, rows] = c[shape];
        return Array.from({ length: cols * rows }, (_, i) => `${col + (i % cols)}:${row + Math.floor(i / cols)}`);
      });
      expect(new Set(taken).size).toBe(taken.length);
    }
  });

  it('a tap on a number opens the slip on its runner: a chip on the cell, the market listed with just that number', async () => {
    const user = userEvent.setup();
    const onPrice = jest.fn();
    render(<LayoutHarness layout={RouletteLayout} markets={markets} onPrice={onPrice} />);
    expect(screen.queryByRole('region', { name: 'Straight up' })).toBeNull();
    await user.click(cell('17, black, back at 36'));
    expect(onPrice).toHaveBeenCalledWith('cr1.STRAIGHT', '17');
    expect(cell('17, black, back at 36')).toHaveAttribute('aria-pressed', 'true');
    expect(cell('17, black, back at 36').querySelector('.bl-roulette__chip--new')).not.toBeNull();
    const straight = screen.getByRole('region', { name: 'Straight up' });
    expect(within(straight).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Back 17 at 36']);
  });

  it('a tap on an outside bet opens the slip on that runner of its market', async () => {
    const user = userEvent.setup();
    const onPrice = jest.fn();
    render(<LayoutHarness layout={RouletteLayout} markets={markets} onPrice={onPrice} />);
    await user.click(cell('Red, back at 2'));
    expect(onPrice).toHaveBeenLastCalledWith('cr1.RED_BLACK', 'RED');
    await user.click(cell('2 to 1: Column 2 (2, 5 … 35), back at 3'));
    expect(onPrice).toHaveBeenLastCalledWith('cr1.COLUMN', 'COLUMN_2');
    expect(cell('Red, back at 2')).toHaveAttribute('aria-pressed', 'false');
    expect(within(screen.getByRole('region', { name: 'Columns' })).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Back Column 2 (2, 5 … 35) at 3']);
  });

  it('shows the player\'s open stakes as chips on the cells backed, added up per runner', () => {
    const bets = [
      buildCasinoBet('b1', { marketId: 'cr1.STRAIGHT', selectionId: '17', odds: 36, stake: 100 }),
      buildCasinoBet('b2', { marketId: 'cr1.STRAIGHT', selectionId: '17', odds: 36, stake: 2400 }),
      buildCasinoBet('b3', { marketId: 'cr1.RED_BLACK', selectionId: 'RED', odds: 2, stake: 500 }),
      buildCasinoBet('b4', { marketId: 'cr1.STRAIGHT', selectionId: '5', odds: 36, stake: 100, status: 'voided' }),
    ];
    render(<LayoutHarness layout={RouletteLayout} markets={markets} bets={bets} />);
    expect(within(cell('17, black, back at 36, your stake 2,500.00')).getByTestId('roulette-chip')).toHaveTextContent('2.5K');
    expect(within(cell('Red, back at 2, your stake 500.00')).getByTestId('roulette-chip')).toHaveTextContent('500');
    expect(grid().getAllByTestId('roulette-chip')).toHaveLength(2);
  });

  it('disables every cell and says why while betting is closed', () => {
    render(<LayoutHarness layout={RouletteLayout} markets={markets} closed={() => 'Betting closed'} />);
    expect(grid().getAllByRole('button').every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
    expect(screen.getByRole('status')).toHaveTextContent('Betting closed');
  });

  it('disables a suspended market\'s cells only, and names it', () => {
    render(<LayoutHarness layout={RouletteLayout} markets={markets} closed={(m) => (m.code === 'DOZEN' ? 'Suspended' : null)} />);
    expect(cell('2nd 12: 2nd 12 (13–24), back at 3')).toBeDisabled();
    expect(cell('17, black, back at 36')).toBeEnabled();
    expect(screen.getByRole('status')).toHaveTextContent('Not taking bets: Dozens (Suspended).');
  });
});
