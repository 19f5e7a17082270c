import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, on, setLanguage, type PaymentRequestRow } from '@backlay/shared';
import { fakePayments, fakeSettings, renderWithApis, withMocks } from '@backlay/shared/testing';
import { Deposit } from './Deposit';

const payments = withMocks(fakePayments, 'paymentSettings', 'addDeposit');
const settings = withMocks(fakeSettings, 'list');
const apis = { payments, settings };

const SETTINGS = { upiId: 'backlay@okaxis', upiName: 'Backlay Payments', accountHolderName: 'Backlay Gaming Pvt Ltd', accountNumber: '50100123456789', ifscCode: 'HDFC0001234' };
const ROW: PaymentRequestRow = {
  _id: 'r1', type: 'deposit', amount: 150.5, createdAt: '2026-11-02T09:05:07Z', status: 'pending', remark: 'ok', accountType: 'upi', utrno: 'UTR123456789012',
  screenshotUrl: '/api/payment-screenshot/s1', payTo: null, username: 'demo-user', decidedAt: null, decidedBy: null,
};

let notices: string[] = [];
let subscription: { unsubscribe: () => void };
const writeText = jest.fn();

beforeEach(() => {
  jest.resetAllMocks();
  payments.paymentSettings.mockResolvedValue(SETTINGS);
  settings.list.mockResolvedValue([]);
  writeText.mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  notices = [];
  subscription = on('ui.notify').subscribe((n) => notices.push(`${n.kind}: ${n.message}`));
});
afterEach(() => subscription.unsubscribe());

const png = () => new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], 'paid.png', { type: 'image/png' });
const upiPanel = () => screen.getByRole('region', { name: 'UPI Payment' });
const bankPanel = () => screen.getByRole('region', { name: 'Account Transfer' });

async function open() {
  renderWithApis(<Deposit />, apis);
  await screen.findByRole('region', { name: 'UPI Payment' });
}

