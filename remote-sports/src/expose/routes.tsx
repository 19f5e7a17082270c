import { lazyWithRetry, type RemoteModule } from '@backlay/shared';
import { askMatchBoardEarly, askOddsPageEarly } from '../first-calls';

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

/** The first calls of the screens a page most often opens on, asked while their chunks load (ADR 0085). */
export const prefetch: RemoteModule<'sports'>['prefetch'] = {
  home: askMatchBoardEarly,
  dashbaord: askMatchBoardEarly,
  matchList: askMatchBoardEarly,
  odds: askOddsPageEarly,
};

export const buildLabel: string = __BUILD_LABEL__;
