import { lazyWithRetry, type RemoteModule } from '@backlay/shared';

const MatchBoard = lazyWithRetry(() => import('../pages/MatchBoard').then((m) => ({ default: m.MatchBoard })));
const OddsPage = lazyWithRetry(() => import('../odds/OddsPage').then((m) => ({ default: m.OddsPage })));
const RacingBoard = lazyWithRetry(() => import('../racing/RacingBoard').then((m) => ({ default: m.RacingBoard })));
const RulesPage = lazyWithRetry(() => import('../pages/RulesPage').then((m) => ({ default: m.RulesPage })));
const ButtonValues = lazyWithRetry(() => import('../pages/ButtonValues').then((m) => ({ default: m.ButtonValues })));
const UnsettledBets = lazyWithRetry(() => import('../pages/UnsettledBets').then((m) => ({ default: m.UnsettledBets })));
const BetHistory = lazyWithRetry(() => import('../pages/BetHistory').then((m) => ({ default: m.BetHistory })));
const ProfitLoss = lazyWithRetry(() => import('../pages/ProfitLoss').then((m) => ({ default: m.ProfitLoss })));

/** The sports remote's one route module: a screen for each route the route table gives it. */
export const screens: RemoteModule<'sports'>['screens'] = {
  home: MatchBoard,
  dashbaord: MatchBoard,
  matchList: MatchBoard,
  odds: OddsPage,
  racing: RacingBoard,
  rules: RulesPage,
  buttonValues: ButtonValues,
  unsettledBet: UnsettledBets,
  betHistory: BetHistory,
  profitLoss: ProfitLoss,
};

export const buildLabel: string = __BUILD_LABEL__;
