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
function resultColumns(verify: (record: CasinoRoundRecord) => void): readonly ReportColumn<CasinoRoundRecord>[] {
  return [
    { name: 'Round', rowHeader: true, cell: (r) => r.roundId },
    { name: 'Result', lead: 'start', cell: (r) => (r.status === 'VOID' ? <span className="bl-badge bl-badge--void">Void</span> : resultName(r)) },
    {
      name: 'Cards',
      className: 'bl-cards-cell',
      cell: (r) => recordCards(r).map((c, i) => <PlayingCard key={i} code={c} />),
    },
    {
      name: 'Verify',
      cell: (r) =>
        r.status === 'SETTLED' && r.serverSeed ? (
          <Button variant="secondary" className="bl-btn--small" aria-label={`Verify round ${r.roundId}`} onClick={() => verify(r)}>
            Verify
          </Button>
        ) : (
          <span className="bl-muted">{r.voidReason ?? ''}</span>
        ),
    },
    { name: 'Settled', cell: (r) => formatDateTimeSeconds(r.settledAt) },
  ];
}

/** Without a table in the path: a choice of the tables, which opens /casino/result/{matchId}. */
function TablePicker() {
  const { casino: casinoApi } = useApis();
  const navigate = useNavigate();
  const { load } = useLoad(() => casinoApi.games());
  // Every table, a disabled one too: its settled rounds stay history anyone may check.
  const games = load.state === 'done' ? load.value : [];
  return (
    <>
      {load.state === 'loading' ? <Spinner label="Loading the tables" /> : null}
      {load.state === 'fail' ? <EmptyState>The tables could not be loaded: {load.message}</EmptyState> : null}
      {load.state === 'done' ? (
        <div className="bl-filters">
          <SelectField
            label="Table"
            value=""
            options={[{ value: '', label: 'Choose a table' }, ...games.map((g) => ({ value: g.matchId, label: g.title || 'Untitled Game' }))]}
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
  const title = table.load.state === 'done' && table.load.value ? `${table.load.value.title} results` : 'Casino results';
  const [verifying, setVerifying] = useState<CasinoRoundRecord | null>(null);

  return (
    <Page title={title}>
      {!matchId ? <TablePicker /> : null}
      {matchId ? (
        <div className="bl-filters">
          <TextField label="Date" type="date" value={day} onChange={(e) => setDay(e.target.value)} />
          <TextField label="Round id" value={roundId} autoComplete="off" onChange={(e) => setRoundId(e.target.value)} />
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
              All rounds
            </Button>
          ) : null}
        </div>
      ) : null}
      {matchId && load.state === 'loading' ? <Spinner label="Loading results" /> : null}
      {load.state === 'fail' ? <EmptyState>The results could not be loaded: {load.message}</EmptyState> : null}
      {data && data.rounds.length === 0 ? <EmptyState>No settled rounds on this day.</EmptyState> : null}
      {data && data.rounds.length > 0 ? (
        <>
          <ReportTable label="Round results" columns={resultColumns(setVerifying)} rows={data.rounds} rowKey={(r) => r.roundId} />
          <Pager page={data.page} pageSize={1} total={data.totalPages} onPage={setPage} label="Result pages" />
        </>
      ) : null}
      {verifying ? <RecordVerify record={verifying} onClose={() => setVerifying(null)} /> : null}
      <BuildTag app="casino" label={__BUILD_LABEL__} />
    </Page>
  );
}
