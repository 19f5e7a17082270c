/**
 * Saved payout accounts (add-bank-account, add-upi, delete-upi-bank, get-bank-and-upi-list) and
 * the operator's payment settings (get-payment-list, save-payment-list) through HTTP on real
 * PostgreSQL: the forms' messages, duplicates and limits, ownership, who may save the settings,
 * JSON and multipart bodies, and the audit rows.
 */
import { MESSAGES, ROLES, type BankAndUpiList, type PaymentSettings } from '@backlay/shared/contracts';
import { randomUUID } from 'node:crypto';
import { buildTestApp, businessStateDigest, type TestContext, type TestUser } from './helper';
import { multipart, parsed } from './payments-helper';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function player(): Promise<{ user: TestUser; token: string }> {
  const user = await t.createUser({ role: 'user' });
  return { user, token: (await t.login(user)).token };
}

const post = (token: string, url: string, payload: object) => t.request({ method: 'POST', url: `/api/${url}`, token, payload });
const savedList = async (token: string) => parsed<BankAndUpiList>(await t.request({ method: 'GET', url: '/api/get-bank-and-upi-list', token }));
const bank = (over: Record<string, string> = {}) => ({ accountHolderName: 'Asha Rao', accountNumber: '123456789012', ifscCode: 'HDFC0001234', ...over });

describe('POST /api/add-bank-account', () => {
  it('saves the account ({success: true}, "Account successfully added.") and lists it, IFSC in upper case', async () => {
    const { user, token } = await player();
    const added = parsed(await post(token, 'add-bank-account', bank({ ifscCode: 'hdfc0001234', accountHolderName: ' Asha  Rao ' })));
    expect(added).toMatchObject({ status: 200, data: { success: true }, message: MESSAGES.bankAccountAdded });
    const list = await savedList(token);
    expect(list).toMatchObject({ status: 200, message: MESSAGES.ok });
    expect(list.data).toEqual({
      // The number masked to its last four digits: no response carries it whole (docs/rules/test-plan.md T9).
      bank: [{ _id: expect.stringMatching(/^[0-9a-f-]{36}$/), accountHolderName: 'Asha Rao', accountNumber: 'XXXXXXXX9012', ifscCode: 'HDFC0001234' }],
      upi: [],
    });
    const { rows } = await t.db.query(`SELECT action FROM audit_log WHERE actor_id = $1 AND action = 'payments.bank_added'`, [user.id]);
    expect(rows).toHaveLength(1);
  });

  it.each<[string, string, Record<string, string>]>([
    ['no holder name', MESSAGES.accountHolderNameRequired, bank({ accountHolderName: '' })],
    ['nothing at all', MESSAGES.accountHolderNameRequired, {}],
    ['no account number', MESSAGES.accountNumberRequired, bank({ accountNumber: '  ' })],
    ['no IFSC code', MESSAGES.ifscCodeRequired, bank({ ifscCode: '' })],
    ['a holder name of digits', MESSAGES.accountHolderNameInvalid, bank({ accountHolderName: '9999' })],
    ['an account number with letters', MESSAGES.accountNumberInvalid, bank({ accountNumber: '1234ABCD5678' })],
    ['a short account number', MESSAGES.accountNumberInvalid, bank({ accountNumber: '12345678' })],
    ['a malformed IFSC', MESSAGES.ifscCodeInvalid, bank({ ifscCode: 'HDFC1234567' })],
  ])('refuses %s with 400 "%s", changing nothing', async (_case, message, payload) => {
    const { token } = await player();
    const before = await businessStateDigest(t.db);
    expect(parsed(await post(token, 'add-bank-account', payload))).toMatchObject({ status: 400, message, data: { code: 'VALIDATION' } });
    expect(await businessStateDigest(t.db)).toBe(before);
  });

  it('refuses the same account twice (409) and more than 10 accounts (409)', async () => {
    const { token } = await player();
    expect((await post(token, 'add-bank-account', bank())).statusCode).toBe(200);
    expect(parsed(await post(token, 'add-bank-account', bank({ accountHolderName: 'Other Name' })))).toMatchObject({ status: 409, message: MESSAGES.bankAccountDuplicate });
    for (let i = 1; i < 10; i += 1) expect((await post(token, 'add-bank-account', bank({ accountNumber: `99990000${i}` }))).statusCode).toBe(200);
    expect(parsed(await post(token, 'add-bank-account', bank({ accountNumber: '888800001' })))).toMatchObject({
      status: 409,
      message: 'You can save at most 10 bank accounts: delete one first',
    });
    expect((await savedList(token)).data.bank).toHaveLength(10);
  });

  it('ten concurrent saves of new accounts on top of nine: exactly one fits', async () => {
    const { token } = await player();
    for (let i = 0; i < 9; i += 1) expect((await post(token, 'add-bank-account', bank({ accountNumber: `77770000${i}` }))).statusCode).toBe(200);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => post(token, 'add-bank-account', bank({ accountNumber: `66660000${i}` }))));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect((await savedList(token)).data.bank).toHaveLength(10);
  });

  it('belongs to the player screens: an agent token is not valid here', async () => {
    const agent = await t.createUser({ role: 'dl' });
    const token = (await t.login(agent)).token;
    expect(parsed(await post(token, 'add-bank-account', bank()))).toMatchObject({ status: 401, message: MESSAGES.jwtMalformed });
    expect((await t.request({ method: 'GET', url: '/api/get-bank-and-upi-list', token })).statusCode).toBe(401);
  });
});

