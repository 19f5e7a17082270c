import { act, render, screen } from '@testing-library/react';
import { ROULETTE_WHEEL_ORDER } from '@backlay/shared/casino';
import { buildCasinoRound } from '@backlay/shared/testing';
import { REDUCED_MOTION_QUERY, RouletteWheel, WHEEL_SPIN_MS, nextAngle, pocketOf, restingAngle } from './RouletteWheel';

const open = buildCasinoRound({ gameCode: 'roulette', roundId: 'r7' });
/** The round once the server has drawn `pocket` and settled it (as roulette.ts resolves it). */
const settled = (pocket: number, roundId = 'r7') =>
  buildCasinoRound({ gameCode: 'roulette', roundId, status: 'SETTLED', cards: [String(pocket)], hands: { pocket: [String(pocket)] }, win: String(pocket), rdesc: `${pocket}#Odd` });
const disc = () => screen.getByTestId('wheel-disc');
const angle = () => Number(/rotate\((-?[\d.]+)deg\)/.exec(disc().style.transform)?.[1]);
/** How far apart two turns of the wheel stand, in degrees (0 … 180). */
const apart = (a: number, b: number) => {
  const d = (((a - b) % 360) + 360) % 360;
  return Math.min(d, 360 - d);
};

/** The browser's reduced-motion setting for the test. */
function prefersReducedMotion(reduce: boolean) {
  const matchMedia = jest.fn((query: string) => ({ matches: reduce && query === REDUCED_MOTION_QUERY, addEventListener: jest.fn(), removeEventListener: jest.fn() }));
  Object.defineProperty(window, 'matchMedia', { value: matchMedia, configurable: true });
}

afterEach(() => {
  Object.defineProperty(window, 'matchMedia', { value: undefined, configurable: true });
  jest.useRealTimers();
});

describe('the wheel\'s geometry', () => {
  it('reads the pocket from the round\'s hands (or its one card), none before the draw', () => {
    expect(pocketOf(open)).toBeNull();
    expect(pocketOf(settled(0))).toBe(0);
    expect(pocketOf({ cards: ['26'], hands: {} })).toBe(26);
    expect(pocketOf({ cards: ['8DD'], hands: {} })).toBeNull();
  });

  it('brings each pocket under the pointer, and spins forward with whole turns first', () => {
    expect(restingAngle(0)).toBe(0);
    // 26 is the last pocket, one step anticlockwise of 0: the wheel turns one step clockwise.
    expect(restingAngle(26)).toBeCloseTo(360 / 37);
    for (const n of ROULETTE_WHEEL_ORDER) {
      const to = nextAngle(1234.5, n, true);
      expect(to - 1234.5).toBeGreaterThanOrEqual(3 * 360);
      expect(to - 1234.5).toBeLessThan(4 * 360);
      expect(apart(to, restingAngle(n))).toBeCloseTo(0);
      expect(nextAngle(1234.5, n, false)).toBe(restingAngle(n));
    }
  });
});

describe('RouletteWheel', () => {
  it('says when it spins while the round is open, with no cards to deal', () => {
    render(<RouletteWheel round={open} />);
    expect(screen.getByRole('region', { name: 'Wheel' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('The wheel spins when betting closes.');
    expect(screen.queryByText(/cards are dealt/)).toBeNull();
  });

  it('spins to the settled pocket (a CSS transition), then names the winning number', () => {
    jest.useFakeTimers();
    prefersReducedMotion(false);
    const { rerender } = render(<RouletteWheel round={open} />);
    rerender(<RouletteWheel round={settled(17)} />);
    expect(disc()).toHaveClass('bl-wheel__disc--spin');
    expect(angle()).toBeGreaterThanOrEqual(3 * 360);
    expect(apart(angle(), restingAngle(17))).toBeCloseTo(0);
    expect(screen.getByRole('status')).toHaveTextContent('The wheel is spinning…');
    act(() => jest.advanceTimersByTime(WHEEL_SPIN_MS));
    expect(screen.getByRole('status')).toHaveTextContent('Winning number: 17, black');
    expect(screen.getByRole('region', { name: 'Wheel' })).toHaveAttribute('data-pocket', '17');

    // The next round's pocket: the wheel goes on forward from where it stopped.
    const before = angle();
    rerender(<RouletteWheel round={buildCasinoRound({ gameCode: 'roulette', roundId: 'r8' })} />);
    expect(angle()).toBe(before);
    rerender(<RouletteWheel round={settled(32, 'r8')} />);
    expect(angle()).toBeGreaterThan(before + 3 * 360);
  });

  it('under prefers-reduced-motion the wheel is still at the pocket and the number is said at once', () => {
    prefersReducedMotion(true);
    const { rerender } = render(<RouletteWheel round={open} />);
    rerender(<RouletteWheel round={settled(32)} />);
    expect(disc()).not.toHaveClass('bl-wheel__disc--spin');
    expect(angle()).toBeCloseTo(restingAngle(32));
    expect(screen.getByRole('region', { name: 'Wheel' })).toHaveAttribute('data-motion', 'still');
    expect(screen.getByRole('status')).toHaveTextContent('Winning number: 32, red');
  });

  it('a page opened on a settled round shows its pocket still', () => {
    prefersReducedMotion(false);
    render(<RouletteWheel round={settled(0)} />);
    expect(disc()).not.toHaveClass('bl-wheel__disc--spin');
    expect(screen.getByRole('status')).toHaveTextContent('Winning number: 0, green');
  });
});
