import { useEffect, useState } from 'react';
import {
  Pnl, Button, TextField, formatRupees, formatWholeRupees, limitInForce, parseStake, raceMarketTitle, toMinor, toRupees, useResponsibleGambling, useSlipSubmission, type ButtonValue, type Fancy, type Market, type MarketPosition, type OddsAcceptance, type PlaceBetRequest, formatRunnerPrice, sideLabel,
} from '@backlay/shared';
import {
  acceptedPrice,
  matchedFancyLine,
  pnlIfRunnerLosesMinor,
  pnlIfRunnerWinsMinor,
} from '@backlay/shared/domain';
import { SlipActions, SlipRunnerBook, QuickStakes, StakeField } from '@backlay/shared/slip-parts';
import { OddsAcceptanceField, PlacingStatus } from '@backlay/shared/slip-status';
import { SLOT, splitAtSlot, t as translate, useT } from '../i18n';
import { overlayText } from './MarketFrame';
import { projectFancy, projectRunnerMarket, runnerVector, slipRunnerBet } from './positions';
import { initialOddsText, parseOdds, placedNotice, requestOdds, selectionName, type PlaceBet, type SlipSelection } from './slip';

export interface BetSlipProps {
  matchId: string;
  selection: SlipSelection;
  /** The live market of a runner selection (undefined once it has gone from the match). */
  market?: Market;
  /** The live fancy of a fancy selection. */
  fancy?: Fancy;
  /** The player's current book on this market or fancy. */
  position?: MarketPosition;
  stakeButtons: readonly ButtonValue[];
  /** Places the bet (the page's book: it applies the reply; placeBetWithRetry underneath). */
  place: PlaceBet;
  /** The bet was placed: the page closes the slip. */
  onPlaced: () => void;
  onCancel: () => void;
  /** A race's market: the runner with its race-card number, the market as Win or "To be placed · k places". */
  racing?: boolean;
  /** The player's odds acceptance (ADR 0055): a runner bet sends it; the slip's select changes the stored one. */
  oddsAcceptance?: OddsAcceptance;
  onOddsAcceptance?: (value: OddsAcceptance) => void;
}

const SIDE_CLASS = { BACK: 'back', LAY: 'lay', YES: 'back', NO: 'lay' } as const;

/** Why bets cannot be placed on the selection right now, or null when they can. */
function closedReason(selection: SlipSelection, market: Market | undefined, fancy: Fancy | undefined): string | null {
  if (selection.kind === 'fancy') {
    if (!fancy) return translate('slip.fancyGone');
    const overlay = overlayText(fancy.status);
    return overlay ? translate('slip.fancyWait', { status: overlay }) : null;
  }
  if (!market) return translate('slip.marketGone');
  const overlay = overlayText(market.status);
  if (overlay) return translate('slip.marketWait', { status: overlay });
  const runner = market.runners.find((r) => r.selectionId === selection.selectionId);
  return runner && runner.status === 'active' ? null : translate('slip.runnerClosed');
}

/**
 * The bet slip: the selection, its side and odds (editable for runner markets; the line and
 * rate of a fancy are fixed), the stake with the player's stake buttons, what the bet does to the
 * player's book (per runner, or per run zone of a fancy, by the shared pure functions) and Place
 * Bet. Each submission gets a new Idempotency-Key; a lost answer is retried with the same key,
 * and sending the very same bet again after a lost answer reuses it too. The server's refusal
 * (odds changed, insufficient funds, exposure limit, suspended, stake out of range, locked) is
 * shown in the slip and as a toast.
 */
