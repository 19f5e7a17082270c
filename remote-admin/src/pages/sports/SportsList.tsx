import { useState } from 'react';
import { Link, generatePath, useNavigate, useParams } from 'react-router';
import { BuildTag, EmptyState, Page, ROUTES, Spinner, notify, type MarketLimits, type SportAdminItem, useLoad, useApis } from '@backlay/shared';
import { LimitsDialog } from './LimitsDialog';
import { SiteStakeLimits } from './SiteStakeLimits';
import { TransactionPasswordDialog } from '../TransactionPasswordDialog';
import { Switch, runAction } from './sports-common';
import { useT } from '../../i18n';

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
  const t = useT();

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
    <Page title={t('sports.title')}>
      <p className="bl-hint">{t('sports.hint')}</p>
      {load.state === 'loading' ? <Spinner label={t('sports.loading')} /> : null}
      {load.state === 'fail' ? <EmptyState>{load.message}</EmptyState> : null}
      {load.state === 'done' ? (
        <div className="bl-table-wrap">
          <table className="bl-table bl-table--sticky" aria-label={t('sports.title')}>
            <thead>
              <tr>
                <th scope="col">{t('dashboard.sport')}</th>
                <th scope="col">{t('sports.active')}</th>
                {site ? <th scope="col">{t('sports.onThisSite')}</th> : null}
                <th scope="col" className="num">{t('limits.minStake')}</th>
                <th scope="col" className="num">{t('limits.maxStake')}</th>
                <th scope="col" className="num">{t('limits.maxProfit')}</th>
                <th scope="col" className="num">{t('limits.betDelay')}</th>
                <th scope="col">{t('clients.col.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {load.value.map((s) => (
                <tr key={s.sportId}>
                  <th scope="row">{s.name}</th>
                  <td>
                    <Switch label={t('sports.activeLabel', { name: s.name })} checked={s.active} disabled={busy === s.sportId} onChange={(next) => void toggle(s, next)} />
                  </td>
                  {site ? (
                    <td>
                      <Switch
                        label={t('sports.onSiteLabel', { name: s.name })}
                        checked={!site.sportsOff.includes(s.sportId)}
                        disabled={siteSwitching !== null}
                        onChange={(next) => setSiteSwitching({ sport: s, offered: next })}
                      />
                    </td>
                  ) : null}
                  <td className="num">{s.minStake.toLocaleString('en-IN')}</td>
                  <td className="num">{s.maxStake.toLocaleString('en-IN')}</td>
                  <td className="num">{s.maxProfit.toLocaleString('en-IN')}</td>
                  <td className="num">{t('limits.seconds', { seconds: s.betDelaySec })}</td>
                  <td>
                    <div className="bl-row-actions">
                      <Link className="bl-btn bl-btn--secondary bl-btn--small" to={generatePath(ROUTES.adminSportsList.path, { url: String(s.sportId) })} aria-label={t('sports.limitsOf', { name: s.name })}>
                        {t('sports.limits')}
                      </Link>
                      <Link className="bl-btn bl-btn--secondary bl-btn--small" to={generatePath(ROUTES.adminSeries.path, { sportId: String(s.sportId) })} aria-label={t('sports.seriesOf', { name: s.name })}>
                        {t('series.series')}
                      </Link>
                      <Link className="bl-btn bl-btn--secondary bl-btn--small" to={generatePath(ROUTES.adminActiveMatches.path, { sportId: String(s.sportId) })} aria-label={t('sports.matchesOf', { name: s.name })}>
                        {t('series.matches')}
                      </Link>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {load.state === 'done' && load.value.length === 0 ? <EmptyState>{t('sports.none')}</EmptyState> : null}
      <SiteStakeLimits />
      {editing ? <LimitsDialog
          title={t('sports.defaultLimits', { name: editing.name })}
          limits={editing}
          note={t('sports.defaultLimitsNote')}
          onClose={closeEditor} onSave={(limits) => saveLimits(editing, limits)} /> : null}
      {siteSwitching && site ? (
        <TransactionPasswordDialog
          title={siteSwitching.offered ? t('sports.offerTitle', { name: siteSwitching.sport.name }) : t('sports.hideTitle', { name: siteSwitching.sport.name })}
          action={siteSwitching.offered ? t('sports.offer') : t('sports.hide')}
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
            {siteSwitching.offered ? t('sports.offerHint') : t('sports.hideHint')}
          </p>
        </TransactionPasswordDialog>
      ) : null}
      <BuildTag app="admin" label={__BUILD_LABEL__} />
    </Page>
  );
}
