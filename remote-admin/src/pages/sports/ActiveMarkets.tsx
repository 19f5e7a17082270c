import { useMemo, useState, type ReactNode } from 'react';
import { Link, generatePath, useParams } from 'react-router';
import { BuildTag, Button, EmptyState, Page, ROUTES, Spinner, notify, type Fancy, type Market, type MarketLimits, type MarketStatus, marketStatusLabel, useLoad, useApis } from '@backlay/shared';
import { SearchBox, SortHeader, matchesSearch, useSort, useSortedRows, type SortColumn } from '@backlay/shared/sortable';
import { LimitsDialog } from './LimitsDialog';
import { runAction } from './sports-common';
import { t as translate, useT } from '../../i18n';


/** One market or fancy as the switch table shows it. */
export interface SwitchRow {
  id: string;
  name: string;
  kind: string;
  status: MarketStatus;
  /** The admin's own suspension, on top of the feed's status. */
  adminSuspended: boolean;
  active: boolean;
  limits: MarketLimits;
}

/** The columns the switch table sorts by in the browser (a match's markets or fancies are all on screen). */
const SWITCH_COLUMNS = {
  name: { kind: 'text', value: (r) => r.name },
  kind: { kind: 'text', value: (r) => r.kind },
  status: { kind: 'text', value: (r) => marketStatusLabel(r) },
  players: { kind: 'number', value: (r) => (r.active ? 1 : 0) },
  maxStake: { kind: 'number', value: (r) => r.limits.maxStake },
} as const satisfies Record<string, SortColumn<SwitchRow>>;

/** A request the table sends for a row: activate, suspend, or new limits. */
export type SwitchChange = { active: boolean } | { suspended: boolean } | MarketLimits;

/**
 * The table of active-markets and active-fancies: per row the status, the player switch
 * (Activate/Deactivate), the admin suspension (Suspend/Resume: the admin's own switch, also while
 * the feed has the market suspended) and the limits with their editor. Columns sort in the
 * browser (Limits by the maximum stake); a search narrows by name or type.
 */
