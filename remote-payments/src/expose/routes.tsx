import type { RemoteModule } from '@backlay/shared';

/**
 * The payments remote's route module. Its screens (deposit, withdraw, statements) arrive with the
 * payments step; the route table gives it none yet, so the shell shows the not-found page at
 * those paths until then.
 */
export const screens: RemoteModule<'payments'>['screens'] = {};

export const buildLabel: string = __BUILD_LABEL__;
