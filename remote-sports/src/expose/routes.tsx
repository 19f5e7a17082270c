import { lazyWithRetry, type RemoteModule } from '@backlay/shared';

const MatchBoard = lazyWithRetry(() => import('../pages/MatchBoard').then((m) => ({ default: m.MatchBoard })));

/** The sports remote's one route module: a screen for each route the route table gives it. */
export const screens: RemoteModule<'sports'>['screens'] = {
  home: MatchBoard,
  dashbaord: MatchBoard,
  dashboard: MatchBoard,
  matchList: MatchBoard,
};

export const buildLabel: string = __BUILD_LABEL__;
