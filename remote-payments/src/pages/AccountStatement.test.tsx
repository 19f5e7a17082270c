import { screen } from '@testing-library/react';
import { screens } from '../expose/routes';
import { AccountStatement } from './AccountStatement';
import { fakeStatement, renderWithApis, withMocks } from '@backlay/shared/testing';

const statementFake = withMocks(fakeStatement, 'accountStatement');
const apis = { statement: statementFake };

const statement = statementFake.accountStatement;

describe('player AccountStatement', () => {
  it('is the screen of the accountStatement route, beside the payment screens', () => {
    expect(Object.keys(screens)).toEqual(['accountStatement', 'deposit', 'withdraw', 'depositStatement', 'withdrawStatement']);
    expect(screens.depositStatement).toBe(screens.withdrawStatement);
  });

  it("shows the signed-in player's own statement with opening and closing balance", async () => {
    statement.mockResolvedValue({
      username: 'demo-user', openingBalance: 1000, closingBalance: 1250.75, total: 1, page: 1, pageSize: 50,
      rows: [{ _id: 'e1', date: '2026-11-02T09:05:07Z', code: 'CHIP_DEPOSIT', description: 'Chip deposit from demo-dl', describe: { key: 'chipDepositFrom', values: { name: 'demo-dl' } }, remark: null, credit: 250.75, debit: 0, balance: 1250.75 }],
    });
    renderWithApis(<AccountStatement />, apis);
    expect(await screen.findByText('Chip deposit from demo-dl')).toBeInTheDocument();
    expect(statement).toHaveBeenCalledWith(expect.objectContaining({ username: undefined, page: 1, pageSize: 50 }));
    expect(screen.getByTestId('opening-balance')).toHaveTextContent('1,000.00');
    expect(screen.getByTestId('closing-balance')).toHaveTextContent('1,250.75');
    // A player's footer carries no build stamp (only the admin area, or the show_build flag).
    expect(screen.queryByTestId('build-payments')).not.toBeInTheDocument();
  });
});
