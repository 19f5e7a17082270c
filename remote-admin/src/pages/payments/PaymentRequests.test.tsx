import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { ApiError, on, publish, type PaymentRequestRow } from '@backlay/shared';
import { fakeExports, fakePayments, renderWithApis, withMocks } from '@backlay/shared/testing';
import { screens } from '../../expose/routes';
import { PaymentRequests } from './PaymentRequests';

const payments = withMocks(fakePayments, 'depositWithdrawList', 'updateStatus', 'screenshot');
const exportsApi = withMocks(fakeExports, 'csv');
const apis = { payments, exports: exportsApi };

const row = (over: Partial<PaymentRequestRow>): PaymentRequestRow => ({
  _id: 'r1', type: 'deposit', amount: 1500, createdAt: '2026-11-02T09:05:07Z', status: 'pending', remark: 'ok', accountType: 'upi', utrno: 'UTR123456789012',
  screenshotUrl: '/api/payment-screenshot/s1', payTo: null, username: 'demo-user', decidedAt: null, decidedBy: null, ...over,
});

function open(path: string) {
  renderWithApis(
    <MemoryRouter initialEntries={[path]}>
      <PaymentRequests />
    </MemoryRouter>,
    apis,
  );
}

let notices: string[] = [];
let subscription: { unsubscribe: () => void };
beforeEach(() => {
  jest.resetAllMocks();
  notices = [];
  subscription = on('ui.notify').subscribe((n) => notices.push(`${n.kind}: ${n.message}`));
});
afterEach(() => subscription.unsubscribe());

const rowOf = (name: string) => screen.getAllByRole('row').find((r) => within(r).queryByRole('rowheader', { name }) !== null) as HTMLElement;

