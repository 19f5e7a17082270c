import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AccountStatement } from './AccountStatement';
import { fakeStatement, renderWithApis, withMocks } from '@backlay/shared/testing';

const statementFake = withMocks(fakeStatement, 'accountStatement');
const apis = { statement: statementFake };

const statement = statementFake.accountStatement;

function renderAt(path: string) {
  // The build stamp reads the browser's path (the shell's router is a browser router).
  window.history.pushState({}, '', path);
  renderWithApis(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/accountstatement" element={<AccountStatement />} />
      </Routes>
    </MemoryRouter>,
    apis,
  );
}

beforeEach(() => statement.mockReset());

describe('admin AccountStatement', () => {
  it('shows the agent its own statement by default', async () => {
    statement.mockResolvedValue({ username: 'root', openingBalance: 0, closingBalance: 0, rows: [], total: 0, page: 1, pageSize: 50 });
    renderAt('/admin/accountstatement');
    expect(await screen.findByText('No records found')).toBeInTheDocument();
    expect(statement).toHaveBeenCalledWith(expect.objectContaining({ username: undefined, page: 1 }));
    expect(screen.getByRole('heading', { name: 'Account Statement' })).toBeInTheDocument();
    expect(screen.getByTestId('build-admin')).toBeInTheDocument();
  });

  it('shows a downline account with ?username=', async () => {
    statement.mockResolvedValue({
      username: 'alpha', openingBalance: 0, closingBalance: 500, total: 1, page: 1, pageSize: 50,
      rows: [{ _id: 'e1', date: '2026-11-02T09:05:07Z', code: 'CHIP_DEPOSIT', description: 'Chip deposit from root', describe: { key: 'chipDepositFrom', values: { name: 'root' } }, remark: null, credit: 500, debit: 0, balance: 500 }],
    });
    renderAt('/admin/accountstatement?username=alpha');
    expect(await screen.findByText('Chip deposit from root')).toBeInTheDocument();
    expect(statement).toHaveBeenCalledWith(expect.objectContaining({ username: 'alpha' }));
    expect(screen.getByRole('heading', { name: 'Account Statement: alpha' })).toBeInTheDocument();
    expect(screen.getByTestId('closing-balance')).toHaveTextContent('500.00');
  });
});
