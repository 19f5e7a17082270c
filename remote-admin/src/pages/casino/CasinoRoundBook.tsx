import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { BuildTag, Button, EmptyState, Page, ROUTES, Spinner, formatRupees, routeAllowsRole, useLoad, useObservable, user$, useApis, type CasinoRoundBook as RoundBook, type CasinoRoundView, Pnl, formatDateTimeSeconds, sideLabel } from '@backlay/shared';
import { SearchBox, SortHeader, matchesSearch, useSort, useSortedRows, type SortColumn } from '@backlay/shared/sortable';
import { FRAMED_TABLE_STYLE, MARKET_TITLE_STYLE, SECTION_STYLE } from '../betting/betting-common';
import { t as translate, useT } from '../../i18n';

type RoundBet = RoundBook['bets'][number];

/** The columns the downline bets of a round sort by in the browser (the book has every bet of the round). */
const BET_COLUMNS = {
  username: { kind: 'text', value: (b) => b.username },
  selection: { kind: 'text', value: (b) => b.selectionName },
  side: { kind: 'text', value: (b) => b.side },
  odds: { kind: 'number', value: (b) => b.odds },
  stake: { kind: 'money', value: (b) => b.stake },
  pnl: { kind: 'money', value: (b) => (b.status === 'voided' ? null : b.pnl) },
  placedAt: { kind: 'date', value: (b) => b.placedAt },
} as const satisfies Record<string, SortColumn<RoundBet>>;

/**
 * The downline's bets on the round: every one of them is in the book, so the browser sorts them
 * (the order survives the reloads the table's deltas cause) and a search narrows them to a
 * username or a selection.
 */
