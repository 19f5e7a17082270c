import { lazyWithRetry, type RemoteModule } from '@backlay/shared';

const ClientList = lazyWithRetry(() => import('../pages/ClientList').then((m) => ({ default: m.ClientList })));
const AddUser = lazyWithRetry(() => import('../pages/AddUser').then((m) => ({ default: m.AddUser })));
const AccountStatement = lazyWithRetry(() => import('../pages/AccountStatement').then((m) => ({ default: m.AccountStatement })));
const Settings = lazyWithRetry(() => import('../pages/Settings').then((m) => ({ default: m.Settings })));

/** The admin remote's one route module: a screen for each admin route the route table gives it. */
export const screens: RemoteModule<'admin'>['screens'] = {
  adminHome: ClientList,
  adminListClients: ClientList,
  adminListClientsOf: ClientList,
  adminAddUser: AddUser,
  adminEditUser: AddUser,
  adminAccountStatement: AccountStatement,
  adminSettings: Settings,
};

export const buildLabel: string = __BUILD_LABEL__;
