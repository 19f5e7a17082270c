import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type CashOutResponse, type MarketPosition } from '@backlay/shared';
import { cashOutQuote } from '@backlay/shared/domain';
import { buildMarket, buildRunner } from '@backlay/shared/testing';
import { CashOutOffers, CashOutPanel, liveCashOut } from './CashOut';

/** T24 (docs/rules/money.md §7.8): back H 100 @ 3.0 ⇒ H +200, A −100; H's lay now 2.0. */
const t24Market = (status: 'open' | 'suspended' = 'open') =>
  buildMarket('mo', {
    status,
    minStake: 1,
    runners: [
      buildRunner('H', 2, { name: 'Home', back: [{ price: 1.95, size: 1000 }], lay: [{ price: 2, size: 1000 }] }),
      buildRunner('A', 2, { name: 'Away', back: [{ price: 1.5, size: 1000 }], lay: [{ price: 1.6, size: 1000 }] }),
    ],
  });
const t24Position: MarketPosition = {
  marketId: 'mo',
  marketType: 'match_odds',
  profitlist: [
    { selectionId: 'H', profit: 200 },
    { selectionId: 'A', profit: -100 },
  ],
  exposure: 100,
};

const reply: { data: CashOutResponse; message: string } = {
  message: 'Cashed out',
  data: { cashOutId: 'c1', marketId: 'mo', percent: 100, value: 50, bets: [], exposer: 0, balance: 1000, profitlist: [] },
};

describe('cash out on the odds page', () => {
  it('quotes with the shared function on the paise position and the best prices as the API stores them (T24: +50)', () => {
    const q = liveCashOut(t24Market(), t24Position, 100);
    expect(q).toEqual(cashOutQuote({ H: 20000, A: -10000 }, [{ runnerId: 'H', back: 195, lay: 200 }, { runnerId: 'A', back: 150, lay: 160 }], 'match_odds', 100));
    expect(q).toMatchObject({ ok: true, valueMinor: 5000 });
    expect(liveCashOut(buildMarket('ou', { type: 'over_under' }), t24Position, 100)).toBeNull();
    expect(liveCashOut(t24Market(), undefined, 100)).toBeNull();
  });

  it('shows the live value per share, confirms with the hedge named, and sends the value shown', async () => {
    const cashOut = jest.fn().mockResolvedValue(reply);
    render(<CashOutPanel market={t24Market()} position={t24Position} cashOut={cashOut} title="Match Odds" />);
    const group = screen.getByRole('group', { name: 'Cash out: Match Odds' });
    expect(within(group).getByRole('button', { name: 'Cash out 100% of Match Odds for ₹50.00' })).toHaveTextContent('Cash out ₹50.00');
    await userEvent.click(within(group).getByRole('radio', { name: '50%' }));
    await userEvent.click(within(group).getByRole('button', { name: 'Cash out 50% of Match Odds for ₹25.00' }));
    const dialog = screen.getByRole('dialog', { name: 'Cash out' });
    expect(within(dialog).getByRole('list', { name: 'The bets this cash out places' })).toHaveTextContent('Lay Home ₹75.00 at 2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm cash out' }));
    expect(cashOut).toHaveBeenCalledWith({ marketId: 'mo', percent: 50, expectedValue: 25 }, expect.any(String));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a refusal stays in the dialog (role alert)', async () => {
    const cashOut = jest.fn().mockRejectedValue(Object.assign(new Error('The price moved'), { code: 'ODDS_CHANGED' }));
    render(<CashOutPanel market={t24Market()} position={t24Position} cashOut={cashOut} title="Match Odds" />);
    await userEvent.click(screen.getByRole('button', { name: /^Cash out 100%/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm cash out' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The price moved');
  });

  it("says so when the hedge's bet would be below the market's minimum stake (the placement's limit)", async () => {
    render(<CashOutPanel market={{ ...t24Market(), minStake: 100 }} position={t24Position} cashOut={jest.fn()} title="Match Odds" />);
    expect(screen.getByRole('button', { name: /^Cash out 100%/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: '50%' }));
    expect(screen.getByRole('status')).toHaveTextContent("Cash out 50% unavailable: its bet of ₹75.00 is below this market's minimum stake ₹100.00");
  });

  it('says why there is no cash out while the market is suspended; My Bets lists the offer', () => {
    const { rerender } = render(<CashOutPanel market={t24Market('suspended')} position={t24Position} cashOut={jest.fn()} title="Match Odds" />);
    expect(screen.getByRole('status')).toHaveTextContent('Cash out unavailable: the market is suspended');
    expect(screen.queryByRole('button', { name: /^Cash out/ })).toBeNull();
    rerender(<CashOutOffers markets={[t24Market()]} positions={new Map([['mo', t24Position]])} titleOf={(m) => m.name} />);
    expect(screen.getByRole('list', { name: 'Cash out offers' })).toHaveTextContent('Match Odds: cash out ₹50.00');
  });
});
