import { useState, type ReactNode } from 'react';
import { BuildTag, Button, EmptyState, Page, Spinner, TextField, useLoad, useObservable, user$, useApis, type CasinoIntNewSecret, type CasinoIntProviderAdminView } from '@backlay/shared';
import { SortHeader, useSort, useSortedRows, type SortColumn } from '@backlay/shared/sortable';
import { Switch, runAction } from '../sports/sports-common';
import { TransactionPasswordDialog } from '../TransactionPasswordDialog';
import { useT } from '../../i18n';

type ProviderGame = CasinoIntProviderAdminView['games'][number];

/** The columns a provider's games sort by in the browser (every game of the provider is listed). */
const GAME_COLUMNS = {
  name: { kind: 'text', value: (g) => g.name },
  category: { kind: 'text', value: (g) => `${g.category} / ${g.subCategory}` },
  maxMultiplier: { kind: 'number', value: (g) => Number(g.maxMultiplier) },
  enabled: { kind: 'number', value: (g) => (g.enabled ? 1 : 0) },
} as const satisfies Record<string, SortColumn<ProviderGame>>;

/** A provider's games under sortable headers; `row` draws one game. */
function GamesTable({ provider, row }: { provider: CasinoIntProviderAdminView; row: (g: ProviderGame) => ReactNode }) {
  const [sort, onSort] = useSort<keyof typeof GAME_COLUMNS>();
  const games = useSortedRows(provider.games, GAME_COLUMNS, sort);
  const header = { sort, onSort };
  const t = useT();
  return (
    <div className="bl-table-wrap">
      <table className="bl-table" aria-label={t('providers.gamesOf', { name: provider.name })}>
        <thead>
          <tr>
            <SortHeader label={t('dashboard.game')} sortKey="name" {...header} />
            <SortHeader label={t('tables.category')} sortKey="category" {...header} />
            <SortHeader label={t('providers.maxPayout')} sortKey="maxMultiplier" {...header} />
            <SortHeader label={t('tables.enabled')} sortKey="enabled" {...header} />
          </tr>
        </thead>
        <tbody>{games.map(row)}</tbody>
      </table>
    </div>
  );
}

/**
 * /admin/casino-int/providers (admin, sadmin): the international casino's providers (ADR 0020):
 * each with its partner id, launch URL, clearing balance and an on/off switch; its active secrets
 * (only their last four characters) with Rotate (a new secret, shown here once, while the previous
 * one stays active until retired) and Retire, for the Super Admin only (the API refuses anyone
 * else, issue 29); and its games, each with its maximum payout multiplier and a switch.
 */
