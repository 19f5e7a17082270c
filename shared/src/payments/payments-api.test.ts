import type { AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { IDEMPOTENCY_HEADER } from '../contracts/clients';
import { createApiClient } from '../kernel/client';
import { createPaymentsApi } from './payments-api';

function setup(data: unknown = { success: true }) {
  const seen: InternalAxiosRequestConfig[] = [];
  const client = createApiClient({
    baseURL: '/api',
    pathname: () => '/deposit',
    navigate: jest.fn(),
    reload: jest.fn(),
    adapter: async (config) => {
      seen.push(config);
      const response: AxiosResponse = { data: config.responseType === 'blob' ? data : { data, message: 'Done' }, status: 200, statusText: '200', headers: {}, config };
      return response;
    },
  });
  return { seen, payments: createPaymentsApi(client) };
}

const entries = (body: unknown) => [...(body as FormData).entries()].map(([k, v]) => [k, typeof v === 'string' ? v : `file:${(v as File).name}`]);

describe('paymentsApi', () => {
  it('sends a deposit as multipart with the SPEC field names, the fixed remark and type, and the Idempotency-Key', async () => {
    const { seen, payments } = setup();
    const image = new File([new Uint8Array([137, 80, 78, 71])], 'paid.png', { type: 'image/png' });
    const res = await payments.addDeposit({ amount: '150.5', accountType: 'upi', utrno: 'UTR123456789012', image }, 'key-1');
    expect(res.message).toBe('Done');
    const [call] = seen;
    expect(call.url).toBe('/add-deposit-withdraw');
    expect(call.method).toBe('post');
    expect(call.data).toBeInstanceOf(FormData);
    expect(entries(call.data)).toEqual([
      ['remark', 'ok'],
      ['type', 'deposit'],
      ['imageUrl', 'file:paid.png'],
      ['accountType', 'upi'],
      ['amount', '150.5'],
      ['utrno', 'UTR123456789012'],
    ]);
    expect(call.headers[IDEMPOTENCY_HEADER]).toBe('key-1');
  });

  it('sends a withdraw and a decision as JSON with their Idempotency-Keys', async () => {
    const { seen, payments } = setup();
    await payments.addWithdraw({ type: 'withdraw', amount: 200, remark: 'ok', accountType: 'bank', bankDetail: 'b1' }, 'key-2');
    await payments.updateStatus({ id: 'r1', status: 'approved', remark: '', transactionPassword: '123456' }, 'key-3');
    expect(seen.map((c) => [c.url, JSON.parse(c.data as string), c.headers[IDEMPOTENCY_HEADER]])).toEqual([
      ['/add-deposit-withdraw', { type: 'withdraw', amount: 200, remark: 'ok', accountType: 'bank', bankDetail: 'b1' }, 'key-2'],
      ['/update-deposit-withdraw-status', { id: 'r1', status: 'approved', remark: '', transactionPassword: '123456' }, 'key-3'],
    ]);
  });

  it('calls each account and statement endpoint once with its body', async () => {
    const { seen, payments } = setup();
    await payments.addBankAccount({ accountHolderName: 'Asha Rao', accountNumber: '123456789012', ifscCode: 'HDFC0001234' });
    await payments.addUpi({ upiId: 'asha@okaxis' });
    await payments.deleteUpiBank({ type: 'upi', id: 'u1' });
    await payments.bankAndUpiList();
    await payments.depositWithdrawList({ type: 'withdraw', startDate: '2026-11-01', endDate: '2026-11-07', reportType: 'pending' });
    await payments.paymentSettings();
    expect(seen.map((c) => [c.method, c.url, c.data === undefined ? undefined : JSON.parse(c.data as string)])).toEqual([
      ['post', '/add-bank-account', { accountHolderName: 'Asha Rao', accountNumber: '123456789012', ifscCode: 'HDFC0001234' }],
      ['post', '/add-upi', { upiId: 'asha@okaxis' }],
      ['post', '/delete-upi-bank', { type: 'upi', id: 'u1' }],
      ['get', '/get-bank-and-upi-list', undefined],
      ['post', '/get-deposit-withdraw-list', { type: 'withdraw', startDate: '2026-11-01', endDate: '2026-11-07', reportType: 'pending' }],
      ['get', '/get-payment-list', undefined],
    ]);
  });

  it('saves the payment settings as multipart with settingList as JSON text (SPEC §7)', async () => {
    const { seen, payments } = setup();
    const settings = { upiId: 'backlay@okaxis', upiName: 'Backlay', accountHolderName: 'Backlay Ltd', accountNumber: '123456789012', ifscCode: 'HDFC0001234' };
    await payments.savePaymentSettings(settings);
    expect(seen[0].url).toBe('/save-payment-list');
    expect(entries(seen[0].data)).toEqual([['settingList', JSON.stringify(settings)]]);
  });

  it('fetches a screenshot as a blob under the client base URL, so the bearer token goes with it', async () => {
    const blob = new Blob(['png'], { type: 'image/png' });
    const { seen, payments } = setup(blob);
    await expect(payments.screenshot('/api/payment-screenshot/abc')).resolves.toBe(blob);
    expect(seen[0].baseURL).toBe('/api');
    expect(seen[0].url).toBe('/payment-screenshot/abc');
    expect(seen[0].responseType).toBe('blob');
  });
});