function RoundBets({ bets }: { bets: readonly RoundBet[] }) {
  const [search, setSearch] = useState('');
  const [sort, onSort] = useSort<keyof typeof BET_COLUMNS>();
  const found = useMemo(() => bets.filter((b) => matchesSearch(search, b.username, b.selectionName, b.marketName)), [bets, search]);
  const rows = useSortedRows(found, BET_COLUMNS, sort);
  const header = { sort, onSort };
  const t = useT();
  return (
    <section aria-labelledby="casino-bets-title">
      <h2 id="casino-bets-title" className="bl-section-title">
        {t('roundBook.bets', { count: bets.length })}
      </h2>
      {bets.length === 0 ? <EmptyState>{t('roundBook.noBets')}</EmptyState> : null}
      {bets.length > 0 ? (
        <>
          <div className="bl-filters">
            <SearchBox label={t('roundBook.search')} onSearch={setSearch} />
          </div>
          {rows.length === 0 ? <EmptyState>{t('roundBook.noSearch')}</EmptyState> : null}
          <div className="bl-table-wrap" hidden={rows.length === 0}>
            <table className="bl-table bl-table--compact" aria-label={t('roundBook.betsTable')}>
              <thead>
                <tr>
                  <SortHeader label={t('bets.user')} sortKey="username" {...header} />
                  <SortHeader label={t('bets.selection')} sortKey="selection" {...header} />
                  <SortHeader label={t('bets.side')} sortKey="side" {...header} />
                  <SortHeader label={t('roundBook.odds')} sortKey="odds" num {...header} />
                  <SortHeader label={t('dashboard.stake')} sortKey="stake" num {...header} />
                  <SortHeader label={t('roundBook.pnl')} sortKey="pnl" num {...header} />
                  <SortHeader label={t('roundBook.placed')} sortKey="placedAt" {...header} />
                </tr>
              </thead>
              <tbody>
                {rows.map((b) => (
                  <tr key={b.betId} className={`bl-bet bl-bet--${b.side === 'BACK' ? 'back' : 'lay'}`}>
                    <th scope="row">{b.username}</th>
                    <td>
                      {b.selectionName} <small className="bl-muted">{b.marketName}</small>
                    </td>
                    <td>{sideLabel(b.side)}</td>
                    <td className="num">{b.odds}</td>
                    <td className="num">{formatRupees(b.stake)}</td>
                    <td className="num">{b.status === 'voided' ? t('result.void') : b.pnl === null ? t('roundBook.open') : <Pnl rupees={b.pnl} />}</td>
                    <td>{formatDateTimeSeconds(b.placedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </section>
  );
}

/** The book reloads at most this often while deltas stream in (the countdown moves every second). */
export const BOOK_RELOAD_MIN_MS = 2_000;

/** The round in words for the header: its id and where it stands. */
export function roundLine(round: CasinoRoundView | null): string {
  if (!round) return translate('roundBook.noRound');
  const state = {
    OPEN: () => translate('roundBook.state.open', { seconds: round.secondsLeft }),
    CLOSED: () => translate('roundBook.state.closed'),
    SETTLED: () => translate('roundBook.state.settled', { result: round.win ?? '—' }),
    VOID: () => (round.voidReason ? translate('roundBook.state.voidBecause', { reason: round.voidReason }) : translate('roundBook.state.void')),
  }[round.status]();
  return translate('roundBook.round', { round: round.roundId, state });
}

/**
 * Reload the book whenever the table moves (a realtime delta: a bet window opens or closes, cards
 * are dealt, the round settles), at most every `BOOK_RELOAD_MIN_MS` and once more after the last
 * delta of a burst. Returns the table's live round, fresher than the book's.
 */
function useTableDeltas(matchId: string | null, reload: () => void): CasinoRoundView | null {
  const { casinoLive: casinoLive } = useApis();
  const [round, setRound] = useState<CasinoRoundView | null>(null);
  const last = useRef(0);
  const trailing = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    if (!matchId) return undefined;
    let seq = -1;
    const sub = casinoLive.watchTable(matchId).subscribe((state) => {
      if (state.seq < 0 || state.seq === seq) return;
      const first = seq < 0;
      seq = state.seq;
      setRound(state.round);
      if (first) return; // the snapshot: the book was just loaded
      const wait = last.current + BOOK_RELOAD_MIN_MS - Date.now();
      if (wait <= 0) {
        last.current = Date.now();
        reload();
      } else if (!trailing.current) {
        trailing.current = setTimeout(() => {
          trailing.current = null;
          last.current = Date.now();
          reload();
        }, wait);
      }
    });
    return () => {
      sub.unsubscribe();
      if (trailing.current) clearTimeout(trailing.current);
      trailing.current = null;
    };
  }, [casinoLive, matchId, reload]);
  return round;
}

/**
 * /admin/casino/{gameCode} (agents): the table's current round, its book (per market and runner,
 * the downline's P&L if that runner wins) and the downline's bets on it, kept current by the
 * table's realtime deltas.
 */
export function CasinoRoundBook() {
  const { casino: casinoApi } = useApis();
  const { gameCode = '' } = useParams();
  const { load, reload } = useLoad(() => casinoApi.roundBook(gameCode), gameCode);
  const book: RoundBook | null = load.state === 'done' ? load.value : null;
  const live = useTableDeltas(book?.matchId ?? null, reload);
  const user = useObservable(user$, null);
  const round = live ?? book?.round ?? null;
  const t = useT();
  return (
    <Page
      title={book ? t('roundBook.titleOf', { title: book.title }) : t('roundBook.title')}
      actions={
        <Button variant="secondary" className="bl-btn--small" onClick={reload}>
          {t('common.refresh')}
        </Button>
      }
    >
      {user && routeAllowsRole('adminCasinoList', user.role) ? <Link to={ROUTES.adminCasinoList.path}>{t('roundBook.allTables')}</Link> : null}
      {load.state === 'loading' ? <Spinner label={t('roundBook.loading')} /> : null}
      {load.state === 'fail' ? <EmptyState>{t('roundBook.failed', { message: load.message })}</EmptyState> : null}
      {book ? (
        <>
          <p className="bl-casino-round" role="status">
            {roundLine(round)}
          </p>
          <section style={SECTION_STYLE} aria-labelledby="casino-book-title">
            <h2 id="casino-book-title" className="bl-section-title">
              {t('tables.book')}
            </h2>
            {book.book.length === 0 ? <EmptyState>{t('roundBook.noMarkets')}</EmptyState> : null}
            {book.book.map((m) => (
              <div key={m.marketId} className="bl-market" style={SECTION_STYLE}>
                <header className="bl-market__head">
                  <h3 style={MARKET_TITLE_STYLE}>{m.name}</h3>
                </header>
                <table className="bl-table bl-table--compact" style={FRAMED_TABLE_STYLE} aria-label={t('roundBook.marketBook', { market: m.name })}>
                  <thead>
                    <tr>
                      <th scope="col">{t('book.runner')}</th>
                      <th scope="col" className="num">
                        {t('roundBook.ifWins')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {m.runners.map((r) => (
                      <tr key={r.selectionId}>
                        <th scope="row">{r.name}</th>
                        <td className="num">
                          <Pnl rupees={r.pnl} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ))}
          </section>
          <RoundBets bets={book.bets} />
        </>
      ) : null}
      <BuildTag app="admin" label={__BUILD_LABEL__} />
    </Page>
  );
}
