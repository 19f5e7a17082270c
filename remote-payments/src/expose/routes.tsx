import { lazyWithRetry, type RemoteModule } from '@backlay/shared';

const AccountStatement = lazyWithRetry(() => import('../pages/AccountStatement').then((m) => ({ default: m.AccountStatement })));
const Deposit = lazyWithRetry(() => import('../pages/Deposit').then((m) => ({ default: m.Deposit })));
const Withdraw = lazyWithRetry(() => import('../pages/Withdraw').then((m) => ({ default: m.Withdraw })));
const PaymentStatement = lazyWithRetry(() => import('../pages/PaymentStatement').then((m) => ({ default: m.PaymentStatement })));

/**
 * The payments remote's route module: a screen for each route the route table gives it — the
 * player's account statement, deposit, withdraw (with the saved accounts), and the deposit and
 * withdraw statements (one screen that reads its kind from the path).
 */
export const screens: RemoteModule<'payments'>['screens'] = {
  accountStatement: AccountStatement,
  deposit: Deposit,
  withdraw: Withdraw,
  depositStatement: PaymentStatement,
  withdrawStatement: PaymentStatement,
};

export const buildLabel: string = __BUILD_LABEL__;
