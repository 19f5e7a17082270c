import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import moment from 'moment';
import { MemoryRouter } from 'react-router';
import { listRange, publish, type PaymentRequestRow } from '@backlay/shared';
import { fakeExports, fakePayments, renderWithApis, withMocks } from '@backlay/shared/testing';
import { PaymentStatement } from './PaymentStatement';

const payments = withMocks(fakePayments, 'depositWithdrawList');
const exportsApi = withMocks(fakeExports, 'csv');
const apis = { payments, exports: exportsApi };

const row = (over: Partial<PaymentRequestRow>): PaymentRequestRow => ({
  _id: 'r1', type: 'deposit', amount: 1500, createdAt: '2026-11-02T09:05:07Z', status: 'pending', remark: 'ok', accountType: 'upi', utrno: 'UTR123456789012',
  screenshotUrl: '/api/payment-screenshot/s1', payTo: null, username: 'demo-user', decidedAt: null, decidedBy: null, ...over,
});

function open(path: string) {
  renderWithApis(
    <MemoryRouter initialEntries={[path]}>
      <PaymentStatement />
    </MemoryRouter>,
    apis,
  );
}

beforeEach(() => jest.resetAllMocks());

describe('PaymentStatement', () => {
  it('is the Deposit Statement on /depositstatement: the last 7 days, all types, and the rows', async () => {
    payments.depositWithdrawList.mockResolvedValue([
      row({ _id: 'a', status: 'approved', amount: 1234.5, remark: 'Credited, thanks' }),
      row({ _id: 'b', accountType: 'bank', createdAt: '2026-11-03T18:30:00Z' }),
    ]);
    open('/depositstatement');
    expect(screen.getByRole('heading', { name: 'Deposit Statement' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Deposit Statement' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Type', 'Amount', 'Date', 'Status', 'Remark']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Deposit UPI', '1,234.50', moment('2026-11-02T09:05:07Z').format('DD/MM/YYYY h:mm:ss A'), 'Approved', 'Credited, thanks']);
    expect(within(second).getAllByRole('cell')[0]).toHaveTextContent('Deposit Bank');
    expect(within(second).getByText('Pending')).toHaveClass('bl-badge--pending');

    const today = moment().format('YYYY-MM-DD');
    const weekAgo = moment().subtract(7, 'days').format('YYYY-MM-DD');
    expect(screen.getByLabelText('From')).toHaveValue(weekAgo);
    expect(screen.getByLabelText('To')).toHaveValue(today);
    expect(payments.depositWithdrawList).toHaveBeenCalledWith({ type: 'deposit', ...listRange(weekAgo, today), reportType: 'all' });
  });

  it('is the Withdraw Statement on /withdrawstatement, filtered by the Type the player picks', async () => {
    payments.depositWithdrawList.mockResolvedValue([]);
    open('/withdrawstatement');
    expect(screen.getByRole('heading', { name: 'Withdraw Statement' })).toBeInTheDocument();
    expect(await screen.findByText('No records found')).toBeInTheDocument();
    const type = screen.getByLabelText('Type');
    expect(within(type).getAllByRole('option').map((o) => o.textContent)).toEqual(['All', 'Approved', 'Pending', 'Rejected']);
    payments.depositWithdrawList.mockResolvedValue([row({ type: 'withdraw', status: 'rejected', remark: 'Wrong account', payTo: 'asha@okaxis' })]);
    await userEvent.selectOptions(type, 'Rejected');
    expect(await screen.findByText('Wrong account')).toBeInTheDocument();
    expect(payments.depositWithdrawList).toHaveBeenLastCalledWith(expect.objectContaining({ type: 'withdraw', reportType: 'rejected' }));
  });

  it('reloads for new dates and refuses a range that ends before it starts', async () => {
    payments.depositWithdrawList.mockResolvedValue([]);
    open('/depositstatement');
    await screen.findByText('No records found');
    const from = screen.getByLabelText('From');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-10-01');
    await waitFor(() => expect(payments.depositWithdrawList).toHaveBeenLastCalledWith(expect.objectContaining(listRange('2026-10-01', moment().format('YYYY-MM-DD')))));
    const to = screen.getByLabelText('To');
    await userEvent.clear(to);
    await userEvent.type(to, '2026-09-01');
    expect(await screen.findByRole('alert')).toHaveTextContent('Start date must not be after end date');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('reloads when the wallet moves (a decision arrived over the socket)', async () => {
    payments.depositWithdrawList.mockResolvedValue([row({})]);
    open('/depositstatement');
    await screen.findByText('Pending');
    payments.depositWithdrawList.mockResolvedValue([row({ status: 'approved' })]);
    act(() => publish('wallet.balanceChanged', { balance: 1500, exposer: 0 }));
    expect(await screen.findByText('Approved')).toBeInTheDocument();
  });
});

describe('PaymentStatement: Download CSV and Print', () => {
  it("asks for the player's whole statement with the list's own filters", async () => {
    payments.depositWithdrawList.mockResolvedValue([row({})]);
    exportsApi.csv.mockRejectedValue(new Error('not now'));
    open('/withdrawstatement');
    await waitFor(() => expect(payments.depositWithdrawList).toHaveBeenCalled());
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(exportsApi.csv).toHaveBeenCalledWith('get-deposit-withdraw-list', payments.depositWithdrawList.mock.lastCall?.[0]);
    expect(exportsApi.csv.mock.lastCall?.[1]).toMatchObject({ type: 'withdraw', reportType: 'all' });
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
  });
});
