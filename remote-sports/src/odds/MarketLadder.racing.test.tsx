import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildMarket, buildRunner } from '@backlay/shared/testing';
import { MarketLadder } from './MarketLadder';

const race = (over: Parameters<typeof buildMarket>[1] = {}) =>
  buildMarket('win', {
    name: 'A4 480m',
    runners: [
      buildRunner('11', 3.5, { name: 'Swift Lad', clothNumber: 1 }),
      buildRunner('12', 4.2, { name: 'Dusty Road', clothNumber: 2 }),
      buildRunner('13', 6, { name: 'Late Call', clothNumber: 3, status: 'removed', back: [], lay: [], adjustmentFactor: 12.5 }),
    ],
    ...over,
  });

describe('MarketLadder on a race', () => {
  it('titles the WIN market Win and shows each runner with its race-card number', async () => {
    const onPrice = jest.fn();
    render(<MarketLadder market={race()} racing onRules={() => undefined} onPrice={onPrice} />);
    expect(screen.getByRole('heading', { name: 'Win' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Win prices' })).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /^1\. Swift Lad/ });
    expect(within(row).getByText('1', { selector: '.bl-cloth' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back 1. Swift Lad at 3.5' }));
    expect(onPrice).toHaveBeenCalledWith('11', 'BACK', 3.5);
  });

  it('strikes a non-runner through with NR and its reduction factor, and offers no price on it', () => {
    render(<MarketLadder market={race()} racing onRules={() => undefined} onPrice={() => undefined} />);
    const row = screen.getByRole('row', { name: /^3\. Late Call/ });
    expect(within(row).getByText('Late Call').tagName).toBe('S');
    expect(within(row).getByText('NR')).toBeInTheDocument();
    expect(within(row).getByRole('cell')).toHaveTextContent('Non-runner · Reduction 12.5%');
    expect(within(row).queryByRole('button')).toBeNull();
  });

  it('titles a PLACE market with its places and badges the placed runners once settled', () => {
    const market = race({
      marketId: 'place',
      numberOfWinners: 2,
      settled: { type: 'PLACED', selectionIds: ['11', '12'] },
      runners: [
        buildRunner('11', 1, { name: 'Swift Lad', clothNumber: 1, status: 'winner', back: [], lay: [] }),
        buildRunner('12', 1, { name: 'Dusty Road', clothNumber: 2, status: 'winner', back: [], lay: [] }),
        buildRunner('14', 1, { name: 'Slow Coach', clothNumber: 4, status: 'loser', back: [], lay: [] }),
        buildRunner('13', 1, { name: 'Late Call', clothNumber: 3, status: 'removed', back: [], lay: [], adjustmentFactor: 12.5 }),
      ],
    });
    render(<MarketLadder market={market} racing onRules={() => undefined} />);
    expect(screen.getByRole('heading', { name: 'To be placed · 2 places' })).toBeInTheDocument();
    expect(screen.getByText('Settled · Placed: 1. Swift Lad / 2. Dusty Road')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /^2\. Dusty Road/ })).getByText('Placed')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /^4\. Slow Coach/ })).getByText('Loser')).toBeInTheDocument();
    const nr = screen.getByRole('row', { name: /^3\. Late Call/ });
    expect(within(nr).getByText('NR')).toBeInTheDocument();
    expect(within(nr).getByText('Reduction 12.5%')).toBeInTheDocument();
  });

  it('outside racing a removed runner still reads Removed and names have no number', () => {
    render(<MarketLadder market={buildMarket('mo', { runners: [buildRunner('a', 2, { name: 'India' }), buildRunner('b', 2, { name: 'Australia', status: 'removed', back: [], lay: [] })] })} onRules={() => undefined} />);
    expect(screen.getByRole('heading', { name: 'Match Odds' })).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /^Australia/ })).getAllByText('Removed')).toHaveLength(2);
  });
});
