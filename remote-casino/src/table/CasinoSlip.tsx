import { useRef, useState, type FormEvent } from 'react';
import {
  Button,
  TextField,
  betsApi,
  createSubmissionKeys,
  formatRupees,
  notify,
  notifyFailure,
  parseStake,
  retryOnNetworkLoss,
  toMinor,
  toRupees,
  type ApiError,
  type ButtonValue,
  type CasinoBet,
  type CasinoMarketView,
  type PlaceBetSide,
  type RunnerBetRequest,
} from '@backlay/shared';
import { formatOdds } from '../format';
import { Pnl } from '../ui/Pnl';
import { projectMarket } from './book';

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
  onPlaced: () => void;
  onCancel: () => void;
}

const SIDE = { BACK: { label: 'Back', kind: 'back' }, LAY: { label: 'Lay', kind: 'lay' } } as const;

/**
 * The casino bet slip: the runner, side and price (fixed: the table's price), the stake with the
 * player's stake buttons, each runner's P&L now and with this bet, and Place Bet. The bet goes to
 * POST placebet as a runner bet on the round's market, with one Idempotency-Key per submission; a
 * lost answer is sent again with the same key, and so is the very same bet sent again after one.
 * The server's refusal (betting closed, insufficient funds, stake out of range…) shows in the slip
 * and as a toast; the header's balance follows the user socket by itself.
 */
export function CasinoSlip({ matchId, selection, market, bets, stakeButtons, closed, onPlaced, onCancel }: CasinoSlipProps) {
  const [stakeText, setStakeText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const keys = useRef(createSubmissionKeys()).current;

  const stake = parseStake(stakeText);
  const runner = market.runners.find((r) => r.selectionId === selection.selectionId);
  const side = SIDE[selection.side];
  const body: RunnerBetRequest | null =
    stake !== null ? { matchId, marketId: market.marketId, selectionId: selection.selectionId, side: selection.side, odds: selection.price, stake } : null;
  const book = projectMarket(market, bets, stake !== null ? { selectionId: selection.selectionId, side: selection.side, odds: selection.price, stakeMinor: toMinor(stake) } : null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!body || closed || submitting) return;
    const bodyText = JSON.stringify(body);
    const key = keys.keyFor(bodyText);
    setSubmitting(true);
    setError(null);
    try {
      const res = await retryOnNetworkLoss(() => betsApi.placeBet(body, key));
      keys.settle(bodyText, key, false);
      notify('success', res.message);
      onPlaced();
    } catch (e) {
      const failure = e as ApiError;
      keys.settle(bodyText, key, failure.code === 'NETWORK');
      setError(failure.message);
      notifyFailure(failure);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form className={`bl-slip bl-slip--${side.kind}`} aria-label="Bet slip" noValidate onSubmit={(e) => void submit(e)}>
      <p className="bl-slip__title">
        <span className={`bl-side bl-side--${side.kind}`}>{side.label}</span> <strong>{runner?.name ?? selection.selectionId}</strong> <span className="bl-muted">{market.name}</span> at{' '}
        <strong data-testid="slip-odds">{formatOdds(selection.price)}</strong>
      </p>
      <TextField
        label="Stake"
        inputMode="decimal"
        autoComplete="off"
        value={stakeText}
        onChange={(e) => setStakeText(e.target.value)}
        hint={`Min ${formatRupees(market.minStake)} · Max ${formatRupees(market.maxStake)}`}
        error={stakeText.trim() !== '' && stake === null && 'Stake must be an amount above 0 with at most two decimals'}
      />
      <div className="bl-slip__stakes" role="group" aria-label="Quick stakes">
        {stakeButtons.map((b, i) => (
          <Button key={`${i}:${b.label}`} variant="secondary" className="bl-btn--small" onClick={() => setStakeText(String(b.value))}>
            {b.label}
          </Button>
        ))}
      </div>
      <div className="bl-slip__book">
        <table className="bl-table bl-table--compact" aria-label="Profit or loss if each runner wins">
          <thead>
            <tr>
              <th scope="col">Runner</th>
              <th scope="col" className="num">
                Now
              </th>
              <th scope="col" className="num">
                With this bet
              </th>
            </tr>
          </thead>
          <tbody>
            {book.rows.map((r) => (
              <tr key={r.selectionId}>
                <th scope="row">{r.name}</th>
                <td className="num">
                  <Pnl rupees={toRupees(r.nowMinor)} />
                </td>
                <td className="num">{r.afterMinor === null ? '–' : <Pnl rupees={toRupees(r.afterMinor)} />}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {book.exposureAfterMinor !== null ? (
          <p className="bl-slip__exposure">
            Exposure on this market: {formatRupees(toRupees(book.exposureNowMinor))} → <strong>{formatRupees(toRupees(book.exposureAfterMinor))}</strong>
          </p>
        ) : null}
      </div>
      {closed ? (
        <p className="bl-hint" role="status">
          {closed}: no more bets on this round.
        </p>
      ) : null}
      {error ? (
        <p className="bl-form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="bl-form-actions">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={!body || closed !== null || submitting} aria-busy={submitting || undefined}>
          Place Bet
        </Button>
      </div>
    </form>
  );
}