export function BetSlip({ matchId, selection, market, fancy, position, stakeButtons, place, onPlaced, onCancel, racing = false, oddsAcceptance = 'better', onOddsAcceptance }: BetSlipProps) {
  const t = useT();
  const [oddsText, setOddsText] = useState(() => (selection.kind === 'runner' && market ? initialOddsText(market, selection.price) : ''));
  const [stakeText, setStakeText] = useState('');
  // The player's stake limit (responsible gambling): no stake button above it.
  const stakeLimit = limitInForce(useResponsibleGambling(), 'stake');
  const { submitting, error, setError, submit } = useSlipSubmission(place, onPlaced, (reply, sent: PlaceBetRequest) => placedNotice(reply, sent, market));

  const stake = parseStake(stakeText);
  const odds = selection.kind === 'runner' && market ? parseOdds(market.type, oddsText) : null;
  const closed = closedReason(selection, market, fancy);
  const limits = selection.kind === 'runner' ? market : fancy;

  let body: PlaceBetRequest | null = null;
  if (stake !== null && selection.kind === 'runner' && odds !== null && market) {
    body = { matchId, marketId: selection.marketId, selectionId: selection.selectionId, side: selection.side, odds: requestOdds(market.type, odds), stake, oddsAcceptance };
  } else if (stake !== null && selection.kind === 'fancy') {
    body = { matchId, fancyId: selection.fancyId, side: selection.side, run: selection.run, rate: selection.rate, stake };
  }

  const side = selection.side;
  const best = selection.kind === 'runner' && market ? market.runners.find((r) => r.selectionId === selection.selectionId)?.[side === 'BACK' ? 'back' : 'lay'][0] : undefined;
  // Best execution (ADR 0034) under the odds acceptance (ADR 0055): the book previews the bet at
  // the price it will be matched at now — the live one when it beats the price typed, or under
  // 'any' whichever way it moved (the line of a fancy as before, at the same rate).
  const liveOdds = best && market ? parseOdds(market.type, formatRunnerPrice(best.price, market.type)) : null;
  const matchedOdds = odds !== null && selection.kind === 'runner' ? (acceptedPrice(selection.side, odds, liveOdds, oddsAcceptance) ?? odds) : null;
  const liveLine = fancy && selection.kind === 'fancy' && (selection.side === 'YES' ? fancy.yesRate : fancy.noRate) === selection.rate ? (selection.side === 'YES' ? fancy.yesRun : fancy.noRun) : null;
  const matchedLine = selection.kind === 'fancy' ? (matchedFancyLine(selection.side, selection.run, liveLine) ?? selection.run) : null;
  const runnerName = selectionName(selection, { market, fancy }, racing);
  const marketName = selection.kind === 'runner' ? (market ? (racing ? raceMarketTitle(market.numberOfWinners) : market.name) : '') : t('market.fancy');
  /** The live best price as the odds field takes it, when it differs from the typed odds. */
  const bestText = best && market ? formatRunnerPrice(best.price, market.type) : null;
  // A slip opened at the best price follows it while it moves (issue 33: the clicked price, held
  // while the player typed a stake, was a tick stale in 6 of 20 bets) until the player types odds
  // of their own; taking the live price after a refusal follows it again. It holds still while a
  // bet is on its way (what was sent is what the countdown is for).
  const [following, setFollowing] = useState(() => bestText !== null && bestText === oddsText);
  useEffect(() => {
    if (following && !submitting && bestText !== null) setOddsText(bestText);
  }, [following, submitting, bestText]);
  const takeable = bestText !== null && bestText !== oddsText.trim() ? bestText : null;
  // What a bet of `value` can lose, as the server measures the stake limit (a lay: its liability at
  // the price it would be matched at); the stake itself until the odds are known, and for a fancy.
  const lossOf = (value: number): number => {
    if (selection.kind !== 'runner' || !market || matchedOdds === null) return value;
    const bet = slipRunnerBet(market, { selectionId: selection.selectionId, side: selection.side, odds: matchedOdds, stakeMinor: toMinor(value) });
    return toRupees(Math.max(0, -pnlIfRunnerWinsMinor(bet), -pnlIfRunnerLosesMinor(bet)));
  };
  const oddsInvalid = selection.kind === 'runner' && oddsText.trim() !== '' && odds === null;
  const stakeInvalid = stakeText.trim() !== '' && stake === null;

  return (
    <form className={`bl-slip bl-slip--${SIDE_CLASS[side]}`} aria-label={t('slip.label')} noValidate onSubmit={(e) => void submit(e, body, closed)}>
      <p className="bl-slip__title">
        <span className={`bl-side bl-side--${SIDE_CLASS[side]}`}>{sideLabel(side)}</span> <strong>{runnerName}</strong> <span className="bl-muted">{marketName}</span>
      </p>
      <div className="bl-slip__inputs">
        {selection.kind === 'runner' ? (
          <TextField
            label={t(market?.type === 'bookmaker' ? 'slip.rate' : 'slip.odds')}
            inputMode={market?.type === 'bookmaker' ? 'numeric' : 'decimal'}
            autoComplete="off"
            value={oddsText}
            onChange={(e) => {
              setFollowing(false);
              setOddsText(e.target.value);
            }}
            hint={bestText !== null ? (following ? t('slip.follows') : t('slip.bestNow', { price: bestText })) : undefined}
            error={oddsInvalid && t(market?.type === 'bookmaker' ? 'slip.rateInvalid' : 'slip.oddsInvalid')}
          />
        ) : (
          <dl className="bl-facts bl-slip__line">
            <dt>{t('slip.line')}</dt>
            <dd>{selection.run}</dd>
            <dt>{t('slip.rate')}</dt>
            <dd>{selection.rate}</dd>
          </dl>
        )}
        <StakeField
          stakeText={stakeText}
          onStakeText={setStakeText}
          hint={limits ? t('market.limits', { min: formatWholeRupees(limits.minStake), max: formatWholeRupees(limits.maxStake) }) : undefined}
          invalid={stakeInvalid}
        />
      </div>
      <QuickStakes stakeButtons={stakeButtons} onStakeText={setStakeText} maxStake={stakeLimit} lossOf={lossOf} />
      {selection.kind === 'runner' && onOddsAcceptance ? (
        <div className="bl-slip__acceptance">
          <OddsAcceptanceField value={oddsAcceptance} onChange={onOddsAcceptance} disabled={submitting} />
        </div>
      ) : null}
      {selection.kind === 'runner' && market ? (
        <RunnerMarketSlipBook market={market} position={position} bet={matchedOdds !== null && stake !== null ? { selectionId: selection.selectionId, side: selection.side, odds: matchedOdds, stakeMinor: toMinor(stake) } : null} />
      ) : null}
      {selection.kind === 'fancy' ? <FancySlipBook position={position} bet={stake !== null && matchedLine !== null ? { side: selection.side, line: matchedLine, rate: selection.rate, stakeMinor: toMinor(stake) } : null} /> : null}
      {/* The bet delay the market applies (its betDelaySec, the column the server waits on), counted down. */}
      {submitting ? <PlacingStatus delaySec={limits?.betDelaySec ?? 0} /> : null}
      <SlipActions closed={closed} error={error?.message ?? null} canPlace={body !== null && closed === null} submitting={submitting} onCancel={onCancel}>
        {error?.code === 'ODDS_CHANGED' && takeable ? (
          // The price moved against the player during the bet: one click takes the live price into
          // the slip (the book above shows what it does); placing it is still the player's choice.
          <Button
            variant="secondary"
            className="bl-btn--small"
            onClick={() => {
              setOddsText(takeable);
              setFollowing(true);
              setError(null);
            }}
          >
            {t('slip.take', { price: takeable })}
          </Button>
        ) : null}
      </SlipActions>
    </form>
  );
}