export function SwitchTable({ label, one, rows: all, onChange }: { label: string; /** One row's noun, for "No market matches the search." */ one: string; rows: SwitchRow[]; onChange: (row: SwitchRow, change: SwitchChange) => Promise<{ message: string }> }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [editing, setEditing] = useState<SwitchRow | null>(null);
  const [search, setSearch] = useState('');
  const [sort, onSort] = useSort<keyof typeof SWITCH_COLUMNS>();
  const found = useMemo(() => all.filter((row) => matchesSearch(search, row.name, row.kind)), [all, search]);
  const rows = useSortedRows(found, SWITCH_COLUMNS, sort);
  const t = useT();

  const act = async (row: SwitchRow, change: SwitchChange) => {
    setBusy(row.id);
    await runAction(() => onChange(row, change), () => setBusy(null));
  };

  return (
    <>
      <div className="bl-filters">
        <SearchBox label={t('switch.search', { what: label.toLowerCase() })} onSearch={setSearch} />
      </div>
      {rows.length === 0 ? <EmptyState>{t('switch.noSearch', { what: one })}</EmptyState> : null}
      <div className="bl-table-wrap" hidden={rows.length === 0}>
        <table className="bl-table bl-table--sticky" aria-label={label}>
          <thead>
            <tr>
              <SortHeader label={t('switch.name')} sortKey="name" sort={sort} onSort={onSort} />
              <SortHeader label={t('payments.type')} sortKey="kind" sort={sort} onSort={onSort} />
              <SortHeader label={t('clients.col.status')} sortKey="status" sort={sort} onSort={onSort} />
              <SortHeader label={t('dashboard.players')} sortKey="players" sort={sort} onSort={onSort} />
              <SortHeader label={t('sports.limits')} sortKey="maxStake" sort={sort} onSort={onSort} />
              <th scope="col">{t('clients.col.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <th scope="row">{row.name}</th>
                <td>{row.kind}</td>
                <td>
                  <span className={`bl-badge${row.status === 'open' ? '' : ' bl-badge--locked'}`}>{marketStatusLabel(row)}</span>
                </td>
                <td>{row.active ? t('switch.shown') : t('switch.hidden')}</td>
                <td>
                  {t('switch.limits', {
                    min: row.limits.minStake.toLocaleString('en-IN'),
                    max: row.limits.maxStake.toLocaleString('en-IN'),
                    profit: row.limits.maxProfit.toLocaleString('en-IN'),
                    delay: row.limits.betDelaySec,
                  })}
                </td>
                <td>
                  <div className="bl-row-actions">
                    <Button variant={row.active ? 'secondary' : 'primary'} className="bl-btn--small" disabled={busy === row.id} aria-label={row.active ? t('switch.deactivateLabel', { name: row.name }) : t('switch.activateLabel', { name: row.name })} onClick={() => void act(row, { active: !row.active })}>
                      {row.active ? t('switch.deactivate') : t('switch.activate')}
                    </Button>
                    <Button
                      variant="secondary"
                      className="bl-btn--small"
                      disabled={busy === row.id || row.status === 'closed'}
                      aria-label={row.adminSuspended ? t('switch.resumeLabel', { name: row.name }) : t('switch.suspendLabel', { name: row.name })}
                      onClick={() => void act(row, { suspended: !row.adminSuspended })}
                    >
                      {row.adminSuspended ? t('switch.resume') : t('switch.suspend')}
                    </Button>
                    <Button variant="secondary" className="bl-btn--small" disabled={busy === row.id} aria-label={t('sports.limitsOf', { name: row.name })} onClick={() => setEditing(row)}>
                      {t('sports.limits')}
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {editing ? (
        <LimitsDialog
          title={t('switch.limitsTitle', { name: editing.name })}
          limits={editing.limits}
          onClose={() => setEditing(null)}
          onSave={async (limits) => {
            const res = await onChange(editing, limits);
            notify('success', res.message);
            setEditing(null);
          }}
        />
      ) : null}
    </>
  );
}

const limitsOf = (m: MarketLimits): MarketLimits => ({ minStake: m.minStake, maxStake: m.maxStake, maxProfit: m.maxProfit, betDelaySec: m.betDelaySec });

/** A market as a row of the switch table. */
export function marketRow(m: Market): SwitchRow {
  return { id: m.marketId, name: m.name, kind: translate(`marketType.${m.type}`), status: m.status, adminSuspended: m.adminSuspended, active: m.active, limits: limitsOf(m) };
}

/** A fancy as a row of the switch table. */
export function fancyRow(f: Fancy): SwitchRow {
  return { id: f.fancyId, name: f.name, kind: f.gtype === 'session' ? translate('switch.session') : f.gtype.charAt(0).toUpperCase() + f.gtype.slice(1), status: f.status, adminSuspended: f.adminSuspended, active: f.active, limits: limitsOf(f) };
}

/** The heading and cross-links of a match's markets and fancies pages. */
export function MatchSwitchPage({ matchId, what, children }: { matchId: string; what: 'Markets' | 'Fancies'; children: ReactNode }) {
  const { sports: sportsApi } = useApis();
  const { load } = useLoad(() => sportsApi.matchById(matchId), matchId);
  const match = load.state === 'done' ? load.value : null;
  const t = useT();
  const other = what === 'Markets' ? { to: generatePath(ROUTES.adminActiveFancies.path, { matchId }), label: t('switch.fanciesOfThis') } : { to: generatePath(ROUTES.adminActiveMarkets.path, { matchId }), label: t('switch.marketsOfThis') };
  const words = what === 'Markets' ? t('matches.markets') : t('matches.fancies');
  return (
    <Page
      title={match ? (what === 'Markets' ? t('switch.marketsTitle', { match: match.name }) : t('switch.fanciesTitle', { match: match.name })) : words}
      actions={
        <div className="bl-page__links">
          <Link to={other.to}>{other.label}</Link>
          {match ? <Link to={generatePath(ROUTES.adminActiveMatches.path, { sportId: String(match.sportId) })}>{t('switch.allMatches')}</Link> : null}
        </div>
      }
    >
      {match ? <p className="bl-hint">{match.competitionName}</p> : null}
      {children}
      <BuildTag app="admin" label={__BUILD_LABEL__} />
    </Page>
  );
}

/**
 * active-markets/:matchId (admin and sadmin): every market of a match with the switch that shows
 * it to players, the admin suspension on top of the feed's, and its limits (update-market).
 */
export function ActiveMarkets() {
  const { sportsAdmin: sportsAdminApi, sports: sportsApi } = useApis();
  const matchId = useParams().matchId ?? '';
  const { load, reload } = useLoad(() => sportsApi.marketList(matchId), matchId);
  const t = useT();
  const change = async (row: SwitchRow, c: SwitchChange) => {
    try {
      return await sportsAdminApi.updateMarket({ marketId: row.id, ...c });
    } finally {
      reload();
    }
  };
  return (
    <MatchSwitchPage matchId={matchId} what="Markets">
      {load.state === 'loading' ? <Spinner label={t('switch.loadingMarkets')} /> : null}
      {load.state === 'fail' ? <EmptyState>{load.message}</EmptyState> : null}
      {load.state === 'done' && load.value.length === 0 ? <EmptyState>{t('switch.noMarkets')}</EmptyState> : null}
      {load.state === 'done' && load.value.length > 0 ? <SwitchTable label={t('matches.markets')} one={t('switch.oneMarket')} rows={load.value.map(marketRow)} onChange={change} /> : null}
    </MatchSwitchPage>
  );
}