describe('Deposit', () => {
  it('asks for the amount first and keeps everything else disabled until it is above 0', async () => {
    await open();
    const amount = screen.getByLabelText('Amount');
    const controls = () => [
      ...screen.getAllByLabelText('UTR number'),
      ...screen.getAllByLabelText('Payment screenshot'),
      ...screen.getAllByRole('button', { name: 'Pay Now' }),
      screen.getByRole('button', { name: 'Copy UPI id' }),
      screen.getByRole('button', { name: 'Copy account holder name' }),
      screen.getByRole('button', { name: 'Copy account number' }),
      screen.getByRole('button', { name: 'Copy IFSC code' }),
    ];
    expect(controls()).toHaveLength(10);
    for (const c of controls()) expect(c).toBeDisabled();
    expect(screen.queryByRole('img', { name: /UPI QR code/ })).not.toBeInTheDocument();
    expect(within(upiPanel()).getByText('backlay@okaxis')).toBeInTheDocument();
    expect(within(bankPanel()).getByText('50100123456789')).toBeInTheDocument();

    await userEvent.type(amount, '0');
    expect(await screen.findByText('Amount must be greater than 0 with at most two decimals')).toBeInTheDocument();
    for (const c of controls()) expect(c).toBeDisabled();
    await userEvent.clear(amount);
    await userEvent.tab();
    expect(await screen.findByText('Amount is required')).toBeInTheDocument();

    await userEvent.type(amount, '150.5');
    for (const c of controls()) expect(c).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('draws the QR code locally for a real UPI link with the amount and a six-digit reference', async () => {
    await open();
    await userEvent.type(screen.getByLabelText('Amount'), '150.5');
    const qr = within(upiPanel()).getByRole('img', { name: 'UPI QR code: pay ₹150.50 to backlay@okaxis' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    const link = qr.getAttribute('data-upi-link');
    expect(link).toMatch(/^upi:\/\/pay\?pa=backlay@okaxis&pn=Backlay%20Payments&am=150\.50&cu=INR&tr=([1-9]\d{5})&tn=Backlay%20deposit$/);
    expect(within(upiPanel()).getByRole('link', { name: 'open it in a UPI app' })).toHaveAttribute('href', link);
    // The same reference while the amount changes; the link follows the amount.
    const tr = /tr=(\d+)/.exec(link ?? '')?.[1];
    await userEvent.clear(screen.getByLabelText('Amount'));
    await userEvent.type(screen.getByLabelText('Amount'), '1505');
    expect(within(upiPanel()).getByRole('img', { name: /UPI QR code/ }).getAttribute('data-upi-link')).toContain(`am=1505.00&cu=INR&tr=${tr}&`);
  });

  it('shows the deposit range of the settings under each Pay Now, else the default', async () => {
    settings.list.mockResolvedValue([{ key: 'deposit_min', value: '500' }, { key: 'deposit_max', value: '50000' }]);
    await open();
    await waitFor(() => expect(screen.getAllByText('Range: 500 - 50000')).toHaveLength(2));
  });

  it('shows the default range when the settings cannot be read', async () => {
    settings.list.mockRejectedValue(new ApiError('You are not allowed to do this', 403, 'FORBIDDEN'));
    await open();
    expect(screen.getAllByText('Range: 100 - 100000')).toHaveLength(2);
  });

  it('copies the UPI id and the bank details with a toast', async () => {
    await open();
    await userEvent.type(screen.getByLabelText('Amount'), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Copy UPI id' }));
    await userEvent.click(screen.getByRole('button', { name: 'Copy account number' }));
    await userEvent.click(screen.getByRole('button', { name: 'Copy IFSC code' }));
    expect(writeText.mock.calls.map((c) => c[0])).toEqual(['backlay@okaxis', '50100123456789', 'HDFC0001234']);
    expect(notices).toEqual(['success: Copied successfully', 'success: Copied successfully', 'success: Copied successfully']);
    writeText.mockRejectedValueOnce(new Error('denied'));
    await userEvent.click(screen.getByRole('button', { name: 'Copy account holder name' }));
    expect(notices[3]).toMatch(/^error: Could not copy/);
  });

  it('asks for the UTR and the screenshot with the SPEC messages and toasts a missing image', async () => {
    await open();
    await userEvent.type(screen.getByLabelText('Amount'), '500');
    await userEvent.click(within(upiPanel()).getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(within(upiPanel()).getAllByText('Fill this field.')).toHaveLength(2));
    expect(notices).toEqual(['error: Image is required field']);
    // The other panel is a form of its own and says nothing yet.
    expect(within(bankPanel()).queryByText('Fill this field.')).not.toBeInTheDocument();

    await userEvent.type(within(upiPanel()).getByLabelText('UTR number'), 'abc');
    await userEvent.tab();
    expect(await within(upiPanel()).findByText('UTR number must be 12 to 22 letters or digits')).toBeInTheDocument();
    fireEvent.change(within(upiPanel()).getByLabelText('Payment screenshot'), { target: { files: [new File(['GIF89a'], 'paid.gif', { type: 'image/gif' })] } });
    expect(await within(upiPanel()).findByText('The screenshot must be a PNG or JPEG image')).toBeInTheDocument();
    expect(within(upiPanel()).getByLabelText('Payment screenshot')).toHaveAttribute('accept', '.png,.jpg,.jpeg,image/png,image/jpeg');
    expect(payments.addDeposit).not.toHaveBeenCalled();
  });

  it('sends the amount, panel, UTR and screenshot with an Idempotency-Key, toasts the server message and starts again', async () => {
    payments.addDeposit.mockResolvedValue({ data: ROW, message: 'Deposit request submitted' });
    await open();
    await userEvent.type(screen.getByLabelText('Amount'), '150.5');
    const image = png();
    await userEvent.type(within(upiPanel()).getByLabelText('UTR number'), 'UTR123456789012');
    await userEvent.upload(within(upiPanel()).getByLabelText('Payment screenshot'), image);
    await userEvent.click(within(upiPanel()).getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(notices).toEqual(['success: Deposit request submitted']));
    expect(payments.addDeposit).toHaveBeenCalledWith({ amount: '150.5', accountType: 'upi', utrno: 'UTR123456789012', image }, expect.stringMatching(/^[0-9a-f-]{36}$/));
    // The page starts again: empty amount, everything disabled.
    await waitFor(() => expect(screen.getByLabelText('Amount')).toHaveValue(''));
    for (const f of screen.getAllByLabelText('UTR number')) expect(f).toHaveValue('');
    for (const b of screen.getAllByRole('button', { name: 'Pay Now' })) expect(b).toBeDisabled();
  });

  it('pays by account transfer from the bank panel', async () => {
    payments.addDeposit.mockResolvedValue({ data: { ...ROW, accountType: 'bank' }, message: 'Deposit request submitted' });
    await open();
    await userEvent.type(screen.getByLabelText('Amount'), '2500');
    await userEvent.type(within(bankPanel()).getByLabelText('UTR number'), 'NEFT00000000099');
    await userEvent.upload(within(bankPanel()).getByLabelText('Payment screenshot'), png());
    await userEvent.click(within(bankPanel()).getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(payments.addDeposit).toHaveBeenCalledTimes(1));
    expect(payments.addDeposit.mock.calls[0][0]).toMatchObject({ amount: '2500', accountType: 'bank', utrno: 'NEFT00000000099' });
  });

  it('toasts the server refusal, and retries the same submission with the same key', async () => {
    payments.addDeposit
      .mockRejectedValueOnce(new ApiError('timeout of 50000ms exceeded', 0, 'NETWORK'))
      .mockRejectedValueOnce(new ApiError('Amount must be between 100 and 100000', 400, 'VALIDATION'))
      .mockResolvedValueOnce({ data: ROW, message: 'Deposit request submitted' });
    await open();
    await userEvent.type(screen.getByLabelText('Amount'), '150000');
    await userEvent.type(within(upiPanel()).getByLabelText('UTR number'), 'UTR123456789012');
    await userEvent.upload(within(upiPanel()).getByLabelText('Payment screenshot'), png());
    const pay = within(upiPanel()).getByRole('button', { name: 'Pay Now' });
    await userEvent.click(pay);
    await waitFor(() => expect(notices).toEqual(['error: timeout of 50000ms exceeded']));
    await userEvent.click(pay);
    await waitFor(() => expect(notices[1]).toBe('error: Amount must be between 100 and 100000'));
    const [first, second] = payments.addDeposit.mock.calls;
    expect(second[1]).toBe(first[1]);

    const amount = screen.getByLabelText('Amount');
    await userEvent.clear(amount);
    await userEvent.type(amount, '1500');
    await userEvent.click(within(upiPanel()).getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(payments.addDeposit).toHaveBeenCalledTimes(3));
    expect(payments.addDeposit.mock.calls[2][1]).not.toBe(first[1]);
  });

  it('says so when the operator has not set the payment details up', async () => {
    payments.paymentSettings.mockResolvedValue({ upiId: '', upiName: '', accountHolderName: '', accountNumber: '', ifscCode: '' });
    await open();
    expect(within(upiPanel()).getByText(/UPI payment details have not been set up yet/)).toBeInTheDocument();
    expect(within(bankPanel()).getByText(/Bank transfer details have not been set up yet/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy UPI id' })).not.toBeInTheDocument();
  });
});

describe('Deposit in Hindi', () => {
  afterEach(async () => {
    await act(() => setLanguage('en'));
  });

  it('switches to Hindi and a player deposits by UPI entirely in Hindi', async () => {
    payments.addDeposit.mockResolvedValue({ data: ROW, message: 'Deposit request submitted' });
    await open();
    await act(() => setLanguage('hi'));
    expect(screen.getByRole('heading', { level: 1, name: 'जमा' })).toBeInTheDocument();
    const upi = screen.getByRole('region', { name: 'UPI भुगतान' });
    const bank = screen.getByRole('region', { name: 'अकाउंट ट्रांसफ़र' });
    expect(within(bank).getByText('खाताधारक का नाम')).toBeInTheDocument();
    expect(within(bank).getByText('IFSC कोड')).toBeInTheDocument();
    expect(screen.getByText('पहले राशि डालें: राशि 0 से ज़्यादा होते ही भुगतान का विवरण खुल जाएगा।')).toBeInTheDocument();
    expect(within(upi).getByText('राशि डालते ही QR कोड दिखेगा।')).toBeInTheDocument();
    expect(screen.getAllByText('सीमा: 100 - 1,00,000')).toHaveLength(2);

    await userEvent.type(screen.getByLabelText('राशि'), '150.5');
    expect(within(upi).getByRole('img', { name: 'UPI QR कोड: backlay@okaxis को ₹150.50 का भुगतान करें' })).toBeInTheDocument();
    const upiLink = within(upi).getByRole('link', { name: 'UPI ऐप में खोलें' });
    expect(upiLink).toHaveAttribute('href', expect.stringMatching(/^upi:\/\/pay\?/));
    expect(upiLink.closest('p')).toHaveTextContent(/^किसी भी UPI ऐप से स्कैन करें, या इसी फ़ोन पर UPI ऐप में खोलें। रेफ़रेंस \d{6}, राशि ₹150\.50।$/);
    await userEvent.click(within(upi).getByRole('button', { name: 'UPI ID कॉपी करें' }));
    expect(notices).toEqual(['success: सफलतापूर्वक कॉपी किया गया']);

    const image = png();
    await userEvent.type(within(upi).getByLabelText('UTR नंबर'), 'UTR123456789012');
    await userEvent.upload(within(upi).getByLabelText('भुगतान का स्क्रीनशॉट'), image);
    expect(within(upi).getByText('PNG या JPEG, अधिकतम 5 MB')).toBeInTheDocument();
    await userEvent.click(within(upi).getByRole('button', { name: 'अभी भुगतान करें' }));
    await waitFor(() => expect(payments.addDeposit).toHaveBeenCalledWith({ amount: '150.5', accountType: 'upi', utrno: 'UTR123456789012', image }, expect.stringMatching(/^[0-9a-f-]{36}$/)));
    // No English left on the screen's own words.
    for (const english of ['Deposit', 'UPI Payment', 'Account Transfer', 'Amount', 'UTR number', 'Payment screenshot', 'Pay Now']) expect(screen.queryByText(english)).not.toBeInTheDocument();
  });
});
