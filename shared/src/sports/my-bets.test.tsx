import { render, screen, within } from '@testing-library/react';
import { BetTableRow, MyBetsSection } from './my-bets';
import { compareCodeUnits } from '../kernel/text-order';

interface Bet {
  id: string;
  at: string;
  status: string;
}

const section = (load: Parameters<typeof MyBetsSection<Bet>>[0]['load']) => (
  <MyBetsSection<Bet>
    id="t"
    title="My Bets"
    load={load}
    newestFirst={(bets) => [...bets].sort((a, b) => compareCodeUnits(b.at, a.at))}
    empty="No bets yet."
    label="My bets here"
    columns={<th scope="col">Bet</th>}
    row={(bet) => (
      <BetTableRow key={bet.id} kind="back" status={bet.status}>
        <th scope="row">{bet.id}</th>
      </BetTableRow>
    )}
  />
);

describe('MyBetsSection', () => {
  it('lists the bets newest first under a heading with their count; a voided one is struck', () => {
    render(
      section({
        state: 'done',
        value: [
          { id: 'old', at: '1', status: 'matched' },
          { id: 'new', at: '2', status: 'voided' },
        ],
      }),
    );
    expect(screen.getByRole('heading', { name: 'My Bets (2)' })).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'My bets here' })).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['new', 'old']);
    expect(rows[0]).toHaveClass('bl-bet--void');
    expect(rows[0]).toHaveAttribute('data-status', 'voided');
  });

  it('says when there are none, and why they could not be loaded', () => {
    const { rerender } = render(section({ state: 'done', value: [] }));
    expect(screen.getByText('No bets yet.')).toBeInTheDocument();
    rerender(section({ state: 'fail', message: 'Server down' }));
    expect(screen.getByText('Your bets could not be loaded: Server down')).toBeInTheDocument();
  });
});
