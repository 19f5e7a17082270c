import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, generatePath, useParams } from 'react-router';
import {
  BuildTag,
  Button,
  CASINO_SUSPENDED_MESSAGE,
  DEFAULT_BUTTON_VALUES,
  EmptyState,
  localizeApiMessage,
  PAGE_SIZE_MAX,
  Page,
  ROUTES,
  Spinner,
  toRupees,
  useLoad,
  useWalletNews,
  useApis,
  type CasinoBet,
  type CasinoBetsResponse,
  type CasinoMarketView,
  type CasinoRoundView,
  type MatchDataStatus,
} from '@backlay/shared';
// By subpath, not through the @backlay/shared singleton: a phone's slip loads with its page,
// not on every first page (ADR 0025's budget).
import { SLIP_SHEET_OPEN_CLASS, SlipSheet } from '@backlay/shared/slip-sheet';
import { t as casinoT, useT, type CasinoKey, type CasinoT } from '../i18n';
import type { RoundProof } from '../verify/verify';
import { VerifyDialog } from '../verify/lazy-verify';
import { marketVector } from './book';
import { CasinoMarket } from './CasinoMarket';
import { CasinoSlip, type CasinoSelection } from './CasinoSlip';
import { DealtCards } from './DealtCards';
import { tableDraw, tableLayout } from './layout';
import { ResultStats, ResultsStrip } from './ResultsStrip';
import { RoundBets } from './RoundBets';
import { RoundStatus, useSecondsToClose } from './RoundStatus';
import { RulesPanel } from './RulesPanel';
import { useCasinoTable } from './use-casino-table';

/** How the table's live connection reads (its own words: a table has no prices feed to name). */
const TABLE_CONNECTION_TEXT: Record<MatchDataStatus, CasinoKey> = {
  connecting: 'table.connection.connecting',
  live: 'table.connection.live',
  resyncing: 'table.connection.resyncing',
  unavailable: 'table.connection.unavailable',
};

const NO_BETS: CasinoBet[] = [];
const NO_PAGE: CasinoBetsResponse = { rows: NO_BETS, page: 1, pageSize: PAGE_SIZE_MAX, total: 0 };

/**
 * Why a market takes no bets now, or null when it does: the table is switched off, no round is
 * open, the betting window is over (on the server's clock) or the market itself is suspended.
 */
export function marketClosedReason(market: CasinoMarketView, round: CasinoRoundView, isDisable: boolean, seconds: number, t: CasinoT = casinoT): string | null {
  if (isDisable) return t('table.closed.suspended');
  if (round.status !== 'OPEN' || seconds <= 0) return t('table.closed.betting');
  if (market.suspended) return t('table.closed.suspended');
  return null;
}

/** A casino slip's name for the player (the bottom sheet's on a phone): its side and runner, "Back Player A". */
export function casinoSelectionLabel(market: CasinoMarketView, selection: CasinoSelection, t: CasinoT = casinoT): string {
  const runner = market.runners.find((r) => r.selectionId === selection.selectionId);
  return t('table.selection', { side: t(selection.side === 'BACK' ? 'side.back' : 'side.lay'), runner: runner?.name ?? selection.selectionId });
}

/** What a settled round reveals for the Verify view; null before it settles. */
export function proofOf(round: CasinoRoundView | null): RoundProof | null {
  if (!round || round.status !== 'SETTLED' || !round.serverSeed) return null;
  const { gameCode, roundId, serverSeed, serverSeedHash, clientSeed, nonce, cards, hands } = round;
  return { gameCode, roundId, serverSeed, serverSeedHash, clientSeed, nonce, cards, hands };
}

/**
 * The player's side of the round: its bets on it (casino-bets) and its stake buttons. The bets
 * load again for each round, when the round settles or is voided (their results), after a bet,
 * and whenever the wallet moves. The first page (open bets first, up to PAGE_SIZE_MAX) feeds
 * each runner's P&L; a later page, chosen with the pager, is only shown.
 */