describe('POST /api/add-upi', () => {
  it.each<[string, number, string]>([
    ['asha.rao@okhdfc', 200, MESSAGES.upiAdded],
    ['', 400, MESSAGES.upiIdRequired],
    ['asha', 400, MESSAGES.upiIdInvalid],
    ['asha@1bank', 400, MESSAGES.upiIdInvalid],
  ])('%j → %i %s', async (upiId, status, message) => {
    const { token } = await player();
    expect(parsed(await post(token, 'add-upi', { upiId }))).toMatchObject({ status, message });
  });

  it('refuses the same UPI id again in any case, and lists the saved ones', async () => {
    const { token } = await player();
    expect((await post(token, 'add-upi', { upiId: 'Asha@OkAxis' })).statusCode).toBe(200);
    expect(parsed(await post(token, 'add-upi', { upiId: 'asha@okaxis' }))).toMatchObject({ status: 409, message: MESSAGES.upiDuplicate });
    expect((await post(token, 'add-upi', { upiId: '98765@ybl' })).statusCode).toBe(200);
    expect((await savedList(token)).data.upi.map((row) => row.upiId)).toEqual(['Asha@OkAxis', '98765@ybl']);
  });
});

describe('POST /api/delete-upi-bank', () => {
  it('removes one of the caller’s accounts; the list then reloads without it', async () => {
    const { token } = await player();
    await post(token, 'add-bank-account', bank());
    await post(token, 'add-upi', { upiId: 'asha@okaxis' });
    const { bank: [savedBank], upi: [savedUpi] } = (await savedList(token)).data;
    expect(parsed(await post(token, 'delete-upi-bank', { type: 'bank', id: savedBank?._id }))).toMatchObject({
      status: 200,
      data: { success: true },
      message: MESSAGES.bankAccountDeleted,
    });
    expect(parsed(await post(token, 'delete-upi-bank', { type: 'upi', id: savedUpi?._id }))).toMatchObject({ status: 200, message: MESSAGES.upiDeleted });
    expect((await savedList(token)).data).toEqual({ bank: [], upi: [] });
    // Deleting again, or re-adding: the old row stays deleted, a new one is saved.
    expect(parsed(await post(token, 'delete-upi-bank', { type: 'bank', id: savedBank?._id }))).toMatchObject({ status: 404, message: MESSAGES.savedAccountNotFound });
    expect((await post(token, 'add-bank-account', bank())).statusCode).toBe(200);
  });

  it("another player's account, a wrong type and a made-up id are the same 404, and change nothing", async () => {
    const owner = await player();
    const other = await player();
    await post(owner.token, 'add-bank-account', bank());
    const id = (await savedList(owner.token)).data.bank[0]?._id;
    const before = await businessStateDigest(t.db);
    for (const payload of [{ type: 'bank', id }, { type: 'upi', id }, { type: 'bank', id: randomUUID() }, { type: 'bank', id: 'x' }]) {
      const token = payload.type === 'upi' ? owner.token : other.token;
      expect(parsed(await post(token, 'delete-upi-bank', payload))).toMatchObject({ status: 404, message: MESSAGES.savedAccountNotFound });
    }
    expect(parsed(await post(other.token, 'delete-upi-bank', { type: 'card', id }))).toMatchObject({ status: 400 });
    expect(await businessStateDigest(t.db)).toBe(before);
  });
});

