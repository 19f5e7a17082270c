import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, on, type PaymentRequestRow } from '@backlay/shared';
import { fakePayments, renderWithApis, withMocks } from '@backlay/shared/testing';
import { DecisionDialog, decisionTitle } from './DecisionDialog';

const payments = withMocks(fakePayments, 'updateStatus');
const apis = { payments };

const DEPOSIT: PaymentRequestRow = {
  _id: 'r1', type: 'deposit', amount: 1500, createdAt: '2026-11-02T09:05:07Z', status: 'pending', remark: 'ok', accountType: 'upi', utrno: 'UTR123456789012',
  screenshotUrl: '/api/payment-screenshot/s1', payTo: null, username: 'demo-user', decidedAt: null, decidedBy: null,
};
const WITHDRAW: PaymentRequestRow = { ...DEPOSIT, _id: 'w1', type: 'withdraw', amount: 200, utrno: null, screenshotUrl: null, payTo: 'Asha Rao · 123456789012 · HDFC0001234', accountType: 'bank' };

let notices: string[] = [];
let subscription: { unsubscribe: () => void };
beforeEach(() => {
  jest.resetAllMocks();
  notices = [];
  subscription = on('ui.notify').subscribe((n) => notices.push(`${n.kind}: ${n.message}`));
});
afterEach(() => subscription.unsubscribe());

function open(row: PaymentRequestRow, decision: 'approved' | 'rejected') {
  const onClose = jest.fn();
  const onDone = jest.fn();
  renderWithApis(<DecisionDialog row={row} decision={decision} onClose={onClose} onDone={onDone} />, apis);
  return { dialog: screen.getByRole('dialog', { name: decisionTitle(decision, row.type) }), onClose, onDone };
}

describe('DecisionDialog', () => {
  it.each([
    ['approved', 'deposit', 'Approve deposit'],
    ['rejected', 'deposit', 'Reject deposit'],
    ['approved', 'withdraw', 'Approve withdrawal'],
    ['rejected', 'withdraw', 'Reject withdrawal'],
  ] as const)('is titled for %s %s', (decision, type, title) => {
    expect(decisionTitle(decision, type)).toBe(title);
  });

  it('shows what is decided and asks for the transaction password', async () => {
    const { dialog } = open(DEPOSIT, 'approved');
    expect(within(dialog).getByText('UTR123456789012')).toBeInTheDocument();
    expect(within(dialog).getByText('1,500.00 moves from your balance to demo-user.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Remark')).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('Transaction password is required')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Transaction password'), '12a');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('Transaction password must be exactly 6 digits')).toBeInTheDocument();
    expect(payments.updateStatus).not.toHaveBeenCalled();
  });

  it('approves with the remark and transaction password under an Idempotency-Key and toasts the server message', async () => {
    payments.updateStatus.mockResolvedValue({ data: { ...DEPOSIT, status: 'approved' }, message: 'Deposit approved' });
    const { dialog, onDone } = open(DEPOSIT, 'approved');
    await userEvent.type(within(dialog).getByLabelText('Remark'), ' Received in HDFC ');
    await userEvent.type(within(dialog).getByLabelText('Transaction password'), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(payments.updateStatus).toHaveBeenCalledWith({ id: 'r1', status: 'approved', remark: 'Received in HDFC', transactionPassword: '123456' }, expect.stringMatching(/^[0-9a-f-]{36}$/));
    expect(notices).toEqual(['success: Deposit approved']);
  });

  it('rejects a withdrawal, reusing the key when the same decision is retried and taking a new one when it changes', async () => {
    payments.updateStatus
      .mockRejectedValueOnce(new ApiError('timeout of 50000ms exceeded', 0, 'NETWORK'))
      .mockRejectedValueOnce(new ApiError('Transaction password is incorrect', 401, 'TRANSACTION_PASSWORD_WRONG'))
      .mockResolvedValueOnce({ data: { ...WITHDRAW, status: 'rejected' }, message: 'Withdraw rejected' });
    const { dialog, onDone } = open(WITHDRAW, 'rejected');
    expect(within(dialog).getByText('Asha Rao · 123456789012 · HDFC0001234')).toBeInTheDocument();
    expect(within(dialog).getByText('The held 200.00 goes back to demo-user.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Transaction password'), '654321');
    const reject = within(dialog).getByRole('button', { name: 'Reject' });
    await userEvent.click(reject);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('timeout of 50000ms exceeded');
    await userEvent.click(reject);
    expect(await within(dialog).findByText('Transaction password is incorrect')).toBeInTheDocument();
    const [first, second] = payments.updateStatus.mock.calls;
    expect(second).toEqual(first);

    const password = within(dialog).getByLabelText('Transaction password');
    await userEvent.clear(password);
    await userEvent.type(password, '123456');
    await userEvent.click(reject);
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const third = payments.updateStatus.mock.calls[2];
    expect(third[0]).toEqual({ id: 'w1', status: 'rejected', remark: '', transactionPassword: '123456' });
    expect(third[1]).not.toBe(first[1]);
  });
});
