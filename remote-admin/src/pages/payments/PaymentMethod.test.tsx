import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, on } from '@backlay/shared';
import { fakePayments, renderWithApis, withMocks } from '@backlay/shared/testing';
import { PaymentMethod } from './PaymentMethod';

const payments = withMocks(fakePayments, 'paymentSettings', 'savePaymentSettings');
const apis = { payments };
const EMPTY = { upiId: '', upiName: '', accountHolderName: '', accountNumber: '', ifscCode: '' };
const SAVED = { upiId: 'backlay@okaxis', upiName: 'Backlay Payments', accountHolderName: 'Backlay Gaming', accountNumber: '50100123456789', ifscCode: 'HDFC0001234' };

let notices: string[] = [];
let subscription: { unsubscribe: () => void };
beforeEach(() => {
  jest.resetAllMocks();
  notices = [];
  subscription = on('ui.notify').subscribe((n) => notices.push(`${n.kind}: ${n.message}`));
});
afterEach(() => subscription.unsubscribe());

describe('PaymentMethod', () => {
  it('shows the saved settings', async () => {
    payments.paymentSettings.mockResolvedValue(SAVED);
    renderWithApis(<PaymentMethod />, apis);
    expect(await screen.findByLabelText('UPI ID')).toHaveValue('backlay@okaxis');
    expect(screen.getByLabelText('UPI name')).toHaveValue('Backlay Payments');
    expect(screen.getByLabelText('Account holder name')).toHaveValue('Backlay Gaming');
    expect(screen.getByLabelText('Account number')).toHaveValue('50100123456789');
    expect(screen.getByLabelText('IFSC code')).toHaveValue('HDFC0001234');
  });

  it("validates every field with the API's messages", async () => {
    payments.paymentSettings.mockResolvedValue(EMPTY);
    renderWithApis(<PaymentMethod />, apis);
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    for (const message of ['UPI Id is required', 'UPI name is required', 'Account Holder Name is required', 'Account Number is required', 'IFSC Code is required']) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    await userEvent.type(screen.getByLabelText('UPI ID'), 'backlay');
    await userEvent.type(screen.getByLabelText('IFSC code'), 'HDFC1234');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('UPI Id must look like name@bank')).toBeInTheDocument();
    expect(screen.getByText('IFSC code must be 4 letters, then 0, then 6 letters or digits (e.g. HDFC0001234)')).toBeInTheDocument();
    expect(payments.savePaymentSettings).not.toHaveBeenCalled();
  });

  it('saves the settings as the server stores them and toasts its message', async () => {
    payments.paymentSettings.mockResolvedValue(EMPTY);
    payments.savePaymentSettings.mockResolvedValue({ data: SAVED, message: 'Payment settings saved' });
    renderWithApis(<PaymentMethod />, apis);
    await userEvent.type(await screen.findByLabelText('UPI ID'), ' backlay@okaxis ');
    await userEvent.type(screen.getByLabelText('UPI name'), 'Backlay   Payments');
    await userEvent.type(screen.getByLabelText('Account holder name'), 'Backlay Gaming');
    await userEvent.type(screen.getByLabelText('Account number'), '50100123456789');
    await userEvent.type(screen.getByLabelText('IFSC code'), 'hdfc0001234');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notices).toEqual(['success: Payment settings saved']));
    expect(payments.savePaymentSettings).toHaveBeenCalledWith(SAVED);
    expect(screen.getByLabelText('IFSC code')).toHaveValue('HDFC0001234');
  });

  it('keeps a refusal under the form', async () => {
    payments.paymentSettings.mockResolvedValue(SAVED);
    payments.savePaymentSettings.mockRejectedValue(new ApiError('You are not allowed to do this', 403, 'FORBIDDEN'));
    renderWithApis(<PaymentMethod />, apis);
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not allowed to do this');
  });
});
