import { useCallback, useEffect, useState } from 'react';
import { Link, generatePath, useLocation, useParams } from 'react-router';
import {
  BuildTag, Button, EmptyState, Page, ROUTES, SEARCH_MAX_LENGTH, Spinner, childRoleOf, formatRupees, on, useObservable, user$, useApis, type ClientRow, type ClientSortKey, type Role, Pnl, useLoad, roleLabel, ROLE_LABELS, ROLES,
} from '@backlay/shared';
import { TableScroll } from '@backlay/shared/table-scroll';
import { Pager } from '@backlay/shared/reports';
import { ExportActions } from '@backlay/shared/exports';
import { SearchBox, SortHeader, useSort } from '@backlay/shared/sortable';
import { ChildPasswordDialog } from './ChildPasswordDialog';
import { ChipDialog, type ChipKind } from './ChipDialog';
import { LockDialog } from './LockDialog';
import { t as translate, useT } from '../i18n';

/** A breadcrumb's role (the API sends its English label) in the page's language. */
function pathRoleLabel(label: string): string {
  const role = ROLES.find((r) => ROLE_LABELS[r] === label);
  return role ? roleLabel(role) : label;
}

/** Rows per page of the client list. */
export const CLIENTS_PAGE_SIZE = 25;
type OpenDialog = { kind: ChipKind | 'password' | 'lock' | 'betLock'; row: ClientRow } | null;

/** The label of the "Add …" button of an agent's own list, or null for a role with no downline. */
export function addClientLabel(role: Role): string | null {
  const child = childRoleOf(role);
  if (!child) return null;
  return child === 'user' ? translate('clients.addUser') : translate('clients.addRole', { role: roleLabel(child) });
}

/** The client list of one account: its path in the route table. */
export function listPathOf(username: string | null): string {
  return username ? generatePath(ROUTES.adminListClientsOf.path, { username }) : ROUTES.adminListClients.path;
}

/** The admin index, list-clients and list-clients/:username. */
export function ClientList() {
  const { username } = useParams();
  // Another account's list starts again: page 1, empty search, no open dialog.
  return <ClientListOf key={username ?? ''} username={username} />;
}

/**
 * The direct downline of the caller (or of an account in its downline, drilled into through the
 * username links): money columns with totals over every matching row, a debounced search,
 * columns sorted by the server (the list is paged: ADR 0068), pagination, the breadcrumb of the path from the caller down, and the row actions. Chip
 * transfers and password resets are offered only for the caller's direct children (the API
 * refuses others); locks work on any account of the downline, each confirmed with the
 * transaction password, and a lock shows who set it (only that agent or one above lifts it). The list reloads after every
 * action and whenever the caller's wallet moves (a bus notification from the shell's socket).
 */
