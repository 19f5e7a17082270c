import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildCasinoBet } from '@backlay/shared/testing';
import { JudgementLayout } from './JudgementLayout';
import { LayoutHarness, gameMarkets } from './test-markets';

const markets = gameMarkets('teen3cj');
const ranks = () => screen.getByRole('group', { name: 'Choose 3 cards' });
const rank = (label: string) => within(ranks()).getByRole('button', { name: label });

describe('JudgementLayout', () => {
  it('offers the 13 ranks and no market until 3 are chosen', async () => {
    const user = userEvent.setup();
    render(<LayoutHarness layout={JudgementLayout} markets={markets} />);
    expect(within(ranks()).getAllByRole('button').map((b) => b.textContent)).toEqual(['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K']);
    expect(screen.getByRole('status')).toHaveTextContent('Choose 3 more cards.');
    await user.click(rank('K'));
    await user.click(rank('A'));
    expect(rank('K')).toHaveAttribute('aria-pressed', 'true');
    expect(rank('2')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('status')).toHaveTextContent('Choose 1 more card.');
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('shows the market of the 3 ranks picked, in any order, with its Yes and No prices', async () => {
    const user = userEvent.setup();
    const onPrice = jest.fn();
    render(<LayoutHarness layout={JudgementLayout} markets={markets} onPrice={onPrice} />);
    for (const r of ['K', '5', 'A']) await user.click(rank(r));
    const market = screen.getByRole('region', { name: 'A 5 K' });
    expect(screen.getAllByRole('region')).toHaveLength(1);
    await user.click(within(market).getByRole('button', { name: 'Back Yes at 1.77' }));
    expect(within(market).getByRole('button', { name: 'Back No at 2.19' })).toBeEnabled();
    expect(onPrice).toHaveBeenCalledWith('cr1.CARDS_A_5_K', 'YES');

    // Unselecting one rank and choosing another moves to that set's market.
    await user.click(rank('5'));
    expect(screen.queryByRole('region')).toBeNull();
    await user.click(rank('10'));
    expect(screen.getByRole('region', { name: 'A 10 K' })).toBeInTheDocument();
  });

  it('refuses a 4th rank with a hint, and Clear cards starts again', async () => {
    const user = userEvent.setup();
    render(<LayoutHarness layout={JudgementLayout} markets={markets} />);
    for (const r of ['2', '3', '4']) await user.click(rank(r));
    await user.click(rank('Q'));
    expect(rank('Q')).toHaveAttribute('aria-pressed', 'false');
    expect(within(ranks()).getAllByRole('button', { pressed: true })).toHaveLength(3);
    expect(screen.getByRole('status')).toHaveTextContent('You have chosen 3 cards already: unselect one to choose another.');
    expect(screen.getByRole('region', { name: '2 3 4' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear cards' }));
    expect(within(ranks()).queryAllByRole('button', { pressed: true })).toHaveLength(0);
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('keeps the markets bet on this round listed, besides the one picked', async () => {
    const user = userEvent.setup();
    const bets = [buildCasinoBet('b1', { marketId: 'cr1.CARDS_2_7_J', selectionId: 'NO' }), buildCasinoBet('b2', { marketId: 'cr1.CARDS_A_2_3', selectionId: 'YES' })];
    render(<LayoutHarness layout={JudgementLayout} markets={markets} bets={bets} />);
    expect(screen.getAllByRole('region').map((r) => within(r).getByRole('heading').textContent)).toEqual(['A 2 3', '2 7 J']);
    for (const r of ['2', 'J', '7']) await user.click(rank(r));
    expect(screen.getAllByRole('region').map((r) => within(r).getByRole('heading').textContent)).toEqual(['2 7 J', 'A 2 3']);
  });
});
