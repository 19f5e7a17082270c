import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, on } from '@backlay/shared';
import { fakePayments, renderWithApis, withMocks } from '@backlay/shared/testing';
import { AddBankDialog, AddUpiDialog } from './SavedAccountDialogs';

const payments = withMocks(fakePayments, 'addBankAccount', 'addUpi');
const apis = { payments };
let notices: string[] = [];
let subscription: { unsubscribe: () => void };
beforeEach(() => {
  jest.resetAllMocks();
  notices = [];
  subscription = on('ui.notify').subscribe((n) => notices.push(`${n.kind}: ${n.message}`));
});
afterEach(() => subscription.unsubscribe());

function openBank() {
  const onClose = jest.fn();
  const onAdded = jest.fn();
  renderWithApis(<AddBankDialog onClose={onClose} onAdded={onAdded} />, apis);
  return { dialog: screen.getByRole('dialog', { name: 'Add Bank Detail' }), onClose, onAdded };
}

describe('AddBankDialog', () => {
  it('is a modal with the focus on the holder name, closing with Escape', async () => {
    const { dialog, onClose } = openBank();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByLabelText('Account holder name')).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it('asks for all three fields with the SPEC messages, then checks their formats', async () => {
    const { dialog } = openBank();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Account Holder Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Account Number is required')).toBeInTheDocument();
    expect(within(dialog).getByText('IFSC Code is required')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText('Account holder name'), '4sha');
    await userEvent.type(within(dialog).getByLabelText('Account number'), '12345');
    await userEvent.type(within(dialog).getByLabelText('IFSC code'), 'HDFC1234567');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Account holder name must be 2 to 100 letters, spaces, dots, hyphens or apostrophes')).toBeInTheDocument();
    expect(within(dialog).getByText('Account number must be 9 to 18 digits')).toBeInTheDocument();
    expect(within(dialog).getByText('IFSC code must be 4 letters, then 0, then 6 letters or digits (e.g. HDFC0001234)')).toBeInTheDocument();
    expect(payments.addBankAccount).not.toHaveBeenCalled();
  });

  it('sends the account as the server stores it and toasts its message', async () => {
    payments.addBankAccount.mockResolvedValue({ data: { success: true }, message: 'Account successfully added.' });
    const { dialog, onAdded } = openBank();
    await userEvent.type(within(dialog).getByLabelText('Account holder name'), "  Asha   D'Souza ");
    await userEvent.type(within(dialog).getByLabelText('Account number'), '123456789012');
    await userEvent.type(within(dialog).getByLabelText('IFSC code'), 'hdfc0001234');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onAdded).toHaveBeenCalled());
    expect(payments.addBankAccount).toHaveBeenCalledWith({ accountHolderName: "Asha D'Souza", accountNumber: '123456789012', ifscCode: 'HDFC0001234' });
    expect(notices).toEqual(['success: Account successfully added.']);
  });

  it('keeps a refusal under the form', async () => {
    payments.addBankAccount.mockRejectedValue(new ApiError('This bank account is already saved', 409, 'CONFLICT'));
    const { dialog, onAdded } = openBank();
    await userEvent.type(within(dialog).getByLabelText('Account holder name'), 'Asha Rao');
    await userEvent.type(within(dialog).getByLabelText('Account number'), '123456789012');
    await userEvent.type(within(dialog).getByLabelText('IFSC code'), 'HDFC0001234');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This bank account is already saved');
    expect(onAdded).not.toHaveBeenCalled();
  });
});

describe('AddUpiDialog', () => {
  it("asks for the UPI id ('UPI Id is required'), then its format, then saves it", async () => {
    payments.addUpi.mockResolvedValue({ data: { success: true }, message: 'UPI Id successfully added.' });
    const onAdded = jest.fn();
    renderWithApis(<AddUpiDialog onClose={jest.fn()} onAdded={onAdded} />, apis);
    const dialog = screen.getByRole('dialog', { name: 'Add UPI Detail' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('UPI Id is required')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('UPI ID'), 'asha');
    expect(await within(dialog).findByText('UPI Id must look like name@bank')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('UPI ID'), '@okaxis ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onAdded).toHaveBeenCalled());
    expect(payments.addUpi).toHaveBeenCalledWith({ upiId: 'asha@okaxis' });
    expect(notices).toEqual(['success: UPI Id successfully added.']);
  });
});