function ClientListOf({ username }: { username?: string }) {
  const { clients: clientsApi } = useApis();
  const me = useObservable(user$, null);
  const location = useLocation();
  const [search, setSearch] = useState('');
  const [sort, toggleSort] = useSort<ClientSortKey>();
  const [page, setPage] = useState(1);
  const { load, reload: refresh } = useLoad(
    () => clientsApi.listClients({ username, search: search || undefined, sort: sort?.key, order: sort?.order, page, pageSize: CLIENTS_PAGE_SIZE }),
    `${search}:${sort?.key}:${sort?.order}:${page}`,
  );
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const t = useT();

  useEffect(() => {
    const sub = on('wallet.balanceChanged').subscribe(() => refresh());
    return () => sub.unsubscribe();
  }, [refresh]);

  // A new search or order starts again at page 1.
  const searchFor = useCallback((next: string) => {
    setSearch(next);
    setPage(1);
  }, []);
  const sortBy = useCallback(
    (key: ClientSortKey) => {
      toggleSort(key);
      setPage(1);
    },
    [toggleSort],
  );
  const header = { sort, onSort: sortBy };

  const list = load.state === 'done' ? load.value : null;
  const direct = list !== null && me !== null && list.parent._id === me._id;
  const addLabel = direct && me ? addClientLabel(me.role) : null;
  const title = username ? t('clients.titleOf', { username }) : t('clients.title');
  const closeDialog = () => setDialog(null);
  const dialogDone = () => {
    setDialog(null);
    refresh();
  };

  return (
    <Page
      title={title}
      actions={
        addLabel ? (
          <Link className="bl-btn bl-btn--primary" to={ROUTES.adminAddUser.path}>
            {addLabel}
          </Link>
        ) : null
      }
    >
      {list && list.path.length > 1 ? (
        <nav className="bl-breadcrumb" aria-label={t('clients.breadcrumb')}>
          <ol>
            {list.path.map((p, i) => (
              <li key={p.username}>
                {i === list.path.length - 1 ? (
                  <span aria-current="page">
                    {p.username} <small>{pathRoleLabel(p.roleLabel)}</small>
                  </span>
                ) : (
                  <Link to={listPathOf(i === 0 ? null : p.username)}>
                    {p.username} <small>{pathRoleLabel(p.roleLabel)}</small>
                  </Link>
                )}
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      <div className="bl-filters">
        <SearchBox label={t('clients.search')} maxLength={SEARCH_MAX_LENGTH} onSearch={searchFor} />
      </div>
      <ExportActions report="list-clients" filters={{ username, search: search || undefined, sort: sort?.key, order: sort?.order }} title={title} />
      {load.state === 'loading' ? <Spinner label={t('clients.loading')} /> : null}
      {load.state === 'fail' ? <EmptyState>{t('clients.loadFailed', { message: load.message })}</EmptyState> : null}
      {list && list.rows.length === 0 ? <EmptyState>{t('clients.none')}</EmptyState> : null}
      {list && list.rows.length > 0 ? (
        <>
          <TableScroll label={t('clients.table')}>
            <table className="bl-table bl-table--sticky" aria-label={t('clients.title')}>
              <thead>
                <tr>
                  <SortHeader label={t('clients.col.username')} sortKey="username" {...header} />
                  <SortHeader label={t('clients.col.role')} sortKey="role" {...header} />
                  <SortHeader label={t('clients.col.balance')} sortKey="balance" num {...header} />
                  <SortHeader label={t('clients.col.exposure')} sortKey="exposure" num {...header} />
                  <SortHeader label={t('clients.col.available')} sortKey="available" num {...header} />
                  <SortHeader label={t('clients.col.creditRef')} sortKey="creditReference" num {...header} />
                  <SortHeader label={t('clients.col.refPl')} sortKey="refPL" num {...header} />
                  <SortHeader label={t('clients.col.partnership')} sortKey="partnership" num {...header} />
                  <SortHeader label={t('clients.col.status')} sortKey="status" {...header} />
                  <th scope="col">{t('clients.col.betLock')}</th>
                  <th scope="col">{t('clients.col.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {list.rows.map((r) => {
                  const open = r.status !== 'closed';
                  return (
                    <tr key={r._id}>
                      <th scope="row">{r.role === 'user' ? r.username : <Link to={listPathOf(r.username)}>{r.username}</Link>}</th>
                      <td>{roleLabel(r.role)}</td>
                      <td className="num">{formatRupees(r.balance)}</td>
                      <td className="num">{formatRupees(r.exposer)}</td>
                      <td className="num">{formatRupees(r.available)}</td>
                      <td className="num">{formatRupees(r.creditReference)}</td>
                      <td className="num">
                        <Pnl rupees={r.refPL} />
                      </td>
                      <td className="num">{r.role === 'user' ? '—' : r.partnership.toFixed(2)}</td>
                      <td>
                        <span className={`bl-badge${r.status === 'active' ? '' : ' bl-badge--locked'}`}>{t(`clients.status.${r.status}`)}</span>
                        {r.status === 'locked' && r.lockedBy ? <small className="bl-lock-by">{t('clients.lockedBy', { username: r.lockedBy })}</small> : null}
                      </td>
                      <td>
                        <span className={`bl-badge${r.betLock ? ' bl-badge--locked' : ''}`}>{r.betLock ? t('clients.status.locked') : t('clients.betLock.open')}</span>
                        {r.betLock && r.betLockedBy ? <small className="bl-lock-by">{t('clients.lockedBy', { username: r.betLockedBy })}</small> : null}
                      </td>
                      <td>
                        <div className="bl-row-actions">
                          {direct && open ? (
                            <>
                              <Button variant="secondary" className="bl-btn--small" onClick={() => setDialog({ kind: 'deposit', row: r })}>
                                {t('clients.action.deposit')}
                              </Button>
                              <Button variant="secondary" className="bl-btn--small" onClick={() => setDialog({ kind: 'withdraw', row: r })}>
                                {t('clients.action.withdraw')}
                              </Button>
                            </>
                          ) : null}
                          {open ? (
                            <>
                              <Button variant="secondary" className="bl-btn--small" onClick={() => setDialog({ kind: 'lock', row: r })}>
                                {r.status === 'locked' ? t('clients.action.unlock') : t('clients.action.lock')}
                              </Button>
                              <Button variant="secondary" className="bl-btn--small" onClick={() => setDialog({ kind: 'betLock', row: r })}>
                                {r.betLock ? t('clients.action.betUnlock') : t('clients.action.betLock')}
                              </Button>
                            </>
                          ) : null}
                          <Link className="bl-btn bl-btn--secondary bl-btn--small" to={generatePath(ROUTES.adminEditUser.path, { username: r.username })} state={{ from: location.pathname }}>
                            {t('clients.action.edit')}
                          </Link>
                          {direct && open ? (
                            <Button variant="secondary" className="bl-btn--small" onClick={() => setDialog({ kind: 'password', row: r })}>
                              {t('clients.action.password')}
                            </Button>
                          ) : null}
                          <Link className="bl-btn bl-btn--secondary bl-btn--small" to={`${ROUTES.adminAccountStatement.path}?username=${encodeURIComponent(r.username)}`}>
                            {t('clients.action.statement')}
                          </Link>
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">{t('clients.total')}</th>
                  <td />
                  <td className="num">{formatRupees(list.totals.balance)}</td>
                  <td className="num">{formatRupees(list.totals.exposer)}</td>
                  <td className="num">{formatRupees(list.totals.available)}</td>
                  <td className="num">{formatRupees(list.totals.creditReference)}</td>
                  <td className="num">{formatRupees(list.totals.refPL)}</td>
                  <td colSpan={4} />
                </tr>
              </tfoot>
            </table>
          </TableScroll>
          <Pager page={list.page} pageSize={list.pageSize} total={list.total} onPage={setPage} label={t('clients.pages')} />
        </>
      ) : null}
      {dialog && me && (dialog.kind === 'deposit' || dialog.kind === 'withdraw') ? (
        <ChipDialog kind={dialog.kind} parent={{ username: me.username, balance: me.balance }} child={dialog.row} onClose={closeDialog} onDone={dialogDone} />
      ) : null}
      {dialog && dialog.kind === 'password' ? <ChildPasswordDialog child={dialog.row} onClose={closeDialog} onDone={dialogDone} /> : null}
      {dialog && (dialog.kind === 'lock' || dialog.kind === 'betLock') ? (
        <LockDialog kind={dialog.kind === 'lock' ? 'user' : 'bet'} row={dialog.row} onClose={closeDialog} onDone={dialogDone} />
      ) : null}
      <BuildTag app="admin" label={__BUILD_LABEL__} />
    </Page>
  );
}