/** The runner market's P&L per runner now and with the slip's bet. */
function RunnerMarketSlipBook({ market, position, bet }: { market: Market; position?: MarketPosition; bet: Parameters<typeof projectRunnerMarket>[2] | null }) {
  const projection = bet ? projectRunnerMarket(market, position, bet) : null;
  const now = runnerVector(market, position);
  const after = new Map(projection?.rows.map((r) => [r.selectionId, r.afterMinor]));
  const rows = market.runners.filter((r) => now.has(r.selectionId)).map((r) => ({ selectionId: r.selectionId, name: r.name, nowMinor: now.get(r.selectionId) ?? 0, afterMinor: after.get(r.selectionId) ?? null }));
  return <SlipRunnerBook rows={rows} exposure={projection ? { nowMinor: projection.exposureNowMinor, afterMinor: projection.exposureAfterMinor } : null} />;
}

/** The fancy's exposure now and with the slip's bet, and the P&L of each run zone after it. */
function FancySlipBook({ position, bet }: { position?: MarketPosition; bet: Parameters<typeof projectFancy>[1] | null }) {
  const t = useT();
  const projection = bet ? projectFancy(position, bet) : null;
  if (!projection) return null;
  const [before, after] = splitAtSlot(t('slip.fancyExposure', { now: formatRupees(toRupees(projection.exposureNowMinor)), after: SLOT }));
  return (
    <div className="bl-slip__book">
      <p className="bl-slip__exposure">
        {before}
        <strong>{formatRupees(toRupees(projection.exposureAfterMinor))}</strong>
        {after}
      </p>
      <table className="bl-table bl-table--compact" aria-label={t('slip.byScore')}>
        <thead>
          <tr>
            <th scope="col">{t('slip.score')}</th>
            <th scope="col" className="num">
              {t('slip.withBet')}
            </th>
          </tr>
        </thead>
        <tbody>
          {projection.zones.map((z) => (
            <tr key={z.label}>
              <th scope="row">{z.label}</th>
              <td className="num">
                <Pnl rupees={toRupees(z.pnlMinor)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
