import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, on, type BankAndUpiList, type PaymentRequestRow } from '@backlay/shared';
import { fakePayments, memoryPayments, renderWithApis, withMocks } from '@backlay/shared/testing';
import { Withdraw } from './Withdraw';

const payments = withMocks(fakePayments, 'bankAndUpiList', 'addWithdraw', 'deleteUpiBank', 'addBankAccount', 'addUpi');
const apis = { payments };

const LIST: BankAndUpiList = {
  bank: [{ _id: 'b1', accountHolderName: 'Asha Rao', accountNumber: 'XXXXXXXX9012', ifscCode: 'HDFC0001234' }],
  upi: [
    { _id: 'u1', upiId: 'asha@okaxis' },
    { _id: 'u2', upiId: 'asha@ybl' },
  ],
};
const ROW: PaymentRequestRow = {
  _id: 'w1', type: 'withdraw', amount: 200, createdAt: '2026-11-02T09:05:07Z', status: 'pending', remark: 'ok', accountType: 'upi', utrno: null,
  screenshotUrl: null, payTo: 'asha@okaxis', username: 'demo-user', decidedAt: null, decidedBy: null,
};

let notices: string[] = [];
let subscription: { unsubscribe: () => void };
beforeEach(() => {
  jest.resetAllMocks();
  payments.bankAndUpiList.mockResolvedValue(LIST);
  notices = [];
  subscription = on('ui.notify').subscribe((n) => notices.push(`${n.kind}: ${n.message}`));
});
afterEach(() => subscription.unsubscribe());

const bankList = () => screen.getByRole('region', { name: 'Bank Transfer' });
const upiList = () => screen.getByRole('region', { name: 'UPI Transfer' });

async function open() {
  renderWithApis(<Withdraw />, apis);
  await screen.findByRole('region', { name: 'UPI Transfer' });
}

