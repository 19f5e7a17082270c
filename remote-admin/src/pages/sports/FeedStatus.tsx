import { useEffect } from 'react';
import { BuildTag, Button, EmptyState, Page, Spinner, useLoad, useApis, type FeedStatus as FeedStatusData } from '@backlay/shared';
import { t as translate, useT } from '../../i18n';

/** How often the page asks again on its own. */
export const FEED_STATUS_REFRESH_MS = 5_000;

const seconds = (value: number | null) => (value === null ? '—' : translate('limits.seconds', { seconds: value.toFixed(1) }));
const count = (value: number | null) => (value === null ? '—' : String(value));

/**
 * /admin/feed-status (admin, sadmin; issue 30, ADR 0039): the odds feed's health — the provider,
 * connected or not, how long since its last message (against its staleness), reconnects, markets
 * subscribed and lag — and the feed's markets by status, with those the ingest holds suspended
 * because the feed went stale or because they turned in play on pre-match prices. Asks again every
 * 5 s.
 */
export function FeedStatus() {
  const { sportsAdmin: sportsAdminApi } = useApis();
  const { load, reload } = useLoad(() => sportsAdminApi.feedStatus());
  useEffect(() => {
    const timer = setInterval(reload, FEED_STATUS_REFRESH_MS);
    return () => clearInterval(timer);
  }, [reload]);
  const t = useT();
  return (
    <Page
      title={t('feedStatus.title')}
      actions={
        <Button variant="secondary" onClick={reload}>
          {t('common.refresh')}
        </Button>
      }
    >
      {load.state === 'loading' ? <Spinner label={t('feedStatus.loading')} /> : null}
      {load.state === 'fail' ? <EmptyState>{load.message}</EmptyState> : null}
      {load.state === 'done' ? <FeedStatusView status={load.value} /> : null}
      <BuildTag app="admin" label={__BUILD_LABEL__} />
    </Page>
  );
}

function FeedStatusView({ status }: { status: FeedStatusData }) {
  const m = status.markets;
  const t = useT();
  return (
    <>
      <dl className="bl-facts" aria-label={t('feedStatus.connection')}>
        <dt>{t('feedStatus.provider')}</dt>
        <dd>{status.provider}</dd>
        <dt>{t('feedStatus.connection')}</dt>
        <dd>
          {status.connected === null ? (
            t('feedStatus.notRun')
          ) : (
            <span className={`bl-badge ${status.connected ? 'bl-badge--match' : 'bl-badge--mismatch'}`}>{status.connected ? t('feedStatus.connected') : t('feedStatus.notConnected')}</span>
          )}
        </dd>
        <dt>{t('feedStatus.prices')}</dt>
        <dd>
          {status.checkedAt === null ? (
            '—'
          ) : (
            <span className={`bl-badge ${status.stale === null ? 'bl-badge--match' : 'bl-badge--mismatch'}`}>
              {status.stale === null ? t('feedStatus.fresh') : t(`feedStatus.stale.${status.stale}`)}
            </span>
          )}
        </dd>
        <dt>{t('feedStatus.lastMessage')}</dt>
        <dd>
          {status.lastMessageAgeSec === null ? '—' : t('feedStatus.ago', { age: seconds(status.lastMessageAgeSec) })} {t('feedStatus.staleAfter', { age: seconds(status.staleAfterSec) })}
        </dd>
        <dt>{t('feedStatus.lag')}</dt>
        <dd>{status.lagMs === null ? '—' : t('feedStatus.ms', { ms: status.lagMs })}</dd>
        <dt>{t('feedStatus.reconnects')}</dt>
        <dd>{count(status.reconnects)}</dd>
        <dt>{t('feedStatus.subscribed')}</dt>
        <dd>{count(status.marketsSubscribed)}</dd>
        <dt>{t('feedStatus.staleSuspensions')}</dt>
        <dd>{status.staleSuspensions}</dd>
        {status.lastError ? (
          <>
            <dt>{t('feedStatus.lastError')}</dt>
            <dd>{status.lastError}</dd>
          </>
        ) : null}
        <dt>{t('feedStatus.checked')}</dt>
        <dd>{status.checkedAt === null ? t('feedStatus.never') : new Date(status.checkedAt).toLocaleString()}</dd>
      </dl>
      <div className="bl-table-wrap">
        <table className="bl-table" aria-label={t('feedStatus.byStatus')}>
          <thead>
            <tr>
              <th scope="col">{t('clients.col.status')}</th>
              <th scope="col">{t('feedStatus.marketsAndFancies')}</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">{t('feedStatus.open')}</th>
              <td>{m.open}</td>
            </tr>
            <tr>
              <th scope="row">{t('feedStatus.suspended')}</th>
              <td>{m.suspended}</td>
            </tr>
            <tr>
              <th scope="row">{t('feedStatus.heldStale')}</th>
              <td>{m.heldStale}</td>
            </tr>
            <tr>
              <th scope="row">{t('feedStatus.heldInPlay')}</th>
              <td>{m.heldInPlay}</td>
            </tr>
            <tr>
              <th scope="row">{t('feedStatus.ballRunning')}</th>
              <td>{m.ballRunning}</td>
            </tr>
            <tr>
              <th scope="row">{t('feedStatus.closed')}</th>
              <td>{m.closed}</td>
            </tr>
            <tr>
              <th scope="row">{t('feedStatus.adminSuspended')}</th>
              <td>{m.adminSuspended}</td>
            </tr>
          </tbody>
        </table>
      </div>
      <p>{t('feedStatus.note')}</p>
    </>
  );
}
