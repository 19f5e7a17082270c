import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type CasinoIntProviderAdminView, type CasinoIntReconciliationReport } from '@backlay/shared';
import { SEARCH_DEBOUNCE_MS } from '@backlay/shared/sortable';
import { fakeCasinoInt, renderWithApis, withMocks } from '@backlay/shared/testing';
import { CasinoIntReconciliation, yesterdayUtc } from './CasinoIntReconciliation';

const api = withMocks(fakeCasinoInt, 'adminProviders', 'reconciliation', 'runReconciliation');
const apis = { casinoInt: api };

const provider = { id: 'backlay-studio', name: 'Backlay Studio', seamless: true } as CasinoIntProviderAdminView;
const report = (over: Partial<CasinoIntReconciliationReport> = {}): CasinoIntReconciliationReport => ({
  providerId: 'backlay-studio',
  date: '2026-01-01',
  totals: { debits: '30.00', credits: '15.00', rollbacks: '0.00', net: '15.00' },
  transactions: [
    { transactionId: 'd1', refTransactionId: null, type: 'debit', roundId: 'r1', username: 'player1', gameCode: 'crash', amount: '10.00', createdAt: '2026-01-01T10:00:00.000Z' },
  ],
  clearingBalance: '15.00',
  run: null,
  ...over,
});

beforeEach(() => {
  jest.resetAllMocks();
  api.adminProviders.mockResolvedValue([provider]);
});

describe('CasinoIntReconciliation', () => {
  it('defaults to yesterday (UTC)', () => {
    expect(yesterdayUtc(Date.UTC(2026, 0, 2, 0, 30))).toBe('2026-01-01');
  });

  it('shows our side of the day, then runs the comparison and lists the mismatches', async () => {
    api.reconciliation.mockResolvedValueOnce(report());
    api.runReconciliation.mockResolvedValue({
      data: { status: 'mismatched', error: null, ranAt: '2026-01-02T01:00:00.000Z', theirCount: 2, mismatches: [] },
      message: 'Reconciliation done',
    });
    api.reconciliation.mockResolvedValueOnce(
      report({
        run: {
          status: 'mismatched',
          error: null,
          ranAt: '2026-01-02T01:00:00.000Z',
          theirCount: 2,
          mismatches: [
            { kind: 'amount_differs', transactionId: 'd1', type: 'debit', ours: '10.00', theirs: '15.00' },
            { kind: 'missing_ours', transactionId: 'x9', type: 'credit', ours: null, theirs: '2.00' },
          ],
        },
      }),
    );
    renderWithApis(<CasinoIntReconciliation />, apis);
    expect(await screen.findByRole('combobox', { name: 'Provider' })).toHaveValue('backlay-studio');
    const date = screen.getByLabelText('Date (UTC)');
    await userEvent.clear(date);
    await userEvent.type(date, '2026-01-01');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(api.reconciliation).toHaveBeenCalledWith('backlay-studio', '2026-01-01'));
    expect(await screen.findByRole('table', { name: 'Transactions' })).toHaveTextContent('player1');
    expect(screen.getByText('Not run yet')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Reconcile now' }));
    await waitFor(() => expect(api.runReconciliation).toHaveBeenCalledWith('backlay-studio', '2026-01-01'));
    const mismatches = await screen.findByRole('table', { name: 'Mismatches' });
    expect(within(mismatches).getByRole('row', { name: /^d1/ })).toHaveTextContent('Amount differs');
    expect(within(mismatches).getByRole('row', { name: /^x9/ })).toHaveTextContent('Missing on our side');
  });

  it('sorts the mismatches and the transactions in the browser (amounts as money) and searches the transactions', async () => {
    const tx = (id: string, username: string, amount: string) => ({ transactionId: id, refTransactionId: null, type: 'debit' as const, roundId: `r-${id}`, username, gameCode: 'crash', amount, createdAt: '2026-01-01T10:00:00.000Z' });
    api.reconciliation.mockResolvedValue(
      report({
        transactions: [tx('t1', 'player1', '100.00'), tx('t2', 'player2', '9.50'), tx('t3', 'zed', '20.00')],
        run: {
          status: 'mismatched',
          error: null,
          ranAt: '2026-01-02T01:00:00.000Z',
          theirCount: 2,
          mismatches: [
            { kind: 'amount_differs', transactionId: 'd1', type: 'debit', ours: '100.00', theirs: '15.00' },
            { kind: 'missing_ours', transactionId: 'x9', type: 'credit', ours: null, theirs: '2.00' },
            { kind: 'missing_theirs', transactionId: 'y2', type: 'debit', ours: '9.00', theirs: null },
          ],
        },
      }),
    );
    renderWithApis(<CasinoIntReconciliation />, apis);
    await screen.findByRole('combobox', { name: 'Provider' });
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    const transactions = await screen.findByRole('table', { name: 'Transactions' });
    const ids = (name: string) => within(screen.getByRole('table', { name })).getAllByRole('rowheader').map((c) => c.textContent);
    await userEvent.click(within(transactions).getByRole('button', { name: 'Amount' }));
    expect(ids('Transactions')).toEqual(['t2', 't3', 't1']);
    await userEvent.click(within(transactions).getByRole('button', { name: 'Amount' }));
    expect(ids('Transactions')).toEqual(['t1', 't3', 't2']);
    expect(within(transactions).getByRole('columnheader', { name: 'Amount' })).toHaveAttribute('aria-sort', 'descending');
    // Ours: 9 < 100 as money; the one missing on our side last.
    await userEvent.click(within(screen.getByRole('table', { name: 'Mismatches' })).getByRole('button', { name: 'Ours' }));
    expect(ids('Mismatches')).toEqual(['y2', 'd1', 'x9']);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search transactions' }), 'zed');
    await waitFor(() => expect(ids('Transactions')).toEqual(['t3']), { timeout: SEARCH_DEBOUNCE_MS * 4 });
  });
});
