/**
 * Route names and paths (docs/rules/product.md §2). The shell owns the URLs; remotes own the screens. A route
 * name appears once here with its path, the area it belongs to and the remote that renders it
 * (or 'shell'). Routes of later steps are added here together with their screens.
 */
import { SPORTS_ADMIN_ROLES, type Role } from './roles';
import { SPORT_IDS } from './sports';

/** Which app renders a screen. */
export type RouteOwner = 'shell' | 'sports' | 'casino' | 'payments' | 'admin';

/** A link of the main menu of a route's area (player or admin). */
export interface NavEntry {
  label: string;
  /** The link's path parameters (Cricket, Soccer and Tennis are one route with three sports). */
  params?: Readonly<Record<string, string>>;
  /** Active only on exactly this path. */
  end?: boolean;
}

/** One entry of the route table. */
export interface RouteDef {
  /** Path pattern in react-router syntax, absolute. */
  path: string;
  owner: RouteOwner;
  /** True when the route needs a signed-in user of its area. */
  auth: boolean;
  /**
   * Only these roles may open the route (docs/rules/product.md §6); absent means every signed-in user of the
   * area. The shell refuses other roles with a 'not allowed' screen and hides their nav links.
   */
  roles?: readonly Role[];
  /**
   * Its links in the main menu of its area, in menu order: the menu lists the table's rows in
   * the table's order (the shell builds it from here; a new screen is a row).
   */
  nav?: readonly NavEntry[];
  /** The route only sends the browser on to this route (by name). */
  redirect?: string;
}

const C = String(SPORT_IDS.cricket);
const S = String(SPORT_IDS.soccer);
const T = String(SPORT_IDS.tennis);
const H = String(SPORT_IDS.horseRacing);
const G = String(SPORT_IDS.greyhoundRacing);

/**
 * Every route of the product that has a screen today. The shell mounts each one in its area
 * (public when `auth` is false; admin when its path says admin, docs/rules/product.md §2; player otherwise) and
 * builds each area's menu from the rows with `nav`, in this order.
 */
