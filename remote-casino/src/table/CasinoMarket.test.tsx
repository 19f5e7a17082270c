import { render, screen, within } from '@testing-library/react';
import { buildCasinoMarket, buildCasinoRound } from '@backlay/shared/testing';
import { CasinoMarket } from './CasinoMarket';
import { roundStatusText } from './RoundStatus';

describe('CasinoMarket', () => {
  it('lists the runners a player can back or lay, not an outcome without a price (Zero beside Red / Black)', () => {
    const market = buildCasinoMarket({
      name: 'Red / Black',
      runners: [
        { selectionId: 'RED', name: 'Red', back: 1.98, lay: null },
        { selectionId: 'BLACK', name: 'Black', back: 1.98, lay: null },
        { selectionId: 'ZERO', name: 'Zero', back: null, lay: null },
      ],
    });
    render(<CasinoMarket market={market} closed={null} onPrice={() => undefined} />);
    const ladder = screen.getByRole('table', { name: 'Red / Black prices' });
    expect(within(ladder).getAllByRole('rowheader').map((th) => th.textContent)).toEqual(['Red', 'Black']);
    expect(within(ladder).queryByText('Zero')).toBeNull();
  });
});

describe('roundStatusText', () => {
  it("a voided round says once that every bet was refunded, in the server's words when it gives a reason", () => {
    expect(roundStatusText(buildCasinoRound({ status: 'VOID', voidReason: 'Table disabled by admin: every bet refunded' }), 0)).toBe('Void: Table disabled by admin: every bet refunded');
    expect(roundStatusText(buildCasinoRound({ status: 'VOID', voidReason: null }), 0)).toBe('Void · every bet refunded');
  });
});
