import { useState } from 'react';
import {
  formatRupees,
  limitInForce,
  parseStake,
  retryOnNetworkLoss,
  toMinor,
  useResponsibleGambling,
  useSlipSubmission,
  useApis,
  type useWalletNews,
  type ButtonValue,
  type CasinoBet,
  type CasinoMarketView,
  type PlaceBetSide,
  type RunnerBetRequest,
  formatOddsDecimal,
} from '@backlay/shared';
import { SlipActions, SlipRunnerBook, QuickStakes, StakeField, placedRunnerNotice } from '@backlay/shared/slip-parts';
import { useT } from '../i18n';
import { runnerName } from '../ui/hands';
import { projectMarket, shownRows } from './book';

/** What the player clicked: a back or lay price of a runner of the round. */
export interface CasinoSelection {
  marketId: string;
  selectionId: string;
  side: PlaceBetSide;
  price: number;
}

export interface CasinoSlipProps {
  matchId: string;
  selection: CasinoSelection;
  market: CasinoMarketView;
  /** The player's bets on the round (the open ones of this market make its book). */
  bets: readonly CasinoBet[];
  stakeButtons: readonly ButtonValue[];
  /** Why the market takes no bets now (the window closed, suspended), or null. */
  closed: string | null;
  /**
   * The runners the screen shows when it shows the market in part (Lottery); the book then lists
   * those and one "Any other number" row. The exposure is always the whole market's.
   */
  shown?: ReadonlySet<string>;
  onPlaced: () => void;
  onCancel: () => void;
  /** Wraps the placement so the table knows the `balance` message it causes for its echo (useWalletNews). */
  track: ReturnType<typeof useWalletNews>;
}

const SIDE = { BACK: { label: 'side.back', kind: 'back' }, LAY: { label: 'side.lay', kind: 'lay' } } as const;

/**
 * The casino bet slip: the runner, side and price (fixed: the table's price), the stake with the
 * player's stake buttons, each runner's P&L now and with this bet, and Place Bet. The bet goes to
 * POST placebet as a runner bet on the round's market, with one Idempotency-Key per submission; a
 * lost answer is sent again with the same key, and so is the very same bet sent again after one.
 * The server's refusal (betting closed, insufficient funds, stake out of range…) shows in the slip
 * and as a toast; the header's balance follows the user socket by itself.
 */
export function CasinoSlip({ matchId, selection, market, bets, stakeButtons, closed, shown, onPlaced, onCancel, track }: CasinoSlipProps) {
  const t = useT();
  const { bets: betsApi } = useApis();
  const [stakeText, setStakeText] = useState('');
  // The player's stake limit (responsible gambling): no stake button above it.
  const stakeLimit = limitInForce(useResponsibleGambling(), 'stake');
  const { submitting, error, submit } = useSlipSubmission(
    // The table reads its bets again once placed (onPlaced), news or not.
    (bet: RunnerBetRequest, key: string) => track(() => retryOnNetworkLoss(() => betsApi.placeBet(bet, key))).then(({ answer }) => answer),
    onPlaced,
    // Best execution (ADR 0034): the toast names the price the bet was matched at when the table's beat the one sent.
    (reply, sent) => placedRunnerNotice(reply.message, sent.odds, reply.data.bet.odds, formatOddsDecimal),
  );

  const stake = parseStake(stakeText);
  const runner = market.runners.find((r) => r.selectionId === selection.selectionId);
  const side = SIDE[selection.side];
  const body: RunnerBetRequest | null =
    stake !== null ? { matchId, marketId: market.marketId, selectionId: selection.selectionId, side: selection.side, odds: selection.price, stake } : null;
  const book = projectMarket(market, bets, stake !== null ? { selectionId: selection.selectionId, side: selection.side, odds: selection.price, stakeMinor: toMinor(stake) } : null);

  return (
    <form className={`bl-slip bl-slip--${side.kind}`} aria-label={t('slip.label')} noValidate onSubmit={(e) => void submit(e, body, closed)}>
      <p className="bl-slip__title">
        <span className={`bl-side bl-side--${side.kind}`}>{t(side.label)}</span> <strong>{runner ? runnerName(runner.name, t) : selection.selectionId}</strong> <span className="bl-muted">{market.name}</span> {t('slip.at')}{' '}
        <strong data-testid="slip-odds">{formatOddsDecimal(selection.price)}</strong>
      </p>
      <StakeField
        stakeText={stakeText}
        onStakeText={setStakeText}
        hint={t('limits', { min: formatRupees(market.minStake), max: formatRupees(market.maxStake) })}
        invalid={stakeText.trim() !== '' && stake === null}
      />
      <QuickStakes stakeButtons={stakeButtons} onStakeText={setStakeText} maxStake={stakeLimit} />
      <SlipRunnerBook rows={(shown ? shownRows(book.rows, shown, t('slip.anyOther')) : book.rows).map((r) => (r.selectionId === '' ? r : { ...r, name: runnerName(r.name, t) }))} exposure={book.exposureAfterMinor !== null ? { nowMinor: book.exposureNowMinor, afterMinor: book.exposureAfterMinor } : null} />
      <SlipActions closed={closed ? t('slip.closed', { reason: closed }) : null} error={error?.message ?? null} canPlace={body !== null && closed === null} submitting={submitting} onCancel={onCancel} />
    </form>
  );
}