export const ROUTES = {
  login: { path: '/login', owner: 'shell', auth: false },
  adminLogin: { path: '/admin/login', owner: 'shell', auth: false },
  maintenance: { path: '/maintenance', owner: 'shell', auth: false },
  // Self-registration and the public rules pages its footer links to (issue 20).
  register: { path: '/register', owner: 'shell', auth: false },
  termsAndConditions: { path: '/terms-and-conditions', owner: 'shell', auth: false },
  responsibleGaming: { path: '/responsible-gaming', owner: 'shell', auth: false },

  // The player's area, in menu order.
  home: { path: '/', owner: 'sports', auth: true, nav: [{ label: 'Home', end: true }] },
  matchList: {
    path: '/match/:sportId/:status?',
    owner: 'sports',
    auth: true,
    nav: [
      { label: 'Cricket', params: { sportId: C } },
      { label: 'Soccer', params: { sportId: S } },
      { label: 'Tennis', params: { sportId: T } },
    ],
  },
  // Racing (issue 30, ADR 0045): a racing sport's next races and meetings; a race opens at odds/{matchId}.
  racing: {
    path: '/racing/:sportId',
    owner: 'sports',
    auth: true,
    nav: [
      { label: 'Horse Racing', params: { sportId: H } },
      { label: 'Greyhounds', params: { sportId: G } },
    ],
  },
  // Live casino (docs/rules/product.md §2): the category menu and list, a table, its results, the player's report.
  casinoList: { path: '/casino-list/LC/4/:categoryId?', owner: 'casino', auth: true, nav: [{ label: 'Casino' }] },
  // International casino (docs/rules/product.md §2): a provider's games ({type}: its tab's value), played in a frame.
  casinoInt: { path: '/casino-int/:type?', owner: 'casino', auth: true, nav: [{ label: 'Int. Casino' }] },
  // Bets: the open ones, the settled ones, and the result per market and per casino table.
  unsettledBet: { path: '/unsettledbet', owner: 'sports', auth: true, nav: [{ label: 'Unsettled bets' }] },
  betHistory: { path: '/bethistory', owner: 'sports', auth: true, nav: [{ label: 'Bet history' }] },
  profitLoss: { path: '/profitloss', owner: 'sports', auth: true, nav: [{ label: 'Profit & loss' }] },
  casinoReport: { path: '/casinoreport', owner: 'casino', auth: true, nav: [{ label: 'Casino report' }] },
  // Money together: move it, then the three statements.
  deposit: { path: '/deposit', owner: 'payments', auth: true, nav: [{ label: 'Deposit' }] },
  withdraw: { path: '/withdraw', owner: 'payments', auth: true, nav: [{ label: 'Withdraw' }] },
  accountStatement: { path: '/accountstatement', owner: 'payments', auth: true, nav: [{ label: 'Statement' }] },
  depositStatement: { path: '/depositstatement', owner: 'payments', auth: true, nav: [{ label: 'Deposit statement' }] },
  withdrawStatement: { path: '/withdrawstatement', owner: 'payments', auth: true, nav: [{ label: 'Withdraw statement' }] },
  rules: { path: '/rules', owner: 'sports', auth: true, nav: [{ label: 'Rules' }] },
  buttonValues: { path: '/button-values', owner: 'sports', auth: true, nav: [{ label: 'Stake buttons' }] },
  changePassword: { path: '/changepassword', owner: 'shell', auth: true, nav: [{ label: 'Change password' }] },
  // Account security (issue 20): two-factor and the login history; agents also see their downline's.
  securityAuth: { path: '/settings/security-auth', owner: 'shell', auth: true, nav: [{ label: 'Account security' }] },
  // Responsible gambling (issue 20 step 11): the player's own limits and exclusions.
  responsibleGambling: { path: '/settings/responsible-gambling', owner: 'shell', auth: true, nav: [{ label: 'Responsible gambling' }] },
  // The player's screens without a menu link.
  dashbaord: { path: '/dashbaord', owner: 'sports', auth: true },
  dashboard: { path: '/dashboard', owner: 'shell', auth: true, redirect: 'home' },
  // SPEC's other names of the two casino lists: the live one (its list is get-casino-games) and
  // the international one, with the same {type} (a provider's tab).
  casinoGames: { path: '/casino-games', owner: 'shell', auth: true, redirect: 'casinoList' },
  casinoIn: { path: '/casino-in/:type?', owner: 'shell', auth: true, redirect: 'casinoInt' },
  odds: { path: '/odds/:matchId', owner: 'sports', auth: true },
  casinoTable: { path: '/casino/:slug/:matchId', owner: 'casino', auth: true },
  casinoResult: { path: '/casino/result/:matchId?', owner: 'casino', auth: true },
  // SPEC's virtual games (§2 "the other game grid", §3 its second list item shape, §7 the streams
  // list): our running tables streamed to watch, one at a time; linked from the live casino list.
  virtualGames: { path: '/virtual-games', owner: 'casino', auth: true },
  transactionPassword: { path: '/transaction-password', owner: 'shell', auth: true },

  // The admin area, in menu order.
  adminHome: { path: '/admin', owner: 'admin', auth: true, nav: [{ label: 'Clients', end: true }] },
  // SPEC's dashbaord route: the agent's dashboard (issue 34), Market analysis one click from it.
  adminDashbaord: { path: '/admin/dashbaord', owner: 'admin', auth: true, nav: [{ label: 'Dashboard' }] },
  // Betting: the books, the downline's bets and results, declaration for the house.
  adminMarketAnalysis: { path: '/admin/market-analysis', owner: 'admin', auth: true, nav: [{ label: 'Market analysis' }] },
  adminUnsettledBet: { path: '/admin/unsettledbet', owner: 'admin', auth: true, nav: [{ label: 'Unsettled bets' }] },
  adminProfitLoss: { path: '/admin/profitloss', owner: 'admin', auth: true, nav: [{ label: 'Profit & loss' }] },
  // Result declaration and rollback: the house only (admin, sadmin), as the API decides.
  adminResults: { path: '/admin/results', owner: 'admin', auth: true, roles: SPORTS_ADMIN_ROLES, nav: [{ label: 'Results' }] },
  // Live casino: switching tables on and off is the house's (as the API decides); every agent sees
  // its downline's round book and the game reports.
  adminCasinoList: { path: '/admin/casino-list', owner: 'admin', auth: true, roles: SPORTS_ADMIN_ROLES, nav: [{ label: 'Casino tables' }] },
  adminGameReports: { path: '/admin/game-reports', owner: 'admin', auth: true, nav: [{ label: 'Game reports' }] },
  // International casino (issue 19): the provider registry and the reconciliation, the house's.
  adminCasinoIntProviders: { path: '/admin/casino-int/providers', owner: 'admin', auth: true, roles: SPORTS_ADMIN_ROLES, nav: [{ label: 'Casino providers' }] },
  adminCasinoIntReconciliation: { path: '/admin/casino-int/reconciliation', owner: 'admin', auth: true, roles: SPORTS_ADMIN_ROLES, nav: [{ label: 'Reconciliation' }] },
  adminAccountStatement: { path: '/admin/accountstatement', owner: 'admin', auth: true, nav: [{ label: 'Statement' }] },
  adminDepositStatement: { path: '/admin/depositstatement', owner: 'admin', auth: true, nav: [{ label: 'Deposits' }] },
  adminWithdrawStatement: { path: '/admin/withdrawstatement', owner: 'admin', auth: true, nav: [{ label: 'Withdrawals' }] },
  // The operator's UPI and bank details: only the roles that may save them (as the API decides).
  adminPaymentMethod: { path: '/admin/payment-method', owner: 'admin', auth: true, roles: SPORTS_ADMIN_ROLES, nav: [{ label: 'Payment method' }] },
  adminSportsList: { path: '/admin/sports-list/:url?', owner: 'admin', auth: true, roles: SPORTS_ADMIN_ROLES, nav: [{ label: 'Sports' }] },
  // The feed's health (issue 30, ADR 0039): the house's, as the API decides.
  adminFeedStatus: { path: '/admin/feed-status', owner: 'admin', auth: true, roles: SPORTS_ADMIN_ROLES, nav: [{ label: 'Feed status' }] },
  adminMessages: { path: '/admin/messages', owner: 'admin', auth: true, roles: SPORTS_ADMIN_ROLES, nav: [{ label: 'Messages' }] },
  // The demo SMS outbox (SMS_PROVIDER=outbox): the house only, as the API decides.
  adminSmsOutbox: { path: '/admin/sms-outbox', owner: 'admin', auth: true, roles: SPORTS_ADMIN_ROLES, nav: [{ label: 'SMS outbox' }] },
  // White-label sites (issue 35): the Super Admin manages every site, an Admin its own.
  adminSites: { path: '/admin/sites', owner: 'admin', auth: true, roles: SPORTS_ADMIN_ROLES, nav: [{ label: 'Sites' }] },
  adminSettings: { path: '/admin/settings', owner: 'admin', auth: true, roles: SPORTS_ADMIN_ROLES, nav: [{ label: 'Settings' }] },
  adminChangePassword: { path: '/admin/change-password', owner: 'shell', auth: true, nav: [{ label: 'Change password' }] },
  adminSecurityAuth: { path: '/admin/settings/security-auth', owner: 'shell', auth: true, nav: [{ label: 'Account security' }] },
  // The agents' read-only view of their downline's responsible-gambling limits.
  adminResponsibleGambling: { path: '/admin/responsible-gambling', owner: 'shell', auth: true, nav: [{ label: 'Responsible gambling' }] },
  // The admin screens without a menu link.
  adminTransactionPassword: { path: '/admin/transaction-password', owner: 'shell', auth: true },
  adminSeries: { path: '/admin/series/:sportId', owner: 'admin', auth: true, roles: SPORTS_ADMIN_ROLES },
  adminMatches: { path: '/admin/matches/:sportId', owner: 'admin', auth: true, roles: SPORTS_ADMIN_ROLES },
  adminActiveMatches: { path: '/admin/active-matches/:sportId/:matchType?', owner: 'admin', auth: true, roles: SPORTS_ADMIN_ROLES },
  adminActiveMarkets: { path: '/admin/active-markets/:matchId', owner: 'admin', auth: true, roles: SPORTS_ADMIN_ROLES },
  adminActiveFancies: { path: '/admin/active-fancies/:matchId', owner: 'admin', auth: true, roles: SPORTS_ADMIN_ROLES },
  adminListClients: { path: '/admin/list-clients', owner: 'admin', auth: true },
  adminListClientsOf: { path: '/admin/list-clients/:username', owner: 'admin', auth: true },
  adminAddUser: { path: '/admin/add-user', owner: 'admin', auth: true },
  adminEditUser: { path: '/admin/add-user/:username', owner: 'admin', auth: true },
  adminOdds: { path: '/admin/odds/:matchId', owner: 'admin', auth: true },
  adminUnsettledBetType: { path: '/admin/unsettledbet/:type', owner: 'admin', auth: true },
  adminCasino: { path: '/admin/casino/:gameCode', owner: 'admin', auth: true },
} as const satisfies Record<string, RouteDef>;

/** Name of a route in the table. */
export type RouteName = keyof typeof ROUTES;

/** Screens a remote must provide: the route names it owns. */
export type RemoteScreens<O extends RouteOwner> = {
  [K in RouteName as (typeof ROUTES)[K]['owner'] extends O ? K : never]: unknown;
};

/**
 * True when `role` may open the route: routes without a `roles` list are open to every signed-in
 * user of their area (docs/rules/product.md §6).
 */
export function routeAllowsRole(name: RouteName, role: Role | null | undefined): boolean {
  const roles = (ROUTES[name] as RouteDef).roles;
  return roles === undefined || (role !== null && role !== undefined && roles.includes(role));
}

/**
 * True when a path belongs to the admin area: the word admin appears in it (docs/rules/product.md §2).
 */
export function isAdminPath(pathname: string): boolean {
  return pathname.includes('admin');
}