function usePlayerRound(matchId: string, round: CasinoRoundView | null) {
  const { casino: casinoApi, sports: sportsApi } = useApis();
  const roundId = round?.roundId;
  const finished = round?.status === 'SETTLED' || round?.status === 'VOID';
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [roundId]);
  const first = useLoad(() => (roundId ? casinoApi.bets(matchId, roundId, { pageSize: PAGE_SIZE_MAX }) : Promise.resolve(NO_PAGE)), `${matchId}:${roundId ?? ''}`);
  const later = useLoad(
    () => (roundId && page > 1 ? casinoApi.bets(matchId, roundId, { page, pageSize: PAGE_SIZE_MAX }) : Promise.resolve(NO_PAGE)),
    `${matchId}:${roundId ?? ''}:${page}`,
  );
  const buttons = useLoad(() => sportsApi.buttonValues());
  const reloadFirst = first.reload;
  const reloadLater = later.reload;
  const reload = useCallback(() => {
    reloadFirst();
    reloadLater();
  }, [reloadFirst, reloadLater]);
  useEffect(() => {
    if (finished) reload();
  }, [finished, reload]);
  // The wallet moved for another reason than a bet placed here (a settlement, another tab): read again.
  const track = useWalletNews(reload);
  return {
    bets: page > 1 ? later.load : first.load,
    setPage,
    open: first.load.state === 'done' ? first.load.value.rows : NO_BETS,
    stakeButtons: buttons.load.state === 'done' && buttons.load.value.length > 0 ? buttons.load.value : DEFAULT_BUTTON_VALUES,
    reload,
    track,
  };
}

/**
 * /casino/{slug}/{matchId}: a live table. The title, the round id and its countdown (on the
 * server's clock), the cards dealt one by one, the round's markets with their back (and lay)
 * prices, greyed once betting closes, and the bet slip under the market clicked (on a phone a
 * bottom sheet: SlipSheet), with each
 * runner's P&L from the player's bets and the slip; then the player's bets on the round, the last
 * results and the rules. Everything follows the table's realtime deltas.
 */
export function CasinoTablePage() {
  const { matchId = '' } = useParams();
  return <CasinoTable key={matchId} matchId={matchId} />;
}