export function CasinoIntProviders() {
  const { casinoInt: casinoIntApi, casino: casinoApi } = useApis();
  const { load, reload } = useLoad(() => casinoIntApi.adminProviders());
  // What this site (the one signed in on) switched off for its own players (ADR 0074 "Content per site").
  const { load: siteLoad, reload: reloadSite } = useLoad(() => casinoApi.siteSwitches(), 'site-casino');
  const site = siteLoad.state === 'done' ? siteLoad.value : null;
  const [siteSwitching, setSiteSwitching] = useState<{ provider: CasinoIntProviderAdminView; offered: boolean } | null>(null);
  // Only the Super Admin (role admin) holds the providers' keys.
  const keyHolder = useObservable(user$, null)?.role === 'admin';
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<CasinoIntNewSecret | null>(null);
  const t = useT();
  const act = (action: () => Promise<{ message: string }>) => {
    setBusy(true);
    void runAction(action, () => {
      setBusy(false);
      reload();
    });
  };
  const rotate = (provider: CasinoIntProviderAdminView) =>
    act(async () => {
      const res = await casinoIntApi.rotateSecret(provider.id);
      setShown(res.data);
      return res;
    });
  return (
    <Page title={t('providers.title')}>
      {shown ? (
        <div className="bl-security__section" role="status" aria-label={t('providers.newSecret')}>
          <p className="bl-hint">
            {t('providers.newSecretHint.before')}
            <strong>{shown.providerId}</strong>
            {t('providers.newSecretHint.after')}
          </p>
          <TextField label={t('providers.secretOf', { provider: shown.providerId })} readOnly value={shown.secret} onFocus={(e) => e.target.select()} />
          <Button variant="secondary" onClick={() => setShown(null)}>
            {t('providers.done')}
          </Button>
        </div>
      ) : null}
      {load.state === 'loading' ? <Spinner label={t('providers.loading')} /> : null}
      {load.state === 'fail' ? <EmptyState>{t('providers.loadFailed', { message: load.message })}</EmptyState> : null}
      {load.state === 'done' && load.value.length === 0 ? <EmptyState>{t('providers.none')}</EmptyState> : null}
      {load.state === 'done'
        ? load.value.map((p) => (
            <section key={p.id} className="bl-security__section" aria-label={t('providers.provider', { name: p.name })}>
              <h2 className="bl-section-title">
                {p.name} <small className="bl-muted">{p.id}</small>
              </h2>
              <dl className="bl-facts">
                <dt>{t('providers.partnerId')}</dt>
                <dd>{p.partnerId}</dd>
                <dt>{t('providers.launchUrl')}</dt>
                <dd>{p.seamless ? p.launchUrl : t('providers.ownExchange')}</dd>
                <dt>{t('providers.currencies')}</dt>
                <dd>{p.currencies.join(', ')}</dd>
                <dt>{t('providers.clearingBalance')}</dt>
                <dd>₹{p.clearingBalance}</dd>
              </dl>
              <Switch label={t('tables.enabledLabel', { name: p.name })} checked={p.enabled} disabled={busy} onChange={(next) => act(() => casinoIntApi.setProviderEnabled(p.id, next))} />
              {site ? (
                <Switch
                  label={t('sports.onSiteLabel', { name: p.name })}
                  checked={!site.providersOff.includes(p.id)}
                  disabled={siteSwitching !== null}
                  onChange={(next) => setSiteSwitching({ provider: p, offered: next })}
                />
              ) : null}
              {p.seamless ? (
                <div className="bl-table-wrap">
                  <table className="bl-table" aria-label={t('providers.secretsOf', { name: p.name })}>
                    <thead>
                      <tr>
                        <th scope="col">{t('providers.secret')}</th>
                        <th scope="col">{t('providers.created')}</th>
                        {keyHolder ? <th scope="col">{t('providers.action')}</th> : null}
                      </tr>
                    </thead>
                    <tbody>
                      {p.secrets.map((s) => (
                        <tr key={s.id}>
                          <th scope="row">…{s.hint}</th>
                          <td>{new Date(s.createdAt).toLocaleString()}</td>
                          {keyHolder ? (
                            <td>
                              <Button
                                variant="secondary"
                                className="bl-btn--small"
                                disabled={busy || p.secrets.length < 2}
                                onClick={() => act(() => casinoIntApi.retireSecret(p.id, s.id))}
                                aria-label={t('providers.retireLabel', { hint: s.hint })}
                              >
                                {t('providers.retire')}
                              </Button>
                            </td>
                          ) : null}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                  {keyHolder ? (
                    <Button variant="secondary" disabled={busy || p.secrets.length >= 2} onClick={() => rotate(p)}>
                      {t('providers.rotate', { name: p.name })}
                    </Button>
                  ) : (
                    <p className="bl-hint">{t('providers.onlySuperAdmin')}</p>
                  )}
                </div>
              ) : null}
              <GamesTable
                provider={p}
                row={(g) => (
                  <tr key={g.identifier}>
                    <th scope="row">
                      {g.name} <small className="bl-muted">{g.code}</small>
                    </th>
                    <td>
                      {g.category} / {g.subCategory}
                    </td>
                    <td>{formatMultiplier(g.maxMultiplier)}</td>
                    <td>
                      <Switch
                        label={t('providers.gameEnabledLabel', { game: g.name, provider: p.name })}
                        checked={g.enabled}
                        disabled={busy}
                        onChange={(next) => act(() => casinoIntApi.setGameEnabled(g.identifier, next))}
                      />
                    </td>
                  </tr>
                )}
              />
            </section>
          ))
        : null}
      {siteSwitching && site ? (
        <TransactionPasswordDialog
          title={siteSwitching.offered ? t('sports.offerTitle', { name: siteSwitching.provider.name }) : t('sports.hideTitle', { name: siteSwitching.provider.name })}
          action={siteSwitching.offered ? t('sports.offer') : t('sports.hide')}
          onConfirm={(transactionPassword) =>
            casinoApi.saveSiteSwitches({
              siteId: site.siteId,
              tablesOff: site.tablesOff,
              providersOff: siteSwitching.offered ? site.providersOff.filter((id) => id !== siteSwitching.provider.id) : [...site.providersOff, siteSwitching.provider.id],
              transactionPassword,
            })
          }
          onClose={() => setSiteSwitching(null)}
          onDone={() => {
            setSiteSwitching(null);
            reloadSite();
          }}
        >
          <p className="bl-hint">
            {siteSwitching.offered ? t('providers.offerHint') : t('providers.hideHint')}
          </p>
        </TransactionPasswordDialog>
      ) : null}
      <BuildTag app="admin" label={__BUILD_LABEL__} />
    </Page>
  );
}

/** "5148297.00" → "5,148,297×", "2.50" → "2.5×": the game's maximum payout multiplier. */
function formatMultiplier(value: string): string {
  const [whole = '0', cents = '00'] = value.split('.');
  const decimals = cents.replace(/0+$/, '');
  return `${whole.replace(/\B(?=(\d{3})+$)/g, ',')}${decimals ? `.${decimals}` : ''}×`;
}