describe('Withdraw', () => {
  it('lists the saved accounts as one radio choice across both lists, each with a delete button', async () => {
    await open();
    expect(within(bankList()).getByRole('radio', { name: /Asha Rao\s*XXXXXXXX9012 · HDFC0001234/ })).not.toBeChecked();
    expect(within(bankList()).getByRole('button', { name: 'Delete bank account Asha Rao XXXXXXXX9012' })).toBeInTheDocument();
    const upi = within(upiList()).getByRole('radio', { name: 'asha@okaxis' });
    expect(within(upiList()).getByRole('button', { name: 'Delete UPI id asha@okaxis' })).toBeInTheDocument();
    expect(within(bankList()).getByRole('button', { name: 'Add New' })).toBeInTheDocument();
    expect(within(upiList()).getByRole('button', { name: 'Add New' })).toBeInTheDocument();

    await userEvent.click(upi);
    expect(upi).toBeChecked();
    await userEvent.click(within(bankList()).getByRole('radio'));
    expect(upi).not.toBeChecked();
    expect(screen.getAllByRole('radio').filter((r) => (r as HTMLInputElement).checked)).toHaveLength(1);
  });

  it("asks for the amount and one account with the SPEC's messages", async () => {
    await open();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Amount is required')).toBeInTheDocument();
    expect(screen.getByText('Select one option from bank details or Upi')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Amount'), '10.555');
    expect(await screen.findByText('Amount must be greater than 0 with at most two decimals')).toBeInTheDocument();
    expect(payments.addWithdraw).not.toHaveBeenCalled();
  });

  it('sends the amount and the chosen UPI id with an Idempotency-Key, toasts the server message and clears the form', async () => {
    payments.addWithdraw.mockResolvedValue({ data: ROW, message: 'Withdraw request submitted' });
    await open();
    await userEvent.type(screen.getByLabelText('Amount'), '200');
    await userEvent.click(within(upiList()).getByRole('radio', { name: 'asha@okaxis' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(notices).toEqual(['success: Withdraw request submitted']));
    expect(payments.addWithdraw).toHaveBeenCalledWith({ type: 'withdraw', amount: 200, remark: 'ok', accountType: 'upi', bankDetail: 'u1' }, expect.stringMatching(/^[0-9a-f-]{36}$/));
    expect(screen.getByLabelText('Amount')).toHaveValue('');
    for (const r of screen.getAllByRole('radio')) expect(r).not.toBeChecked();
  });

  it('withdraws to a bank account, retrying a failed submission with the same key', async () => {
    payments.addWithdraw
      .mockRejectedValueOnce(new ApiError('Insufficient balance: available 100.00, requested 150.00', 409, 'INSUFFICIENT_FUNDS'))
      .mockResolvedValueOnce({ data: { ...ROW, accountType: 'bank' }, message: 'Withdraw request submitted' });
    await open();
    await userEvent.type(screen.getByLabelText('Amount'), '150');
    await userEvent.click(within(bankList()).getByRole('radio'));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(notices).toEqual(['error: Insufficient balance: available 100.00, requested 150.00']));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(payments.addWithdraw).toHaveBeenCalledTimes(2));
    const [first, second] = payments.addWithdraw.mock.calls;
    expect(first[0]).toEqual({ type: 'withdraw', amount: 150, remark: 'ok', accountType: 'bank', bankDetail: 'b1' });
    expect(second[1]).toBe(first[1]);
  });

  it('deletes a saved UPI id after asking, then reloads the lists and drops the choice', async () => {
    payments.deleteUpiBank.mockResolvedValue({ data: { success: true }, message: 'UPI Id deleted' });
    await open();
    await userEvent.click(within(upiList()).getByRole('radio', { name: 'asha@ybl' }));
    await userEvent.click(within(upiList()).getByRole('button', { name: 'Delete UPI id asha@ybl' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete UPI id' });
    payments.bankAndUpiList.mockResolvedValue({ ...LIST, upi: [LIST.upi[0]] });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('radio', { name: 'asha@ybl' })).not.toBeInTheDocument());
    expect(payments.deleteUpiBank).toHaveBeenCalledWith({ type: 'upi', id: 'u2' });
    expect(payments.bankAndUpiList).toHaveBeenCalledTimes(2);
    expect(notices).toEqual(['success: UPI Id deleted']);
    await userEvent.type(screen.getByLabelText('Amount'), '50');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Select one option from bank details or Upi')).toBeInTheDocument();
  });

  it('keeps a bank account when the delete is cancelled', async () => {
    await open();
    await userEvent.click(within(bankList()).getByRole('button', { name: 'Delete bank account Asha Rao XXXXXXXX9012' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Delete bank account' })).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(payments.deleteUpiBank).not.toHaveBeenCalled();
  });

  it('adds a UPI id from its Add New dialog and shows it after the reload', async () => {
    payments.addUpi.mockResolvedValue({ data: { success: true }, message: 'UPI Id successfully added.' });
    await open();
    await userEvent.click(within(upiList()).getByRole('button', { name: 'Add New' }));
    const dialog = screen.getByRole('dialog', { name: 'Add UPI Detail' });
    payments.bankAndUpiList.mockResolvedValue({ ...LIST, upi: [...LIST.upi, { _id: 'u3', upiId: 'new@okicici' }] });
    await userEvent.type(within(dialog).getByLabelText('UPI ID'), 'new@okicici');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(upiList()).findByRole('radio', { name: 'new@okicici' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(notices).toEqual(['success: UPI Id successfully added.']);
  });

  it('shows that nothing is saved yet', async () => {
    payments.bankAndUpiList.mockResolvedValue({ bank: [], upi: [] });
    await open();
    expect(within(bankList()).getByText('No bank account saved yet.')).toBeInTheDocument();
    expect(within(upiList()).getByText('No UPI id saved yet.')).toBeInTheDocument();
  });

  it('with a working payments API: saves a bank account and a UPI id, withdraws to the UPI id, deletes the bank account', async () => {
    const memory = memoryPayments();
    renderWithApis(<Withdraw />, { payments: memory });
    expect(await within(await screen.findByRole('region', { name: 'Bank Transfer' })).findByText('No bank account saved yet.')).toBeInTheDocument();

    await userEvent.click(within(bankList()).getByRole('button', { name: 'Add New' }));
    const bank = screen.getByRole('dialog', { name: 'Add Bank Detail' });
    await userEvent.type(within(bank).getByLabelText('Account holder name'), 'Asha Rao');
    await userEvent.type(within(bank).getByLabelText('Account number'), '123456789012');
    await userEvent.type(within(bank).getByLabelText('IFSC code'), 'HDFC0001234');
    await userEvent.click(within(bank).getByRole('button', { name: 'Save' }));
    expect(await within(bankList()).findByRole('radio', { name: /Asha Rao\s*XXXXXXXX9012 · HDFC0001234/ })).toBeInTheDocument();

    await userEvent.click(within(upiList()).getByRole('button', { name: 'Add New' }));
    const upi = screen.getByRole('dialog', { name: 'Add UPI Detail' });
    await userEvent.type(within(upi).getByLabelText('UPI ID'), 'asha@okaxis');
    await userEvent.click(within(upi).getByRole('button', { name: 'Save' }));
    await userEvent.type(screen.getByLabelText('Amount'), '200');
    await userEvent.click(await within(upiList()).findByRole('radio', { name: 'asha@okaxis' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(memory.requests).toEqual([expect.objectContaining({ type: 'withdraw', amount: 200, accountType: 'upi', payTo: 'asha@okaxis', status: 'pending' })]));

    await userEvent.click(within(bankList()).getByRole('button', { name: 'Delete bank account Asha Rao XXXXXXXX9012' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Delete bank account' })).getByRole('button', { name: 'Delete' }));
    expect(await within(bankList()).findByText('No bank account saved yet.')).toBeInTheDocument();
    expect(notices).toEqual(['success: Account successfully added.', 'success: UPI Id successfully added.', 'success: Withdraw request submitted', 'success: Bank account deleted']);
  });
});
