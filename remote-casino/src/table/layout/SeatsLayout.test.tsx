import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildCasinoBet } from '@backlay/shared/testing';
import { SeatsLayout, seatOf } from './SeatsLayout';
import { LayoutHarness, gameMarkets } from './test-markets';

const markets = gameMarkets('war');
const regions = () => screen.getAllByRole('region').map((r) => within(r).getByRole('heading').textContent);

describe('SeatsLayout', () => {
  it.each([
    ['WINNER_1', 1],
    ['SUIT_6', 6],
    ['WINNER', null],
  ])('seatOf(%s) is %s', (code, seat) => expect(seatOf({ code })).toBe(seat));

  it('shows one seat\'s four markets at a time, seat 1 first', async () => {
    const user = userEvent.setup();
    render(<LayoutHarness layout={SeatsLayout} markets={markets} />);
    const seats = screen.getByRole('group', { name: 'Choose a seat' });
    expect(within(seats).getAllByRole('button')).toHaveLength(6);
    expect(within(seats).getByRole('button', { name: 'Seat 1' })).toHaveAttribute('aria-pressed', 'true');
    expect(regions()).toEqual(['Seat 1', 'Seat 1 Red / Black', 'Seat 1 Odd / Even', 'Seat 1 Suit']);
    await user.click(within(seats).getByRole('button', { name: 'Seat 4' }));
    expect(regions()).toEqual(['Seat 4', 'Seat 4 Red / Black', 'Seat 4 Odd / Even', 'Seat 4 Suit']);
  });

  it('marks the seats bet on and keeps their markets listed', () => {
    const bets = [buildCasinoBet('b1', { marketId: 'cr1.SUIT_5', selectionId: 'H' })];
    render(<LayoutHarness layout={SeatsLayout} markets={markets} bets={bets} />);
    expect(screen.getByRole('button', { name: 'Seat 5 (you bet on it)' })).toBeInTheDocument();
    expect(regions()).toEqual(['Seat 1', 'Seat 1 Red / Black', 'Seat 1 Odd / Even', 'Seat 1 Suit', 'Seat 5 Suit']);
  });
});
