import { useState } from 'react';
import { Link, generatePath, useNavigate, useParams } from 'react-router';
import { BuildTag, EmptyState, Page, ROUTES, Spinner, notify, type MarketLimits, type SportAdminItem, useLoad, useApis } from '@backlay/shared';
import { LimitsDialog } from './LimitsDialog';
import { SiteStakeLimits } from './SiteStakeLimits';
import { TransactionPasswordDialog } from '../TransactionPasswordDialog';
import { Switch, runAction } from './sports-common';

/**
 * sports-list/:url? (admin and sadmin): every sport with its active switch and the default limits
 * new markets and fancies get (save-sport-settings), with links to the sport's feed competitions
 * (series) and its imported matches (active-matches). The optional `url` segment is a sport id
 * whose limits editor opens at once (a link straight to "edit cricket's limits"). "On this site"
 * switches a sport off for the players of the site signed in on only (save-site-sports, with the
 * transaction password; ADR 0074 "Content per site"); under the table, the site's own stake
 * limits for its players (save-site-limits, SiteStakeLimits.tsx).
 */
export function SportsList() {
  const { sportsAdmin: sportsAdminApi } = useApis();
  const { url } = useParams();
  const navigate = useNavigate();
  const { load, reload } = useLoad(() => sportsAdminApi.sports(), 'sports');
  const [busy, setBusy] = useState<number | null>(null);
  // What this site (the one signed in on) switched off for its own players.
  const { load: siteLoad, reload: reloadSite } = useLoad(() => sportsAdminApi.siteSports(), 'site-sports');
  const site = siteLoad.state === 'done' ? siteLoad.value : null;
  const [siteSwitching, setSiteSwitching] = useState<{ sport: SportAdminItem; offered: boolean } | null>(null);
  const siteDone = () => {
    setSiteSwitching(null);
    reloadSite();
  };
  const editing = url !== undefined && load.state === 'done' ? load.value.find((s) => String(s.sportId) === url) ?? null : null;
  const closeEditor = () => navigate(generatePath(ROUTES.adminSportsList.path, {}));

  const toggle = async (sport: SportAdminItem, active: boolean) => {
    setBusy(sport.sportId);
    const { name: _name, ...settings } = sport;
    await runAction(() => sportsAdminApi.saveSportSettings({ ...settings, active }), () => {
      setBusy(null);
      reload();
    });
  };

  const saveLimits = async (sport: SportAdminItem, limits: MarketLimits) => {
    const res = await sportsAdminApi.saveSportSettings({ sportId: sport.sportId, active: sport.active, ...limits });
    notify('success', res.message);
    closeEditor();
    reload();
  };

  return (
    <Page title="Sports">
      <p className="bl-hint">A sport that is off is hidden from players; one off on this site only from this site's players. New markets and fancies of a sport start with its default limits.</p>
      {load.state === 'loading' ? <Spinner label="Loading sports" /> : null}
      {load.state === 'fail' ? <EmptyState>{load.message}</EmptyState> : null}
      {load.state === 'done' ? (
        <div className="bl-table-wrap">
          <table className="bl-table bl-table--sticky" aria-label="Sports">
            <thead>
              <tr>
                <th scope="col">Sport</th>
                <th scope="col">Active</th>
                {site ? <th scope="col">On this site</th> : null}
                <th scope="col" className="num">Min stake</th>
                <th scope="col" className="num">Max stake</th>
                <th scope="col" className="num">Max profit</th>
                <th scope="col" className="num">Bet delay</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {load.value.map((s) => (
                <tr key={s.sportId}>
                  <th scope="row">{s.name}</th>
                  <td>
                    <Switch label={`${s.name} active`} checked={s.active} disabled={busy === s.sportId} onChange={(next) => void toggle(s, next)} />
                  </td>
                  {site ? (
                    <td>
                      <Switch
                        label={`${s.name} on this site`}
                        checked={!site.sportsOff.includes(s.sportId)}
                        disabled={siteSwitching !== null}
                        onChange={(next) => setSiteSwitching({ sport: s, offered: next })}
                      />
                    </td>
                  ) : null}
                  <td className="num">{s.minStake.toLocaleString('en-IN')}</td>
                  <td className="num">{s.maxStake.toLocaleString('en-IN')}</td>
                  <td className="num">{s.maxProfit.toLocaleString('en-IN')}</td>
                  <td className="num">{s.betDelaySec} s</td>
                  <td>
                    <div className="bl-row-actions">
                      <Link className="bl-btn bl-btn--secondary bl-btn--small" to={generatePath(ROUTES.adminSportsList.path, { url: String(s.sportId) })} aria-label={`Limits of ${s.name}`}>
                        Limits
                      </Link>
                      <Link className="bl-btn bl-btn--secondary bl-btn--small" to={generatePath(ROUTES.adminSeries.path, { sportId: String(s.sportId) })} aria-label={`Series of ${s.name}`}>
                        Series
                      </Link>
                      <Link className="bl-btn bl-btn--secondary bl-btn--small" to={generatePath(ROUTES.adminActiveMatches.path, { sportId: String(s.sportId) })} aria-label={`Matches of ${s.name}`}>
                        Matches
                      </Link>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {load.state === 'done' && load.value.length === 0 ? <EmptyState>No sports.</EmptyState> : null}
      <SiteStakeLimits />
      {editing ? <LimitsDialog
          title={`Default limits: ${editing.name}`}
          limits={editing}
          note="New markets take these limits. The bet delay applies to match odds and the other exchange markets; bookmaker markets and fancies start with none."
          onClose={closeEditor} onSave={(limits) => saveLimits(editing, limits)} /> : null}
      {siteSwitching && site ? (
        <TransactionPasswordDialog
          title={`${siteSwitching.offered ? 'Offer' : 'Hide'} ${siteSwitching.sport.name} on this site`}
          action={siteSwitching.offered ? 'Offer' : 'Hide'}
          onConfirm={(transactionPassword) =>
            sportsAdminApi.saveSiteSports({
              siteId: site.siteId,
              sportsOff: siteSwitching.offered ? site.sportsOff.filter((id) => id !== siteSwitching.sport.sportId) : [...site.sportsOff, siteSwitching.sport.sportId],
              transactionPassword,
            })
          }
          onClose={() => setSiteSwitching(null)}
          onDone={siteDone}
        >
          <p className="bl-hint">
            {siteSwitching.offered
              ? "This site's players see the sport again and can bet on it."
              : "This site's players no longer see the sport, and their bets on it are refused. Other sites keep it."}
          </p>
        </TransactionPasswordDialog>
      ) : null}
      <BuildTag app="admin" label={__BUILD_LABEL__} />
    </Page>
  );
}
