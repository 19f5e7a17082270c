import { useEffect, useState } from 'react';
import { BET_LIST_PAGE_SIZE, BuildTag, EmptyState, Page, Spinner, on, useLoad, ALL_SPORTS, sportIdOf, useApis } from '@backlay/shared';
import { Pager } from '@backlay/shared/reports';
import { ExportActions } from '@backlay/shared/exports';
import { BetTable } from '../bets/BetTable';
import { SportSelect } from '../bets/filters';
import { useT } from '../i18n';

/**
 * /unsettledbet: the player's open (matched, not yet settled) bets of every match, newest
 * first, optionally of one sport, a page at a time. It reloads when the wallet moves (a bet
 * settles or is voided).
 */
export function UnsettledBets() {
  const t = useT();
  const { bets: betsApi } = useApis();
  const [sport, setSport] = useState(ALL_SPORTS);
  const [page, setPage] = useState(1);
  const query = { sportId: sportIdOf(sport), page, pageSize: BET_LIST_PAGE_SIZE };
  const { load, reload } = useLoad(() => betsApi.unsettledBets(query), JSON.stringify(query));

  useEffect(() => {
    const sub = on('wallet.balanceChanged').subscribe(() => reload());
    return () => sub.unsubscribe();
  }, [reload]);

  const result = load.state === 'done' ? load.value : null;
  return (
    <Page title={t('unsettled.title')}>
      <div className="bl-filters">
        <SportSelect
          value={sport}
          onChange={(value) => {
            setSport(value);
            setPage(1);
          }}
        />
      </div>
      <ExportActions report="unsettled-bets" filters={{ sportId: query.sportId }} title={t('unsettled.title')} />
      {load.state === 'loading' ? <Spinner label={t('unsettled.loading')} /> : null}
      {load.state === 'fail' ? <EmptyState>{t('unsettled.failed', { message: load.message })}</EmptyState> : null}
      {result ? (
        <>
          <BetTable rows={result.rows} label={t('unsettled.table')} />
          {result.total > 0 ? <Pager page={result.page} pageSize={result.pageSize} total={result.total} onPage={setPage} label={t('unsettled.pages')} /> : null}
        </>
      ) : null}
      <BuildTag app="sports" label={__BUILD_LABEL__} />
    </Page>
  );
}
