import type {
  AddBankAccountRequest,
  AddUpiRequest,
  BankAndUpiList,
  DeleteUpiBankRequest,
  DepositWithdrawListRequest,
  PaymentRequestRow,
  PaymentSettings,
  PaymentSuccess,
  PendingPayments,
  UpdateDepositWithdrawStatusRequest,
  WithdrawRequestBody,
} from '../contracts/payments';
import { UPLOAD_FIELD } from '../contracts/payments';
import { IDEMPOTENCY_HEADER } from '../contracts/clients';
import type { ApiClient } from '../kernel/client';
import { toApiError, unwrap, unwrapWithMessage } from '../kernel/client';

/**
 * What the player's deposit form submits (docs/rules/product.md §3): the amount as typed, the panel it was paid
 * through, the UTR number and the screenshot file. remark ('ok') and type ('deposit') are fixed.
 */
export interface DepositSubmission {
  amount: string;
  accountType: 'upi' | 'bank';
  utrno: string;
  image: Blob;
}

/** The remark every player request carries (docs/rules/product.md §3: always 'ok'). */
export const PLAYER_REQUEST_REMARK = 'ok';

/**
 * A path the API gave as an absolute address under its own /api prefix (paymentScreenshotPath),
 * made relative to the client's base URL, which already points at /api.
 */
function apiRelative(path: string): string {
  return path.startsWith('/api/') ? path.slice('/api'.length) : path;
}

/**
 * Payments (docs/rules/product.md §7 "Payments"): saved bank accounts and UPI ids, deposit and withdraw requests,
 * their statements, the operator's payment settings, decisions and the authorised screenshots.
 * The two calls that move money (a new request, a decision) carry the Idempotency-Key the
 * caller generated for that submission, and the same key again when it retries it.
 */
export function createPaymentsApi(client: ApiClient) {
  return {
    addBankAccount: (body: AddBankAccountRequest) => unwrapWithMessage<PaymentSuccess>(client.main.post('/add-bank-account', body)),
    addUpi: (body: AddUpiRequest) => unwrapWithMessage<PaymentSuccess>(client.main.post('/add-upi', body)),
    deleteUpiBank: (body: DeleteUpiBankRequest) => unwrapWithMessage<PaymentSuccess>(client.main.post('/delete-upi-bank', body)),
    bankAndUpiList: () => unwrap<BankAndUpiList>(client.main.get('/get-bank-and-upi-list')),
    /** A deposit: multipart with the screenshot in the imageUrl field (docs/rules/product.md §7); the browser sets the boundary. */
    addDeposit: (submission: DepositSubmission, idempotencyKey: string) => {
      const form = new FormData();
      form.append('remark', PLAYER_REQUEST_REMARK);
      form.append('type', 'deposit');
      form.append(UPLOAD_FIELD, submission.image);
      form.append('accountType', submission.accountType);
      form.append('amount', submission.amount);
      form.append('utrno', submission.utrno);
      return unwrapWithMessage<PaymentRequestRow>(client.main.post('/add-deposit-withdraw', form, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }));
    },
    /** A withdraw: a plain JSON body naming the chosen saved account; the amount is held at once. */
    addWithdraw: (body: WithdrawRequestBody, idempotencyKey: string) =>
      unwrapWithMessage<PaymentRequestRow>(client.main.post('/add-deposit-withdraw', body, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } })),
    depositWithdrawList: (body: DepositWithdrawListRequest) => unwrap<PaymentRequestRow[]>(client.main.post('/get-deposit-withdraw-list', body)),
    /** The operator's UPI and bank details shown on the deposit page (get-payment-list). */
    /** Agents: the downline's requests waiting for a decision (the menu's badges). */
    pendingPayments: () => unwrap<PendingPayments>(client.main.get('/pending-payments')),
    paymentSettings: () => unwrap<PaymentSettings>(client.main.get('/get-payment-list')),
    /** save-payment-list: multipart with settingList as JSON text, as docs/rules/product.md §7 sends it. */
    savePaymentSettings: (settings: PaymentSettings) => {
      const form = new FormData();
      form.append('settingList', JSON.stringify(settings));
      return unwrapWithMessage<PaymentSettings>(client.main.post('/save-payment-list', form));
    },
    /** Approve or reject a pending request (update-deposit-withdraw-status). */
    updateStatus: (body: UpdateDepositWithdrawStatusRequest, idempotencyKey: string) =>
      unwrapWithMessage<PaymentRequestRow>(client.main.post('/update-deposit-withdraw-status', body, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } })),
    /**
     * A stored screenshot (a row's screenshotUrl) as a Blob. An <img src> cannot send the bearer
     * token, so the image is fetched here and shown through an object URL.
     */
    screenshot: async (screenshotUrl: string): Promise<Blob> => {
      try {
        const res = await client.main.get<Blob>(apiRelative(screenshotUrl), { responseType: 'blob' });
        return res.data;
      } catch (error) {
        throw toApiError(error);
      }
    },
  };
}

/** The payments module's shape (tests mock it). */
export type PaymentsApi = ReturnType<typeof createPaymentsApi>;