describe('payment settings', () => {
  const settings: PaymentSettings = {
    upiId: 'backlay.pay@okaxis',
    upiName: 'Backlay Payments',
    accountHolderName: 'Backlay Services',
    accountNumber: '50100123456789',
    ifscCode: 'HDFC0000123',
  };

  it('anyone signed in reads them (the deposit page shows them); empty until saved', async () => {
    const { token } = await player();
    const read = parsed<PaymentSettings>(await t.request({ method: 'GET', url: '/api/get-payment-list', token }));
    expect(read.status).toBe(200);
    expect(Object.keys(read.data).sort()).toEqual(['accountHolderName', 'accountNumber', 'ifscCode', 'upiId', 'upiName']);
    expect((await t.request({ method: 'GET', url: '/api/get-payment-list' })).statusCode).toBe(401);
  });

  it.each(ROLES.map((role) => [role, role === 'admin' || role === 'sadmin'] as const))('role %s may save: %s', async (role, allowed) => {
    const user = await t.createUser({ role });
    const token = (await t.login(user)).token;
    const before = await businessStateDigest(t.db);
    const response = parsed<PaymentSettings>(await post(token, 'save-payment-list', { settingList: settings }));
    if (allowed) {
      expect(response).toMatchObject({ status: 200, data: settings, message: MESSAGES.paymentSettingsSaved });
      const { rows } = await t.db.query<{ before: unknown; after: unknown }>(
        `SELECT before, after FROM audit_log WHERE actor_id = $1 AND action = 'payments.settings_saved'`,
        [user.id],
      );
      expect(rows).toEqual([{ before: expect.any(Object), after: settings }]);
      const { token: playerToken } = await player();
      expect(parsed(await t.request({ method: 'GET', url: '/api/get-payment-list', token: playerToken })).data).toEqual(settings);
    } else {
      // A player token is not valid on an admin-area route; other agents are refused.
      expect(response.status).toBe(role === 'user' ? 401 : 403);
      expect(await businessStateDigest(t.db)).toBe(before);
    }
  });

  it('accepts the multipart form the SPEC describes (settingList as JSON text, or the fields themselves)', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const token = (await t.login(admin)).token;
    const asJson = multipart([{ name: 'settingList', value: JSON.stringify({ ...settings, upiName: 'Via JSON field' }) }]);
    expect(parsed(await t.request({ method: 'POST', url: '/api/save-payment-list', token, payload: asJson.payload, headers: asJson.headers }))).toMatchObject({
      status: 200,
      data: { upiName: 'Via JSON field' },
    });
    const asFields = multipart(Object.entries({ ...settings, upiName: 'Via fields' }).map(([name, value]) => ({ name, value })));
    expect(parsed(await t.request({ method: 'POST', url: '/api/save-payment-list', token, payload: asFields.payload, headers: asFields.headers }))).toMatchObject({
      status: 200,
      data: { upiName: 'Via fields' },
    });
    const file = multipart([{ name: 'logo', filename: 'x.png', contentType: 'image/png', data: Buffer.from('x') }]);
    expect(parsed(await t.request({ method: 'POST', url: '/api/save-payment-list', token, payload: file.payload, headers: file.headers }))).toMatchObject({ status: 400 });
  });

  it.each<[string, string, Partial<PaymentSettings>]>([
    ['no UPI id', MESSAGES.upiIdRequired, { upiId: '' }],
    ['a malformed UPI id', MESSAGES.upiIdInvalid, { upiId: 'backlay' }],
    ['no UPI name', MESSAGES.upiNameRequired, { upiName: '' }],
    ['no holder name', MESSAGES.accountHolderNameRequired, { accountHolderName: '' }],
    ['no account number', MESSAGES.accountNumberRequired, { accountNumber: '' }],
    ['no IFSC', MESSAGES.ifscCodeRequired, { ifscCode: '' }],
    ['a malformed IFSC', MESSAGES.ifscCodeInvalid, { ifscCode: 'HDFC-123' }],
  ])('refuses %s with "%s"', async (_case, message, over) => {
    const admin = await t.createUser({ role: 'sadmin' });
    const token = (await t.login(admin)).token;
    const before = await businessStateDigest(t.db);
    expect(parsed(await post(token, 'save-payment-list', { settingList: { ...settings, ...over } }))).toMatchObject({ status: 400, message });
    expect(parsed(await post(token, 'save-payment-list', { settingList: 'not json' }))).toMatchObject({ status: 400 });
    expect(await businessStateDigest(t.db)).toBe(before);
  });
});
