import { useMemo, useState } from 'react';
import { Link, generatePath } from 'react-router';
import { BuildTag, CASINO_CATEGORIES, EmptyState, Page, ROUTES, Spinner, useLoad, useApis, type CasinoGameListItem } from '@backlay/shared';
import { SearchBox, SortHeader, matchesSearch, useSort, useSortedRows, type SortColumn } from '@backlay/shared/sortable';
import { Switch } from '../sports/sports-common';
import { TransactionPasswordDialog } from '../TransactionPasswordDialog';

/** A table's state as the list says it: switched off, running, or stopped (its engine is not running). */
export function tableState(game: Pick<CasinoGameListItem, 'isDisable' | 'match_id'>): string {
  if (game.isDisable) return 'Disabled';
  return game.match_id === -1 ? 'Stopped' : 'Running';
}

const categoryName = (id: number) => CASINO_CATEGORIES.find((c) => c.id === id)?.name ?? '—';

/** The columns the casino tables sort by in the browser. */
const TABLE_COLUMNS = {
  title: { kind: 'text', value: (g) => g.title || g.slug },
  category: { kind: 'text', value: (g) => categoryName(g.categoryId) },
  state: { kind: 'text', value: (g) => tableState(g) },
  enabled: { kind: 'number', value: (g) => (g.isDisable ? 0 : 1) },
} as const satisfies Record<string, SortColumn<CasinoGameListItem>>;

/**
 * /admin/casino-list (admin, sadmin): every live table with its category and state and an
 * Enable/Disable switch (disable-casino-games), confirmed with the transaction password (ADR
 * 0032). Disabling a table voids its open round and refunds its bets; players then see it
 * suspended. Each table links to its round book. Columns sort in the browser; a search narrows by
 * title, code or category. "On this site" switches a table off for the players of the site signed
 * in on only (save-site-casino, ADR 0074 "Content per site").
 */
export function CasinoTables() {
  const { casino: casinoApi } = useApis();
  const { load, reload } = useLoad(() => casinoApi.games());
  // What this site (the one signed in on) switched off for its own players (ADR 0074 "Content per site").
  const { load: siteLoad, reload: reloadSite } = useLoad(() => casinoApi.siteSwitches(), 'site-casino');
  const site = siteLoad.state === 'done' ? siteLoad.value : null;
  const [switching, setSwitching] = useState<{ game: CasinoGameListItem; enabled: boolean } | null>(null);
  const [siteSwitching, setSiteSwitching] = useState<{ game: CasinoGameListItem; offered: boolean } | null>(null);
  const done = () => {
    setSwitching(null);
    reload();
  };
  const siteDone = () => {
    setSiteSwitching(null);
    reloadSite();
  };
  const [search, setSearch] = useState('');
  const [sort, onSort] = useSort<keyof typeof TABLE_COLUMNS>();
  const all = load.state === 'done' ? load.value : null;
  const found = useMemo(() => (all ?? []).filter((g) => matchesSearch(search, g.title, g.slug, categoryName(g.categoryId))), [all, search]);
  const rows = useSortedRows(found, TABLE_COLUMNS, sort);
  return (
    <Page title="Casino tables">
      {load.state === 'loading' ? <Spinner label="Loading the tables" /> : null}
      {load.state === 'fail' ? <EmptyState>The tables could not be loaded: {load.message}</EmptyState> : null}
      {load.state === 'done' && load.value.length === 0 ? <EmptyState>No casino tables.</EmptyState> : null}
      {all && all.length > 0 ? <SearchBox label="Search tables" onSearch={setSearch} /> : null}
      {all && all.length > 0 ? (
        <div className="bl-table-wrap">
          <table className="bl-table" aria-label="Casino tables">
            <thead>
              <tr>
                <SortHeader label="Table" sortKey="title" sort={sort} onSort={onSort} />
                <SortHeader label="Category" sortKey="category" sort={sort} onSort={onSort} />
                <SortHeader label="State" sortKey="state" sort={sort} onSort={onSort} />
                <SortHeader label="Enabled" sortKey="enabled" sort={sort} onSort={onSort} />
                {site ? <th scope="col">On this site</th> : null}
                <th scope="col">Book</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((g) => (
                <tr key={g.slug}>
                  <th scope="row">
                    {g.title || 'Untitled Game'} <small className="bl-muted">{g.slug}</small>
                  </th>
                  <td>{categoryName(g.categoryId)}</td>
                  <td>
                    <span className={`bl-badge${g.isDisable ? ' bl-badge--locked' : ''}`}>{tableState(g)}</span>
                  </td>
                  <td>
                    <Switch label={`${g.title || g.slug} enabled`} checked={!g.isDisable} disabled={switching !== null} onChange={(next) => setSwitching({ game: g, enabled: next })} />
                  </td>
                  {site ? (
                    <td>
                      <Switch
                        label={`${g.title || g.slug} on this site`}
                        checked={!site.tablesOff.includes(g.matchId)}
                        disabled={siteSwitching !== null}
                        onChange={(next) => setSiteSwitching({ game: g, offered: next })}
                      />
                    </td>
                  ) : null}
                  <td>
                    <Link className="bl-btn bl-btn--secondary bl-btn--small" to={generatePath(ROUTES.adminCasino.path, { gameCode: g.slug })}>
                      Round book
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {switching ? (
        <TransactionPasswordDialog
          title={`${switching.enabled ? 'Enable' : 'Disable'} ${switching.game.title || switching.game.slug}`}
          action={switching.enabled ? 'Enable' : 'Disable'}
          onConfirm={(transactionPassword) => casinoApi.setDisabled({ matchId: switching.game.matchId, isDisable: !switching.enabled, transactionPassword })}
          onClose={() => setSwitching(null)}
          onDone={done}
        >
          <p className="bl-hint">
            {switching.enabled
              ? 'The table opens a new round and players can bet again.'
              : 'The open round is voided and every bet on it refunded; players see the table suspended until it is enabled again.'}
          </p>
        </TransactionPasswordDialog>
      ) : null}
      {siteSwitching && site ? (
        <TransactionPasswordDialog
          title={`${siteSwitching.offered ? 'Offer' : 'Hide'} ${siteSwitching.game.title || siteSwitching.game.slug} on this site`}
          action={siteSwitching.offered ? 'Offer' : 'Hide'}
          onConfirm={(transactionPassword) =>
            casinoApi.saveSiteSwitches({
              siteId: site.siteId,
              tablesOff: siteSwitching.offered ? site.tablesOff.filter((id) => id !== siteSwitching.game.matchId) : [...site.tablesOff, siteSwitching.game.matchId],
              providersOff: site.providersOff,
              transactionPassword,
            })
          }
          onClose={() => setSiteSwitching(null)}
          onDone={siteDone}
        >
          <p className="bl-hint">
            {siteSwitching.offered
              ? "This site's players see the table again and can bet on it."
              : "This site's players no longer see the table, and their bets on it are refused. Other sites keep it."}
          </p>
        </TransactionPasswordDialog>
      ) : null}
      <BuildTag app="admin" label={__BUILD_LABEL__} />
    </Page>
  );
}
