import { useEffect, useMemo, useState } from 'react';
import { generatePath, useNavigate, useParams, useSearchParams } from 'react-router';
import moment from 'moment';
import {
  BuildTag,
  Button,
  EmptyState,
  Page,
  ROUTES,
  SelectField,
  Spinner,
  TextField,
  useLoad,
  useApis,
  type CasinoResultsResponse,
  type CasinoRoundRecord,
  formatDateTimeSeconds,
} from '@backlay/shared';
import { Pager, ReportTable, type ReportColumn } from '@backlay/shared/reports';
import { resultName } from '../format';
import { useT, type CasinoT } from '../i18n';
import { tileTitle } from '../list/categories';
import { PlayingCard } from '../ui/PlayingCard';
import { VerifyDialog } from '../verify/lazy-verify';
import { recordCards, recordProof } from './RoundCard';

/** The day the results open on: today (UTC, as the API keeps rounds). */
export function todayUtc(now = moment()): string {
  return now.clone().utc().format('YYYY-MM-DD');
}

/**
 * The Verify view of a settled round of the list, with the round's cards by hand as the server
 * keeps them (html-cards), shown beside the recomputed deal once they arrive.
 */
function RecordVerify({ record, onClose }: { record: CasinoRoundRecord; onClose: () => void }) {
  const { casino: casinoApi } = useApis();
  const { load } = useLoad(() => casinoApi.roundCards(record.mid, record.gameCode), record.mid);
  const hands = load.state === 'done' ? load.value.hands : undefined;
  const proof = useMemo(() => recordProof(record, hands), [record, hands]);
  return <VerifyDialog proof={proof} onClose={onClose} />;
}

/** A round's row; on a phone card its result leads (Void for a voided round), its Verify button after. */
function resultColumns(t: CasinoT, verify: (record: CasinoRoundRecord) => void): readonly ReportColumn<CasinoRoundRecord>[] {
  return [
    { name: t('resultsPage.round'), rowHeader: true, cell: (r) => r.roundId },
    { name: t('resultsPage.result'), lead: 'start', cell: (r) => (r.status === 'VOID' ? <span className="bl-badge bl-badge--void">{t('void')}</span> : resultName(r)) },
    {
      name: t('resultsPage.cards'),
      className: 'bl-cards-cell',
      cell: (r) => recordCards(r).map((c, i) => <PlayingCard key={i} code={c} />),
    },
    {
      name: t('verify.button'),
      cell: (r) =>
        r.status === 'SETTLED' && r.serverSeed ? (
          <Button variant="secondary" className="bl-btn--small" aria-label={t('verify.round', { roundId: r.roundId })} onClick={() => verify(r)}>
            {t('verify.button')}
          </Button>
        ) : (
          <span className="bl-muted">{r.voidReason ?? ''}</span>
        ),
    },
    { name: t('resultsPage.settled'), cell: (r) => formatDateTimeSeconds(r.settledAt) },
  ];
}

/** Without a table in the path: a choice of the tables, which opens /casino/result/{matchId}. */
function TablePicker() {
  const t = useT();
  const { casino: casinoApi } = useApis();
  const navigate = useNavigate();
  const { load } = useLoad(() => casinoApi.games());
  // Every table, a disabled one too: its settled rounds stay history anyone may check.
  const games = load.state === 'done' ? load.value : [];
  return (
    <>
      {load.state === 'loading' ? <Spinner label={t('resultsPage.loadingTables')} /> : null}
      {load.state === 'fail' ? <EmptyState>{t('resultsPage.tablesFailed', { message: load.message })}</EmptyState> : null}
      {load.state === 'done' ? (
        <div className="bl-filters">
          <SelectField
            label={t('resultsPage.table')}
            value=""
            options={[{ value: '', label: t('resultsPage.chooseTable') }, ...games.map((g) => ({ value: g.matchId, label: tileTitle(g, t) }))]}
            onChange={(e) => {
              if (e.target.value) navigate(generatePath(ROUTES.casinoResult.path, { matchId: e.target.value }));
            }}
          />
        </div>
      ) : null}
    </>
  );
}

/**
 * /casino/result/{matchId}: the settled and voided rounds of a table on one day (today by
 * default), newest first, a page at a time, optionally one round (`?roundId=`, as the last-results
 * strip links it): each with its time, result and cards, and for a settled round a Verify button
 * that recomputes it in the browser from its revealed seed.
 */
export function CasinoResults() {
  const t = useT();
  const { casino: casinoApi } = useApis();
  const { matchId } = useParams();
  const [search, setSearch] = useSearchParams();
  const [day, setDay] = useState(() => search.get('date') ?? todayUtc());
  const [roundId, setRoundId] = useState(() => search.get('roundId') ?? '');
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [day, roundId, matchId]);

  const query = { filter_date: day || undefined, roundId: roundId.trim() || undefined, page };
  const { load } = useLoad<CasinoResultsResponse | null>(() => (matchId ? casinoApi.results(matchId, query) : Promise.resolve(null)), JSON.stringify([matchId, query]));
  const data = load.state === 'done' ? load.value : null;
  const table = useLoad(() => (matchId ? casinoApi.table(matchId) : Promise.resolve(null)), matchId ?? '');
  const title = table.load.state === 'done' && table.load.value ? t('resultsPage.title', { table: table.load.value.title }) : t('resultsPage.defaultTitle');
  const [verifying, setVerifying] = useState<CasinoRoundRecord | null>(null);

  return (
    <Page title={title}>
      {!matchId ? <TablePicker /> : null}
      {matchId ? (
        <div className="bl-filters">
          <TextField label={t('resultsPage.date')} type="date" value={day} onChange={(e) => setDay(e.target.value)} />
          <TextField label={t('resultsPage.roundId')} value={roundId} autoComplete="off" onChange={(e) => setRoundId(e.target.value)} />
          {roundId ? (
            <Button
              variant="secondary"
              className="bl-btn--small"
              onClick={() => {
                setRoundId('');
                search.delete('roundId');
                setSearch(search, { replace: true });
              }}
            >
              {t('resultsPage.allRounds')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {matchId && load.state === 'loading' ? <Spinner label={t('resultsPage.loading')} /> : null}
      {load.state === 'fail' ? <EmptyState>{t('resultsPage.failed', { message: load.message })}</EmptyState> : null}
      {data && data.rounds.length === 0 ? <EmptyState>{t('resultsPage.empty')}</EmptyState> : null}
      {data && data.rounds.length > 0 ? (
        <>
          <ReportTable label={t('resultsPage.table.label')} columns={resultColumns(t, setVerifying)} rows={data.rounds} rowKey={(r) => r.roundId} />
          <Pager page={data.page} pageSize={1} total={data.totalPages} onPage={setPage} label={t('resultsPage.pages')} />
        </>
      ) : null}
      {verifying ? <RecordVerify record={verifying} onClose={() => setVerifying(null)} /> : null}
      <BuildTag app="casino" label={__BUILD_LABEL__} />
    </Page>
  );
}
