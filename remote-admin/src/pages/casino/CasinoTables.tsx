import { useMemo, useState } from 'react';
import { Link, generatePath } from 'react-router';
import {
  BuildTag, EmptyState, Page, ROUTES, Spinner, useLoad, useApis, type CasinoGameListItem, casinoCategoryName,
} from '@backlay/shared';
import { SearchBox, SortHeader, matchesSearch, useSort, useSortedRows, type SortColumn } from '@backlay/shared/sortable';
import { Switch } from '../sports/sports-common';
import { TransactionPasswordDialog } from '../TransactionPasswordDialog';
import { t as translate, useT } from '../../i18n';

/** A table's state as the list says it: switched off, running, or stopped (its engine is not running). */
export function tableState(game: Pick<CasinoGameListItem, 'isDisable' | 'match_id'>): string {
  if (game.isDisable) return translate('tables.disabled');
  return game.match_id === -1 ? translate('tables.stopped') : translate('tables.running');
}

const categoryName = (id: number) => casinoCategoryName(id) ?? '—';

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
  const t = useT();
  return (
    <Page title={t('tables.title')}>
      {load.state === 'loading' ? <Spinner label={t('tables.loading')} /> : null}
      {load.state === 'fail' ? <EmptyState>{t('tables.loadFailed', { message: load.message })}</EmptyState> : null}
      {load.state === 'done' && load.value.length === 0 ? <EmptyState>{t('tables.none')}</EmptyState> : null}
      {all && all.length > 0 ? <SearchBox label={t('tables.search')} onSearch={setSearch} /> : null}
      {all && all.length > 0 ? (
        <div className="bl-table-wrap">
          <table className="bl-table" aria-label={t('tables.title')}>
            <thead>
              <tr>
                <SortHeader label={t('tables.table')} sortKey="title" sort={sort} onSort={onSort} />
                <SortHeader label={t('tables.category')} sortKey="category" sort={sort} onSort={onSort} />
                <SortHeader label={t('feed.state')} sortKey="state" sort={sort} onSort={onSort} />
                <SortHeader label={t('tables.enabled')} sortKey="enabled" sort={sort} onSort={onSort} />
                {site ? <th scope="col">{t('sports.onThisSite')}</th> : null}
                <th scope="col">{t('tables.book')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((g) => (
                <tr key={g.slug}>
                  <th scope="row">
                    {g.title || t('tables.untitled')} <small className="bl-muted">{g.slug}</small>
                  </th>
                  <td>{categoryName(g.categoryId)}</td>
                  <td>
                    <span className={`bl-badge${g.isDisable ? ' bl-badge--locked' : ''}`}>{tableState(g)}</span>
                  </td>
                  <td>
                    <Switch label={t('tables.enabledLabel', { name: g.title || g.slug })} checked={!g.isDisable} disabled={switching !== null} onChange={(next) => setSwitching({ game: g, enabled: next })} />
                  </td>
                  {site ? (
                    <td>
                      <Switch
                        label={t('sports.onSiteLabel', { name: g.title || g.slug })}
                        checked={!site.tablesOff.includes(g.matchId)}
                        disabled={siteSwitching !== null}
                        onChange={(next) => setSiteSwitching({ game: g, offered: next })}
                      />
                    </td>
                  ) : null}
                  <td>
                    <Link className="bl-btn bl-btn--secondary bl-btn--small" to={generatePath(ROUTES.adminCasino.path, { gameCode: g.slug })}>
                      {t('tables.roundBook')}
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
          title={switching.enabled ? t('tables.enableTitle', { name: switching.game.title || switching.game.slug }) : t('tables.disableTitle', { name: switching.game.title || switching.game.slug })}
          action={switching.enabled ? t('tables.enable') : t('tables.disable')}
          onConfirm={(transactionPassword) => casinoApi.setDisabled({ matchId: switching.game.matchId, isDisable: !switching.enabled, transactionPassword })}
          onClose={() => setSwitching(null)}
          onDone={done}
        >
          <p className="bl-hint">
            {switching.enabled ? t('tables.enableHint') : t('tables.disableHint')}
          </p>
        </TransactionPasswordDialog>
      ) : null}
      {siteSwitching && site ? (
        <TransactionPasswordDialog
          title={siteSwitching.offered ? t('sports.offerTitle', { name: siteSwitching.game.title || siteSwitching.game.slug }) : t('sports.hideTitle', { name: siteSwitching.game.title || siteSwitching.game.slug })}
          action={siteSwitching.offered ? t('sports.offer') : t('sports.hide')}
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
            {siteSwitching.offered ? t('tables.offerHint') : t('tables.hideHint')}
          </p>
        </TransactionPasswordDialog>
      ) : null}
      <BuildTag app="admin" label={__BUILD_LABEL__} />
    </Page>
  );
}
