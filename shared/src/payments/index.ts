import { apiClient } from '../kernel/api-client';
import { provideApis } from '../kernel/apis';
import { createPaymentsApi } from './payments-api';

export { PLAYER_REQUEST_REMARK, type DepositSubmission } from './payments-api';

/** Payments, bound to the one client of the page (kernel/api-client.ts). */
export const paymentsApi = createPaymentsApi(apiClient);

declare module '../kernel/apis' {
  interface Apis {
    payments: typeof paymentsApi;
  }
}
provideApis({ payments: paymentsApi });
