import { useState } from 'react';
import {
  Button,
  Dialog,
  formatRupees,
  formatRunnerPrice,
  toMinor,
  toRupees,
  useSlipSubmission,
  type CashOutRequest,
  type CashOutResponse,
  type Market,
  type MarketPosition,
} from '@backlay/shared';
// By subpath, not through the @backlay/shared singleton: the quote's maths loads with the odds
// page, not on every first page (ADR 0025's budget).
import { CASH_OUT_PERCENTS, cashOutQuote, type CashOutQuote } from '@backlay/shared/domain';
import { SLOT, splitAtSlot, t as translate, useT } from '../i18n';
import { runnerVector } from './positions';

/** Cashes out (the page's book: it applies the reply). */
export type CashOutFn = (body: CashOutRequest, idempotencyKey: string) => Promise<{ data: CashOutResponse; message: string }>;

/** A market a cash out is offered on: match odds or bookmaker, one winner. */
export function cashOutMarket(market: Market): market is Market & { type: 'match_odds' | 'bookmaker' } {
  return (market.type === 'match_odds' || market.type === 'bookmaker') && market.numberOfWinners === 1;
}

/**
 * The cash out of `percent` % of the player's position at the market's live best prices: the
 * shared `cashOutQuote` the API runs on the same position and prices (ADR 0056). Null: no
 * position or not a cash-out market.
 */
export function liveCashOut(market: Market, position: MarketPosition | undefined, percent: number): CashOutQuote | null {
  if (!cashOutMarket(market) || !position) return null;
  const runners = market.runners
    .filter((r) => r.status === 'active')
    .map((r) => ({
      runnerId: r.selectionId,
      back: r.back[0] ? Math.round(r.back[0].price * 100) : null,
      lay: r.lay[0] ? Math.round(r.lay[0].price * 100) : null,
    }));
  const quote = cashOutQuote(runnerVector(market, position), runners, market.type, percent);
  return !quote.ok && quote.reason === 'NOTHING_TO_CASH_OUT' ? null : quote;
}

/**
 * The smallest hedge bet when it is below the market's minimum stake (paise), else null: the
 * placement would refuse it (the normal limits apply to a cash out, ADR 0056).
 */
function belowMinimum(market: Market, quote: CashOutQuote): number | null {
  if (!quote.ok) return null;
  const smallest = Math.min(...quote.bets.map((b) => b.stakeMinor));
  return smallest < toMinor(market.minStake) ? smallest : null;
}

/** A market status as a cash-out line words it ("the market is suspended"). */
const statusWord = (status: Market['status']) => translate(`cashOut.status.${status}` as const);

const rupees = (minor: number) => (minor < 0 ? `-₹${formatRupees(toRupees(-minor))}` : `₹${formatRupees(toRupees(minor))}`);

/**
 * A market's cash out under its ladder: the share (25, 50, 75, 100 %) and "Cash out ₹x", the
 * value updating with every price; while the market is not open, or a price the hedge needs is
 * missing, it says why instead. The button asks for a confirmation that names the hedge's bets;
 * the cash out sends the value the player saw, and a lower one at the server is refused (shown
 * in the dialog and as a toast).
 */
export function CashOutPanel({ market, position, cashOut, title }: { market: Market; position: MarketPosition | undefined; cashOut: CashOutFn; title: string }) {
  const t = useT();
  const [percent, setPercent] = useState<number>(100);
  const [confirming, setConfirming] = useState(false);
  const quote = liveCashOut(market, position, percent);
  if (quote === null) return null;
  const open = market.status === 'open';
  return (
    <div className="bl-cashout" role="group" aria-label={t('cashOut.group', { title })}>
      <span className="bl-cashout__shares" role="radiogroup" aria-label={t('cashOut.shares', { title })}>
        {CASH_OUT_PERCENTS.map((p) => (
          <label key={p} className={`bl-cashout__share${p === percent ? ' is-on' : ''}`}>
            <input type="radio" name={`cashout-${market.marketId}`} value={p} checked={p === percent} onChange={() => setPercent(p)} />
            {p}%
          </label>
        ))}
      </span>
      {!open ? (
        <span className="bl-muted" role="status">
          {t('cashOut.marketNotOpen', { status: statusWord(market.status) })}
        </span>
      ) : !quote.ok ? (
        <span className="bl-muted" role="status">
          {t('cashOut.noPrice')}
        </span>
      ) : belowMinimum(market, quote) !== null ? (
        <span className="bl-muted" role="status">
          {t('cashOut.belowMinimum', { percent, bet: rupees(belowMinimum(market, quote) as number), min: formatRupees(market.minStake) })}
        </span>
      ) : (
        <Button className="bl-btn--small bl-cashout__button" aria-label={t('cashOut.ofFor', { percent, title, value: rupees(quote.valueMinor) })} data-value={quote.valueMinor} onClick={() => setConfirming(true)}>
          {t('cashOut.button', { value: rupees(quote.valueMinor) })}
        </Button>
      )}
      {confirming ? <CashOutDialog market={market} title={title} percent={percent} position={position} cashOut={cashOut} onClose={() => setConfirming(false)} /> : null}
    </div>
  );
}