describe('admin PaymentRequests', () => {
  it('is the screen of both admin statements and of the payment method', () => {
    expect(screens.adminDepositStatement).toBe(screens.adminWithdrawStatement);
    expect(screens.adminPaymentMethod).toBeDefined();
  });

  it("lists the downline's deposits with UTR, screenshot and actions on pending rows only", async () => {
    payments.depositWithdrawList.mockResolvedValue([row({}), row({ _id: 'r2', username: 'other', status: 'approved', remark: 'Received', decidedBy: 'demo-dl', utrno: 'UTR999999999999' })]);
    open('/admin/depositstatement');
    expect(screen.getByRole('heading', { name: 'Deposit Statement' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Deposit Statement' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Username', 'Amount', 'UTR', 'Date', 'Status', 'Remark', 'Screenshot', 'Actions']);
    const pending = rowOf('demo-user');
    expect(within(pending).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(within(pending).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    const approved = rowOf('other');
    expect(within(approved).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(within(approved).getByText('by demo-dl')).toBeInTheDocument();
    expect(payments.depositWithdrawList).toHaveBeenCalledWith(expect.objectContaining({ type: 'deposit', reportType: 'all', search: undefined }));
  });

  it('approves a pending deposit through the dialog (with its Idempotency-Key) and reloads', async () => {
    payments.depositWithdrawList.mockResolvedValue([row({})]);
    payments.updateStatus.mockResolvedValue({ data: row({ status: 'approved' }), message: 'Deposit approved' });
    open('/admin/depositstatement');
    await screen.findByRole('table', { name: 'Deposit Statement' });
    await userEvent.click(within(rowOf('demo-user')).getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve deposit' });
    await userEvent.type(within(dialog).getByLabelText('Transaction password'), '123456');
    payments.depositWithdrawList.mockResolvedValue([row({ status: 'approved' })]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(payments.updateStatus).toHaveBeenCalledWith({ id: 'r1', status: 'approved', remark: '', transactionPassword: '123456' }, expect.stringMatching(/^[0-9a-f-]{36}$/));
    expect(notices).toEqual(['success: Deposit approved']);
    await waitFor(() => expect(within(rowOf('demo-user')).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument());
    expect(payments.depositWithdrawList).toHaveBeenCalledTimes(2);
  });

  it('shows the withdrawals with where to pay them and opens the reject dialog', async () => {
    payments.depositWithdrawList.mockResolvedValue([row({ _id: 'w1', type: 'withdraw', utrno: null, screenshotUrl: null, payTo: 'asha@okaxis', amount: 200 })]);
    open('/admin/withdrawstatement');
    const table = await screen.findByRole('table', { name: 'Withdraw Statement' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Username', 'Amount', 'Pay to', 'Date', 'Status', 'Remark', 'Actions']);
    expect(within(table).getByText('asha@okaxis')).toBeInTheDocument();
    expect(payments.depositWithdrawList).toHaveBeenCalledWith(expect.objectContaining({ type: 'withdraw' }));
    await userEvent.click(within(rowOf('demo-user')).getByRole('button', { name: 'Reject' }));
    expect(screen.getByRole('dialog', { name: 'Reject withdrawal' })).toBeInTheDocument();
  });

  it('filters by status and by a search of the downline (debounced)', async () => {
    jest.useFakeTimers();
    try {
      payments.depositWithdrawList.mockResolvedValue([]);
      open('/admin/depositstatement');
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      expect(await screen.findByText('No records found')).toBeInTheDocument();
      await user.selectOptions(screen.getByLabelText('Type'), 'Pending');
      await waitFor(() => expect(payments.depositWithdrawList).toHaveBeenLastCalledWith(expect.objectContaining({ reportType: 'pending', search: undefined })));
      const calls = payments.depositWithdrawList.mock.calls.length;
      await user.type(screen.getByRole('searchbox', { name: 'Search username or UTR' }), 'demo-user');
      expect(payments.depositWithdrawList).toHaveBeenCalledTimes(calls);
      act(() => jest.advanceTimersByTime(300));
      await waitFor(() => expect(payments.depositWithdrawList).toHaveBeenLastCalledWith(expect.objectContaining({ reportType: 'pending', search: 'demo-user' })));
      expect(payments.depositWithdrawList).toHaveBeenCalledTimes(calls + 1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('sorts on the server (the list is capped): Amount, then Amount again, with aria-sort', async () => {
    payments.depositWithdrawList.mockResolvedValue([row({})]);
    open('/admin/withdrawstatement');
    const table = await screen.findByRole('table', { name: 'Withdraw Statement' });
    expect(screen.getByRole('searchbox', { name: 'Search username' })).toBeInTheDocument();
    const amount = within(table).getByRole('columnheader', { name: 'Amount' });
    expect(amount).toHaveAttribute('aria-sort', 'none');
    await userEvent.click(within(amount).getByRole('button', { name: 'Amount' }));
    await waitFor(() => expect(payments.depositWithdrawList).toHaveBeenLastCalledWith(expect.objectContaining({ type: 'withdraw', sort: 'amount', order: 'asc' })));
    await userEvent.click(within(screen.getByRole('table', { name: 'Withdraw Statement' })).getByRole('button', { name: 'Amount' }));
    await waitFor(() => expect(payments.depositWithdrawList).toHaveBeenLastCalledWith(expect.objectContaining({ sort: 'amount', order: 'desc' })));
    expect(screen.getByRole('columnheader', { name: 'Amount' })).toHaveAttribute('aria-sort', 'descending');
    // Pay to, Remark and Actions are not sortable.
    expect(within(screen.getByRole('columnheader', { name: 'Pay to' })).queryByRole('button')).not.toBeInTheDocument();
  });

  it('Download CSV asks for the whole statement with the filters the list applied (the API streams every row)', async () => {
    payments.depositWithdrawList.mockResolvedValue([]);
    exportsApi.csv.mockRejectedValue(new ApiError('No such account in your downline', 404, 'NOT_FOUND'));
    open('/admin/withdrawstatement');
    await screen.findByText('No records found');
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'Approved');
    await waitFor(() => expect(payments.depositWithdrawList).toHaveBeenLastCalledWith(expect.objectContaining({ reportType: 'approved' })));
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(exportsApi.csv).toHaveBeenCalledWith('get-deposit-withdraw-list', payments.depositWithdrawList.mock.lastCall?.[0]);
    expect(await screen.findByRole('alert')).toHaveTextContent('The CSV could not be downloaded: No such account in your downline');
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
  });

  it("shows the server's refusal of a username outside the downline", async () => {
    payments.depositWithdrawList.mockRejectedValue(new ApiError('No such account in your downline', 404, 'NOT_FOUND'));
    open('/admin/depositstatement');
    expect(await screen.findByText('No such account in your downline')).toBeInTheDocument();
  });

  it('reloads when the wallet moves and on Refresh', async () => {
    payments.depositWithdrawList.mockResolvedValue([]);
    open('/admin/depositstatement');
    await screen.findByText('No records found');
    act(() => publish('wallet.balanceChanged', { balance: 1, exposer: 0 }));
    await waitFor(() => expect(payments.depositWithdrawList).toHaveBeenCalledTimes(2));
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(payments.depositWithdrawList).toHaveBeenCalledTimes(3));
  });

  it('shows the screenshot fetched with the token through an object URL, revoked on close', async () => {
    const blob = new Blob(['png'], { type: 'image/png' });
    const createObjectURL = jest.fn(() => 'blob:shot-1');
    const revokeObjectURL = jest.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    payments.depositWithdrawList.mockResolvedValue([row({})]);
    payments.screenshot.mockResolvedValue(blob);
    open('/admin/depositstatement');
    await screen.findByRole('table', { name: 'Deposit Statement' });
    await userEvent.click(screen.getByRole('button', { name: 'View screenshot of UTR UTR123456789012' }));
    const dialog = screen.getByRole('dialog', { name: 'Deposit screenshot' });
    const img = await within(dialog).findByRole('img', { name: 'Payment screenshot of demo-user, UTR UTR123456789012' });
    expect(img).toHaveAttribute('src', 'blob:shot-1');
    expect(payments.screenshot).toHaveBeenCalledWith('/api/payment-screenshot/s1');
    expect(createObjectURL).toHaveBeenCalledWith(blob);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:shot-1');
  });

  it('says when the screenshot cannot be loaded', async () => {
    payments.depositWithdrawList.mockResolvedValue([row({})]);
    payments.screenshot.mockRejectedValue(new ApiError('Not found', 404, 'NOT_FOUND'));
    open('/admin/depositstatement');
    await screen.findByRole('table', { name: 'Deposit Statement' });
    await userEvent.click(screen.getByRole('button', { name: 'View screenshot of UTR UTR123456789012' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The screenshot could not be loaded: Not found');
  });
});
