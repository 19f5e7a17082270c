import { lazyWithRetry, type RemoteModule } from '@backlay/shared';
import { askCasinoListEarly } from '../first-calls';

const CasinoList = lazyWithRetry(() => import('../list/CasinoList').then((m) => ({ default: m.CasinoList })));
const CasinoTablePage = lazyWithRetry(() => import('../table/CasinoTablePage').then((m) => ({ default: m.CasinoTablePage })));
const CasinoResults = lazyWithRetry(() => import('../results/CasinoResults').then((m) => ({ default: m.CasinoResults })));
const CasinoIntList = lazyWithRetry(() => import('../int/CasinoIntList').then((m) => ({ default: m.CasinoIntList })));
const VirtualGames = lazyWithRetry(() => import('../virtual/VirtualGames').then((m) => ({ default: m.VirtualGames })));
const CasinoReport = lazyWithRetry(() => import('../report/CasinoReport').then((m) => ({ default: m.CasinoReport })));

/** The casino remote's one route module: a screen for each route the route table gives it. */
export const screens: RemoteModule<'casino'>['screens'] = {
  casinoList: CasinoList,
  casinoTable: CasinoTablePage,
  casinoResult: CasinoResults,
  casinoReport: CasinoReport,
  casinoInt: CasinoIntList,
  virtualGames: VirtualGames,
};

/** The list's first call, asked while its chunk loads (ADR 0085). */
export const prefetch: RemoteModule<'casino'>['prefetch'] = {
  casinoList: askCasinoListEarly,
};

export const buildLabel: string = __BUILD_LABEL__;
