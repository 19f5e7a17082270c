import { render, screen } from '@testing-library/react';
import { Pnl } from './pnl';

describe('Pnl, the one P&L cell of players and agents', () => {
  it.each([
    [1250.5, '1,250.50', 'pos'],
    [-735.3, '-735.30', 'neg'],
    [0, '0.00', 'zero'],
  ])('%d reads %s and is marked %s', (rupees, shown, sign) => {
    render(<Pnl rupees={rupees} testId="cell" />);
    const cell = screen.getByTestId('cell');
    expect(cell).toHaveTextContent(shown);
    expect(cell).toHaveAttribute('data-pnl', sign);
    expect(cell).toHaveClass('bl-pnl', `bl-pnl--${sign}`);
  });
});
