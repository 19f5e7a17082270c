import { lazyWithRetry, type RemoteModule } from '@backlay/shared';

const ClientList = lazyWithRetry(() => import('../pages/ClientList').then((m) => ({ default: m.ClientList })));
const AddUser = lazyWithRetry(() => import('../pages/AddUser').then((m) => ({ default: m.AddUser })));
const AccountStatement = lazyWithRetry(() => import('../pages/AccountStatement').then((m) => ({ default: m.AccountStatement })));
const PaymentRequests = lazyWithRetry(() => import('../pages/payments/PaymentRequests').then((m) => ({ default: m.PaymentRequests })));
const PaymentMethod = lazyWithRetry(() => import('../pages/payments/PaymentMethod').then((m) => ({ default: m.PaymentMethod })));
const Settings = lazyWithRetry(() => import('../pages/Settings').then((m) => ({ default: m.Settings })));
const Sites = lazyWithRetry(() => import('../pages/Sites').then((m) => ({ default: m.Sites })));
const SportsList = lazyWithRetry(() => import('../pages/sports/SportsList').then((m) => ({ default: m.SportsList })));
const Series = lazyWithRetry(() => import('../pages/sports/Series').then((m) => ({ default: m.Series })));
const FeedMatches = lazyWithRetry(() => import('../pages/sports/FeedMatches').then((m) => ({ default: m.FeedMatches })));
const ActiveMatches = lazyWithRetry(() => import('../pages/sports/ActiveMatches').then((m) => ({ default: m.ActiveMatches })));
const ActiveMarkets = lazyWithRetry(() => import('../pages/sports/ActiveMarkets').then((m) => ({ default: m.ActiveMarkets })));
const ActiveFancies = lazyWithRetry(() => import('../pages/sports/ActiveFancies').then((m) => ({ default: m.ActiveFancies })));
const FeedStatus = lazyWithRetry(() => import('../pages/sports/FeedStatus').then((m) => ({ default: m.FeedStatus })));
const Messages = lazyWithRetry(() => import('../pages/sports/Messages').then((m) => ({ default: m.Messages })));
const Dashboard = lazyWithRetry(() => import('../pages/dashboard/Dashboard').then((m) => ({ default: m.Dashboard })));
const MarketAnalysis = lazyWithRetry(() => import('../pages/betting/MarketAnalysis').then((m) => ({ default: m.MarketAnalysis })));
const AgentOdds = lazyWithRetry(() => import('../pages/betting/AgentOdds').then((m) => ({ default: m.AgentOdds })));
const UnsettledBets = lazyWithRetry(() => import('../pages/betting/UnsettledBets').then((m) => ({ default: m.UnsettledBets })));
const ProfitLoss = lazyWithRetry(() => import('../pages/betting/ProfitLoss').then((m) => ({ default: m.ProfitLoss })));
const Results = lazyWithRetry(() => import('../pages/betting/Results').then((m) => ({ default: m.Results })));
const CasinoTables = lazyWithRetry(() => import('../pages/casino/CasinoTables').then((m) => ({ default: m.CasinoTables })));
const CasinoRoundBook = lazyWithRetry(() => import('../pages/casino/CasinoRoundBook').then((m) => ({ default: m.CasinoRoundBook })));
const SmsOutbox = lazyWithRetry(() => import('../pages/SmsOutbox').then((m) => ({ default: m.SmsOutbox })));
const CasinoIntProviders = lazyWithRetry(() => import('../pages/casino-int/CasinoIntProviders').then((m) => ({ default: m.CasinoIntProviders })));
const CasinoIntReconciliation = lazyWithRetry(() =>
  import('../pages/casino-int/CasinoIntReconciliation').then((m) => ({ default: m.CasinoIntReconciliation })),
);
const GameReports = lazyWithRetry(() => import('../pages/casino/GameReports').then((m) => ({ default: m.GameReports })));

/** The admin remote's one route module: a screen for each admin route the route table gives it. */
export const screens: RemoteModule<'admin'>['screens'] = {
  adminHome: ClientList,
  adminListClients: ClientList,
  adminListClientsOf: ClientList,
  adminAddUser: AddUser,
  adminEditUser: AddUser,
  adminAccountStatement: AccountStatement,
  adminDepositStatement: PaymentRequests,
  adminWithdrawStatement: PaymentRequests,
  adminPaymentMethod: PaymentMethod,
  adminSettings: Settings,
  adminSites: Sites,
  adminSportsList: SportsList,
  adminSeries: Series,
  adminMatches: FeedMatches,
  adminActiveMatches: ActiveMatches,
  adminActiveMarkets: ActiveMarkets,
  adminActiveFancies: ActiveFancies,
  adminMessages: Messages,
  adminFeedStatus: FeedStatus,
  adminDashbaord: Dashboard,
  adminMarketAnalysis: MarketAnalysis,
  adminOdds: AgentOdds,
  adminUnsettledBet: UnsettledBets,
  adminUnsettledBetType: UnsettledBets,
  adminProfitLoss: ProfitLoss,
  adminResults: Results,
  adminCasinoList: CasinoTables,
  adminCasino: CasinoRoundBook,
  adminGameReports: GameReports,
  adminCasinoIntProviders: CasinoIntProviders,
  adminCasinoIntReconciliation: CasinoIntReconciliation,
  adminSmsOutbox: SmsOutbox,
};

export const buildLabel: string = __BUILD_LABEL__;