/** The confirmation: the live value and the hedge's bets; Confirm sends the value shown. */
function CashOutDialog({
  market,
  title,
  percent,
  position,
  cashOut,
  onClose,
}: {
  market: Market;
  title: string;
  percent: number;
  position: MarketPosition | undefined;
  cashOut: CashOutFn;
  onClose: () => void;
}) {
  const t = useT();
  const { submitting, error, submit } = useSlipSubmission(cashOut, onClose);
  const quote = liveCashOut(market, position, percent);
  const ok = quote !== null && quote.ok && market.status === 'open';
  const body: CashOutRequest | null = ok ? { marketId: market.marketId, percent, expectedValue: toRupees(quote.valueMinor) } : null;
  const names = new Map(market.runners.map((r) => [r.selectionId, r.name]));
  const [confirmBefore, confirmAfter] = splitAtSlot(t('cashOut.confirmText', { percent, title, value: SLOT }));
  return (
    <Dialog title={t('cashOut.title')} onClose={onClose} closeDisabled={submitting}>
      <form aria-label={t('cashOut.confirmForm', { title })} noValidate onSubmit={(e) => void submit(e, body, ok ? null : 'closed')}>
        {quote !== null && quote.ok ? (
          <>
            <p>
              {confirmBefore}
              <strong data-testid="cashout-confirm-value">{rupees(quote.valueMinor)}</strong>
              {confirmAfter}
            </p>
            <ul className="bl-cashout__bets" aria-label={t('cashOut.bets')}>
              {quote.bets.map((b) => (
                <li key={`${b.side}-${b.runnerId}`}>
                  {t(b.side === 'BACK' ? 'cashOut.betBack' : 'cashOut.betLay', {
                    runner: names.get(b.runnerId) ?? b.runnerId,
                    stake: rupees(b.stakeMinor),
                    price: formatRunnerPrice(b.quotedHundredths / 100, market.type),
                  })}
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p role="status">{t('cashOut.none', { status: statusWord(market.status) })}</p>
        )}
        {error ? (
          <p className="bl-form-error" role="alert">
            {error.message}
          </p>
        ) : null}
        <div className="bl-form-actions">
          <Button variant="secondary" onClick={onClose} disabled={submitting}>
            {t('cashOut.cancel')}
          </Button>
          <Button type="submit" disabled={!ok || submitting}>
            {t(submitting ? 'cashOut.cashingOut' : 'cashOut.confirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * My Bets' line of cash-out offers: per market with a position, what cashing it all out is worth
 * now (the same live quote as the market's button), or why there is none.
 */
export function CashOutOffers({ markets, positions, titleOf }: { markets: readonly Market[]; positions: ReadonlyMap<string, MarketPosition>; titleOf: (market: Market) => string }) {
  const t = useT();
  const rows = markets.flatMap((m) => {
    const quote = liveCashOut(m, positions.get(m.marketId), 100);
    if (quote === null) return [];
    const text = m.status !== 'open' ? t('cashOut.offerUnavailable', { status: statusWord(m.status) }) : quote.ok ? rupees(quote.valueMinor) : t('cashOut.offerNoPrice');
    return [{ marketId: m.marketId, title: titleOf(m), text }];
  });
  if (rows.length === 0) return null;
  return (
    <ul className="bl-cashout-offers" aria-label={t('cashOut.offers')}>
      {rows.map((r) => {
        const [before, after] = splitAtSlot(t('cashOut.offer', { title: r.title, value: SLOT }));
        return (
          <li key={r.marketId}>
            {before}
            <strong>{r.text}</strong>
            {after}
          </li>
        );
      })}
    </ul>
  );
}