function CasinoTable({ matchId }: { matchId: string }) {
  const t = useT();
  const model = useCasinoTable(matchId);
  const { round, isDisable, reloadTable } = model;
  const seconds = useSecondsToClose(round, model.clockOffsetMs);
  const player = usePlayerRound(matchId, round);
  const [slip, setSlip] = useState<CasinoSelection | null>(null);
  const [verify, setVerify] = useState<RoundProof | null>(null);
  const proof = useMemo(() => proofOf(round), [round]);

  // A new round starts with an empty slip; a settled or voided one brings new last results.
  const roundId = round?.roundId;
  const finished = round?.status === 'SETTLED' || round?.status === 'VOID';
  useEffect(() => setSlip(null), [roundId]);
  // After a bet the slip closes: the table keeps its height until the next round, so a page the
  // player had scrolled down does not shrink under it and jump (the browser would pull the scroll).
  const tableArea = useRef<HTMLDivElement>(null);
  const keepHeight = () => {
    const area = tableArea.current;
    if (!area) return;
    // On a phone the page also loses the room it made at its foot for the bottom sheet.
    const app = area.closest('.bl-app');
    const sheetRoom = app && document.documentElement.classList.contains(SLIP_SHEET_OPEN_CLASS) ? parseFloat(getComputedStyle(app).paddingBottom) || 0 : 0;
    area.style.minHeight = `${area.offsetHeight + sheetRoom}px`;
  };
  useEffect(() => {
    if (tableArea.current) tableArea.current.style.minHeight = '';
  }, [roundId]);
  useEffect(() => {
    if (finished) reloadTable();
  }, [finished, roundId, reloadTable]);

  const pnlByMarket = useMemo(() => {
    const out = new Map<string, Map<string, number>>();
    for (const m of round?.markets ?? []) {
      const minor = marketVector(m, player.open);
      out.set(m.marketId, new Map([...minor].map(([id, v]) => [id, toRupees(v)])));
    }
    return out;
  }, [round, player.open]);

  if (model.table.state === 'loading') return <Spinner label={t('table.loading')} />;
  if (model.table.state === 'fail') {
    return (
      <Page title={t('lobby.title')}>
        <EmptyState>{t('table.openFailed', { message: model.table.message })}</EmptyState>
        <Link to={generatePath(ROUTES.casinoList.path, {})}>{t('table.backToCasino')}</Link>
      </Page>
    );
  }
  const table = model.table.value;
  const Layout = tableLayout(table.gameCode);
  const Draw = tableDraw(table.gameCode);
  const closedReason = (m: CasinoMarketView) => (round ? marketClosedReason(m, round, isDisable, seconds, t) : t('table.closed.betting'));
  /** A layout's cell that is a runner's Back price: the slip opens on it as from the ladder. */
  const back = (m: CasinoMarketView, selectionId: string) => {
    const price = m.runners.find((r) => r.selectionId === selectionId)?.back;
    if (price !== null && price !== undefined) setSlip({ marketId: m.marketId, selectionId, side: 'BACK', price });
  };

  /** A market's ladder (its `shown` runners only, when given) and the slip of a price clicked in it. */
  const renderMarket = (m: CasinoMarketView, shown?: ReadonlySet<string>) => {
    if (!round) return null;
    const closed = marketClosedReason(m, round, isDisable, seconds, t);
    const listed = shown ? { ...m, runners: m.runners.filter((r) => shown.has(r.selectionId)) } : m;
    return (
      <>
        <CasinoMarket market={listed} closed={closed} pnl={pnlByMarket.get(m.marketId)} onPrice={(selectionId, side, price) => setSlip({ marketId: m.marketId, selectionId, side, price })} />
        {slip && slip.marketId === m.marketId ? (
          <SlipSheet key={`${slip.selectionId}:${slip.side}:${slip.price}`} label={casinoSelectionLabel(m, slip, t)} onClose={() => setSlip(null)}>
            <CasinoSlip
              key={`${slip.selectionId}:${slip.side}:${slip.price}`}
              matchId={matchId}
              selection={slip}
              market={m}
              bets={player.open}
              stakeButtons={player.stakeButtons}
              track={player.track}
              closed={closed}
              shown={shown}
              onPlaced={() => {
                keepHeight();
                setSlip(null);
                player.reload();
              }}
              onCancel={() => setSlip(null)}
            />
          </SlipSheet>
        ) : null}
      </>
    );
  };

  return (
    <Page
      title={table.title}
      actions={
        <span className={`bl-live bl-live--${model.status}`} role="status">
          {t(TABLE_CONNECTION_TEXT[model.status])}
        </span>
      }
    >
      {isDisable ? (
        <p className="bl-form-error bl-casino-warning" role="alert">
          {localizeApiMessage(CASINO_SUSPENDED_MESSAGE)}
        </p>
      ) : null}
      {round ? <RoundStatus round={round} seconds={seconds} /> : <EmptyState>{t('table.noRound')}</EmptyState>}
      {proof ? (
        <p className="bl-casino-verify">
          <Button variant="secondary" className="bl-btn--small" onClick={() => setVerify(proof)}>
            {t('verify.round', { roundId: proof.roundId })}
          </Button>
        </p>
      ) : null}
      <div className="bl-odds bl-casino" ref={tableArea}>
        <div className="bl-markets">
          {round && Draw ? <Draw round={round} /> : null}
          {round && !Draw ? <DealtCards round={round} seconds={seconds} bettingSeconds={table.bettingSeconds} bets={player.open} categoryId={table.categoryId} seats={table.seats} /> : null}
          {round ? <Layout markets={round.markets} bets={player.open} renderMarket={renderMarket} back={back} selection={slip} closedReason={closedReason} /> : null}
          <ResultsStrip matchId={matchId} gameCode={table.gameCode} results={table.lastResults} />
          <ResultStats stats={table.stats} />
          <RulesPanel rules={table.rules} />
        </div>
        <RoundBets load={player.bets} onPage={player.setPage} />
      </div>
      {verify ? <VerifyDialog proof={verify} onClose={() => setVerify(null)} /> : null}
      <BuildTag app="casino" label={__BUILD_LABEL__} />
    </Page>
  );
}
