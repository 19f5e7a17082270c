import { MESSAGES } from '../contracts/messages';
import { memoryPayments } from './memory-payments';

const DAY = { startDate: '2026-11-01', endDate: '2026-11-30' };

describe('memoryPayments', () => {
  it('adds, lists (masked) and deletes saved accounts, refusing a duplicate and an unknown id', async () => {
    const payments = memoryPayments();
    await expect(payments.addBankAccount({ accountHolderName: 'Asha Rao', accountNumber: '123456789012', ifscCode: 'HDFC0001234' })).resolves.toEqual({ data: { success: true }, message: MESSAGES.bankAccountAdded });
    await payments.addUpi({ upiId: 'asha@okaxis' });
    await expect(payments.addUpi({ upiId: 'asha@okaxis' })).rejects.toThrow(MESSAGES.upiDuplicate);
    const list = await payments.bankAndUpiList();
    expect(list).toEqual({ bank: [{ _id: expect.any(String), accountHolderName: 'Asha Rao', accountNumber: 'XXXXXXXX9012', ifscCode: 'HDFC0001234' }], upi: [{ _id: expect.any(String), upiId: 'asha@okaxis' }] });
    await payments.deleteUpiBank({ type: 'upi', id: list.upi[0]._id });
    expect((await payments.bankAndUpiList()).upi).toEqual([]);
    await expect(payments.deleteUpiBank({ type: 'upi', id: list.upi[0]._id })).rejects.toThrow(MESSAGES.savedAccountNotFound);
  });

  it('files one request per Idempotency-Key, lists it back by type and status, and decides it once', async () => {
    const payments = memoryPayments({ upi: ['asha@okaxis'], now: () => '2026-11-02T09:05:07Z' });
    const [upi] = (await payments.bankAndUpiList()).upi;
    const first = await payments.addWithdraw({ type: 'withdraw', amount: 200, remark: 'ok', accountType: 'upi', bankDetail: upi._id }, 'k1');
    const repeat = await payments.addWithdraw({ type: 'withdraw', amount: 200, remark: 'ok', accountType: 'upi', bankDetail: upi._id }, 'k1');
    expect(repeat.data).toBe(first.data);
    expect(first).toEqual({ data: expect.objectContaining({ type: 'withdraw', amount: 200, status: 'pending', payTo: 'asha@okaxis', username: 'demo-user' }), message: MESSAGES.withdrawRequested });
    expect(await payments.depositWithdrawList({ type: 'withdraw', reportType: 'pending', ...DAY })).toEqual([first.data]);
    expect(await payments.depositWithdrawList({ type: 'deposit', reportType: 'all', ...DAY })).toEqual([]);
    await expect(payments.updateStatus({ id: first.data._id, status: 'approved', transactionPassword: '123456' }, 'd1')).resolves.toEqual({ data: expect.objectContaining({ status: 'approved' }), message: MESSAGES.withdrawApproved });
    await expect(payments.updateStatus({ id: first.data._id, status: 'rejected', transactionPassword: '123456' }, 'd2')).rejects.toThrow(MESSAGES.paymentRequestNotFound);
    expect(payments.requests.map((r) => r.status)).toEqual(['approved']);
    await expect(payments.addWithdraw({ type: 'withdraw', amount: 1, remark: 'ok', accountType: 'bank', bankDetail: 'nope' }, 'k2')).rejects.toThrow(MESSAGES.savedAccountNotFound);
  });

  it('keeps the payment settings it is given', async () => {
    const payments = memoryPayments();
    const saved = { upiId: 'backlay@okaxis', upiName: 'Backlay', accountHolderName: 'Backlay Gaming', accountNumber: '50100123456789', ifscCode: 'HDFC0001234' };
    await payments.savePaymentSettings(saved);
    expect(await payments.paymentSettings()).toEqual(saved);
  });
});
