import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildCasinoBet } from '@backlay/shared/testing';
import { LotteryLayout } from './LotteryLayout';
import { LayoutHarness, gameMarkets } from './test-markets';

const markets = gameMarkets('lottery');
const picker = (name: string) => screen.getByRole('group', { name });
const prices = (name: string) => screen.queryByRole('region', { name });

describe('LotteryLayout', () => {
  it('lists no price until a number is picked', () => {
    render(<LayoutHarness layout={LotteryLayout} markets={markets} />);
    expect(screen.queryAllByRole('region')).toHaveLength(0);
    expect(screen.queryAllByRole('button', { name: /^Back / })).toHaveLength(0);
    expect(within(picker('Single')).getAllByRole('button')).toHaveLength(10);
    expect(within(picker('Double')).getAllByRole('combobox')).toEqual(['1st digit', '2nd digit'].map((name) => within(picker('Double')).getByRole('combobox', { name })));
    expect(within(picker('Triple')).getAllByRole('combobox')).toHaveLength(3);
  });

  it('Single: a digit button shows that digit\'s price, and a second click takes it back', async () => {
    const user = userEvent.setup();
    const onPrice = jest.fn();
    render(<LayoutHarness layout={LotteryLayout} markets={markets} onPrice={onPrice} />);
    await user.click(within(picker('Single')).getByRole('button', { name: '7' }));
    expect(within(picker('Single')).getByRole('button', { name: '7' })).toHaveAttribute('aria-pressed', 'true');
    const single = prices('Single');
    expect(within(single!).getAllByRole('button')).toHaveLength(1);
    await user.click(within(single!).getByRole('button', { name: 'Back 7 at 9.5' }));
    expect(onPrice).toHaveBeenCalledWith('cr1.SINGLE', '7');
    await user.click(within(picker('Single')).getByRole('button', { name: '7' }));
    expect(prices('Single')).toBeNull();
  });

  it('Triple 0-4-7 shows the price of 047 only; Double 3-3 that of 33', async () => {
    const user = userEvent.setup();
    render(<LayoutHarness layout={LotteryLayout} markets={markets} />);
    const triple = within(picker('Triple'));
    await user.selectOptions(triple.getByRole('combobox', { name: '1st digit' }), '0');
    await user.selectOptions(triple.getByRole('combobox', { name: '2nd digit' }), '4');
    expect(prices('Triple')).toBeNull();
    await user.selectOptions(triple.getByRole('combobox', { name: '3rd digit' }), '7');
    expect(within(prices('Triple')!).getAllByRole('button')).toEqual([within(prices('Triple')!).getByRole('button', { name: 'Back 047 at 900' })]);

    const double = within(picker('Double'));
    await user.selectOptions(double.getByRole('combobox', { name: '1st digit' }), '3');
    await user.selectOptions(double.getByRole('combobox', { name: '2nd digit' }), '3');
    expect(within(prices('Double')!).getByRole('button', { name: 'Back 33 at 126.5' })).toBeInTheDocument();
  });

  it('keeps the numbers bet on listed beside the one picked', async () => {
    const user = userEvent.setup();
    const bets = [buildCasinoBet('b1', { marketId: 'cr1.TRIPLE', selectionId: '512', selectionName: '512', odds: 900 })];
    render(<LayoutHarness layout={LotteryLayout} markets={markets} bets={bets} />);
    expect(within(prices('Triple')!).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Back 512 at 900']);
    const triple = within(picker('Triple'));
    for (const [label, digit] of [['1st digit', '0'], ['2nd digit', '4'], ['3rd digit', '7']]) await user.selectOptions(triple.getByRole('combobox', { name: label }), digit);
    expect(within(prices('Triple')!).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Back 047 at 900', 'Back 512 at 900']);
  });
});
