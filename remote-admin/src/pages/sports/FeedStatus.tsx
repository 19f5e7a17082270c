import { useEffect } from 'react';
import { BuildTag, Button, EmptyState, Page, Spinner, useLoad, useApis, type FeedStatus as FeedStatusData } from '@backlay/shared';

/** How often the page asks again on its own. */
export const FEED_STATUS_REFRESH_MS = 5_000;

const STALE_WORDS: Record<NonNullable<FeedStatusData['stale']>, string> = {
  silent: 'Silent past its staleness',
  disconnected: 'Disconnected',
  reconnected: 'Reconnected: waiting for fresh prices',
  lagging: 'Running late: prices arrive after the staleness',
};

const seconds = (value: number | null) => (value === null ? '—' : `${value.toFixed(1)} s`);
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
  return (
    <Page
      title="Feed status"
      actions={
        <Button variant="secondary" onClick={reload}>
          Refresh
        </Button>
      }
    >
      {load.state === 'loading' ? <Spinner label="Loading the feed status" /> : null}
      {load.state === 'fail' ? <EmptyState>{load.message}</EmptyState> : null}
      {load.state === 'done' ? <FeedStatusView status={load.value} /> : null}
      <BuildTag app="admin" label={__BUILD_LABEL__} />
    </Page>
  );
}

function FeedStatusView({ status }: { status: FeedStatusData }) {
  const m = status.markets;
  return (
    <>
      <dl className="bl-facts" aria-label="Connection">
        <dt>Provider</dt>
        <dd>{status.provider}</dd>
        <dt>Connection</dt>
        <dd>
          {status.connected === null ? (
            'The feed has not run yet'
          ) : (
            <span className={`bl-badge ${status.connected ? 'bl-badge--match' : 'bl-badge--mismatch'}`}>{status.connected ? 'Connected' : 'Not connected'}</span>
          )}
        </dd>
        <dt>Prices</dt>
        <dd>
          {status.checkedAt === null ? (
            '—'
          ) : (
            <span className={`bl-badge ${status.stale === null ? 'bl-badge--match' : 'bl-badge--mismatch'}`}>
              {status.stale === null ? 'Fresh' : STALE_WORDS[status.stale]}
            </span>
          )}
        </dd>
        <dt>Last message</dt>
        <dd>
          {status.lastMessageAgeSec === null ? '—' : `${seconds(status.lastMessageAgeSec)} ago`} (stale after {seconds(status.staleAfterSec)})
        </dd>
        <dt>Lag</dt>
        <dd>{status.lagMs === null ? '—' : `${status.lagMs} ms`}</dd>
        <dt>Reconnects</dt>
        <dd>{count(status.reconnects)}</dd>
        <dt>Markets subscribed</dt>
        <dd>{count(status.marketsSubscribed)}</dd>
        <dt>Stale suspensions</dt>
        <dd>{status.staleSuspensions}</dd>
        {status.lastError ? (
          <>
            <dt>Last error</dt>
            <dd>{status.lastError}</dd>
          </>
        ) : null}
        <dt>Checked</dt>
        <dd>{status.checkedAt === null ? 'Never' : new Date(status.checkedAt).toLocaleString()}</dd>
      </dl>
      <div className="bl-table-wrap">
        <table className="bl-table" aria-label="Markets by status">
          <thead>
            <tr>
              <th scope="col">Status</th>
              <th scope="col">Markets and fancies</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">Open</th>
              <td>{m.open}</td>
            </tr>
            <tr>
              <th scope="row">Suspended</th>
              <td>{m.suspended}</td>
            </tr>
            <tr>
              <th scope="row">Suspended: feed stale</th>
              <td>{m.heldStale}</td>
            </tr>
            <tr>
              <th scope="row">Suspended: turned in play</th>
              <td>{m.heldInPlay}</td>
            </tr>
            <tr>
              <th scope="row">Ball running</th>
              <td>{m.ballRunning}</td>
            </tr>
            <tr>
              <th scope="row">Closed</th>
              <td>{m.closed}</td>
            </tr>
            <tr>
              <th scope="row">Suspended by an admin</th>
              <td>{m.adminSuspended}</td>
            </tr>
          </tbody>
        </table>
      </div>
      <p>
        A market the feed left stale reopens only on a fresh price for it; an admin&apos;s suspension stays until an admin lifts it.
      </p>
    </>
  );
}
