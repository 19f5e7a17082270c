import { apiClient } from '../kernel/api-client';
import { createPaymentsApi } from './payments-api';

export { PLAYER_REQUEST_REMARK, type DepositSubmission } from './payments-api';

/** Payments, bound to the one client of the page (kernel/api-client.ts). */
export const paymentsApi = createPaymentsApi(apiClient);
