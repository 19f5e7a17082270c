import type { RemoteModule } from '@backlay/shared';

/**
 * The casino remote's route module. Its screens (live casino list and tables, international
 * casino, casino report) arrive with the casino step; the route table gives it none yet, so the
 * shell shows the not-found page at those paths until then.
 */
export const screens: RemoteModule<'casino'>['screens'] = {};

export const buildLabel: string = __BUILD_LABEL__;
