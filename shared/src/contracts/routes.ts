/**
 * Route names and paths (SPEC §2). The shell owns the URLs; remotes own the screens. A route
 * name appears once here with its path, the area it belongs to and the remote that renders it
 * (or 'shell'). Routes of later steps are added here together with their screens.
 */

/** Which app renders a screen. */
export type RouteOwner = 'shell' | 'sports' | 'casino' | 'payments' | 'admin';

/** One entry of the route table. */
export interface RouteDef {
  /** Path pattern in react-router syntax, absolute. */
  path: string;
  owner: RouteOwner;
  /** True when the route needs a signed-in user of its area. */
  auth: boolean;
}

/** Every route of the product that has a screen today. */
export const ROUTES = {
  login: { path: '/login', owner: 'shell', auth: false },
  adminLogin: { path: '/admin/login', owner: 'shell', auth: false },
  maintenance: { path: '/maintenance', owner: 'shell', auth: false },
  changePassword: { path: '/changepassword', owner: 'shell', auth: true },
  transactionPassword: { path: '/transaction-password', owner: 'shell', auth: true },
  home: { path: '/', owner: 'sports', auth: true },
  dashbaord: { path: '/dashbaord', owner: 'sports', auth: true },
  dashboard: { path: '/dashboard', owner: 'sports', auth: true },
  matchList: { path: '/match/:sportId/:status?', owner: 'sports', auth: true },
  adminHome: { path: '/admin', owner: 'admin', auth: true },
  adminListClients: { path: '/admin/list-clients', owner: 'admin', auth: true },
  adminChangePassword: { path: '/admin/change-password', owner: 'shell', auth: true },
  adminTransactionPassword: { path: '/admin/transaction-password', owner: 'shell', auth: true },
  adminSettings: { path: '/admin/settings', owner: 'admin', auth: true },
  adminListClientsOf: { path: '/admin/list-clients/:username', owner: 'admin', auth: true },
  adminAddUser: { path: '/admin/add-user', owner: 'admin', auth: true },
  adminEditUser: { path: '/admin/add-user/:username', owner: 'admin', auth: true },
  adminAccountStatement: { path: '/admin/accountstatement', owner: 'admin', auth: true },
  accountStatement: { path: '/accountstatement', owner: 'payments', auth: true },
} as const satisfies Record<string, RouteDef>;

/** Name of a route in the table. */
export type RouteName = keyof typeof ROUTES;

/** Screens a remote must provide: the route names it owns. */
export type RemoteScreens<O extends RouteOwner> = {
  [K in RouteName as (typeof ROUTES)[K]['owner'] extends O ? K : never]: unknown;
};

/**
 * True when a path belongs to the admin area: the word admin appears in it (SPEC §2).
 */
export function isAdminPath(pathname: string): boolean {
  return pathname.includes('admin');
}
