import { useEffect, useId, useMemo, useState } from 'react';
import { Button, EmptyState, Spinner, runnerLabel, Pnl, useLoad, useApis, type ChildBookRow, roleLabel } from '@backlay/shared';
import { SearchBox, SortHeader, matchesSearch, useSort, useSortedRows, type SortColumn } from '@backlay/shared/sortable';
import { marketTypeLabel, SECTION_STYLE, LIVE_REFRESH_MS } from './betting-common';
import { useT } from '../../i18n';

/** The columns the child books sort by in the browser. */
const CHILD_COLUMNS = {
  account: { kind: 'text', value: (c) => c.username },
  role: { kind: 'text', value: (c) => roleLabel(c.role) },
} as const satisfies Record<string, SortColumn<ChildBookRow>>;

/**
 * The 'Child books' panel of a match (get-child-user-list): per direct child of the account in
 * view, its subtree's players' P&L per outcome on every market with bets below it. An agent
 * child drills down (the breadcrumb climbs back); players are leaves. Starts at the signed-in
 * agent (`root`), refreshes with the page. Account and Role sort in the browser; a search narrows
 * by account.
 */
export function ChildBooks({ matchId, root, refresh }: { matchId: string; root: string; refresh: number }) {
  const { bets: betsApi } = useApis();
  const titleId = useId();
  const t = useT();
  // The accounts drilled into below the caller, top first.
  const [path, setPath] = useState<string[]>([]);
  const username = path.length > 0 ? path[path.length - 1] : undefined;
  const { load, reload } = useLoad(() => betsApi.childUserList({ matchId, username }), `${matchId}:${username ?? ''}`, { refreshMs: LIVE_REFRESH_MS });
  useEffect(() => {
    if (refresh > 0) reload();
  }, [refresh, reload]);
  const [search, setSearch] = useState('');
  const [sort, onSort] = useSort<keyof typeof CHILD_COLUMNS>();
  const all = load.state === 'done' ? load.value : null;
  const found = useMemo(() => (all ?? []).filter((c) => matchesSearch(search, c.username)), [all, search]);
  const rows = useSortedRows(found, CHILD_COLUMNS, sort);

  return (
    <section aria-labelledby={titleId} style={SECTION_STYLE}>
      <h2 id={titleId} className="bl-section-title">
        {t('childBooks.title')}
      </h2>
      <nav className="bl-breadcrumb" aria-label={t('childBooks.path')}>
        <ol>
          {[root, ...path].map((name, i) => (
            <li key={`${i}:${name}`}>
              {i === path.length ? (
                <span aria-current="page">{name}</span>
              ) : (
                <Button variant="link" onClick={() => setPath(path.slice(0, i))}>
                  {name}
                </Button>
              )}
            </li>
          ))}
        </ol>
      </nav>
      {load.state === 'loading' ? <Spinner label={t('childBooks.loading')} /> : null}
      {load.state === 'fail' ? <EmptyState>{load.message}</EmptyState> : null}
      {load.state === 'done' && load.value.length === 0 ? <EmptyState>{t('childBooks.none', { username: username ?? root })}</EmptyState> : null}
      {all && all.length > 0 ? <SearchBox label={t('childBooks.search')} onSearch={setSearch} /> : null}
      {all && all.length > 0 ? (
        <div className="bl-table-wrap">
          <table className="bl-table bl-table--sticky" aria-label={t('childBooks.title')}>
            <thead>
              <tr>
                <SortHeader label={t('chips.account')} sortKey="account" sort={sort} onSort={onSort} />
                <SortHeader label={t('clients.col.role')} sortKey="role" sort={sort} onSort={onSort} />
                <th scope="col">{t('childBooks.books')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((child) => (
                <tr key={child.username}>
                  <th scope="row">
                    {child.role === 'user' ? (
                      child.username
                    ) : (
                      <Button variant="link" aria-label={t('childBooks.below', { username: child.username })} onClick={() => setPath([...path, child.username])}>
                        {child.username}
                      </Button>
                    )}
                  </th>
                  <td>{roleLabel(child.role)}</td>
                  <td className="bl-table__wrap">
                    {child.markets.map((m) => (
                      <div key={m.marketId}>
                        <strong>{m.marketName}</strong> <small className="bl-muted">{marketTypeLabel(m.marketType)}</small>
                        <ul style={{ listStyle: 'none', margin: '2px 0 6px', padding: 0 }}>
                          {m.lines.map((l) => (
                            <li key={l.selectionId}>
                              {runnerLabel(l.name, l.clothNumber)}: <Pnl rupees={l.usersPnl} />
                            </li>
                          ))}
                        </ul>
                      </div>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
