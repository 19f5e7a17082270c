import { lazyWithRetry, type RemoteModule } from '@backlay/shared';

const AccountStatement = lazyWithRetry(() => import('../pages/AccountStatement').then((m) => ({ default: m.AccountStatement })));

/**
 * The payments remote's route module: a screen for each route the route table gives it. Today
 * the player's account statement; deposit, withdraw and their statements come with the payments
 * step.
 */
export const screens: RemoteModule<'payments'>['screens'] = {
  accountStatement: AccountStatement,
};

export const buildLabel: string = __BUILD_LABEL__;
