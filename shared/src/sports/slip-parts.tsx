/**
 * The parts every bet slip (the sports odds page's, the casino table's) draws alike: the Stake
 * field and the player's stake buttons, the runner book it projects, the slip's end (why it is
 * closed, the server's refusal, Cancel and Place Bet) and the placed bet's toast text. By subpath
 * (`@backlay/shared/slip-parts`), so they load with the pages that have a slip, not through the
 * @backlay/shared singleton on every first page (ADR 0025's budget): stateless, they reach no
 * client, bus, store or context (ADR 0050). The submission itself (`useSlipSubmission`, which
 * toasts through the bus) stays in the singleton.
 */
import type { ReactNode } from 'react';
import type { ButtonValue } from '../contracts/index';
import { localizeApiMessage } from '../i18n/api-messages';
import { sharedT, useSharedT } from '../i18n/shared-catalog';
import { formatRupees, toRupees } from '../kernel/money';
import { Button, TextField } from '../ui/kit';
import { Pnl } from '../ui/pnl';

/**
 * The toast of a placed runner bet: the server's message, and the price the bet was matched at
 * when the market beat the one asked (best execution, ADR 0034: a back matched higher, a lay lower),
 * in the page's language.
 */
export function placedRunnerNotice(message: string, askedOdds: number, matchedOdds: number, format: (odds: number) => string = String): string {
  return matchedOdds === askedOdds ? message : sharedT('slip.matchedAt', { message: localizeApiMessage(message), matched: format(matchedOdds), asked: format(askedOdds) });
}

/** The slip's Stake field, its limits as the hint; `invalid` shows why the typed stake is refused. */
export function StakeField({ stakeText, onStakeText, invalid, hint }: { stakeText: string; onStakeText: (text: string) => void; invalid: boolean; hint?: ReactNode }) {
  const t = useSharedT();
  return (
    <TextField
      label={t('slip.stake')}
      inputMode="decimal"
      autoComplete="off"
      value={stakeText}
      onChange={(e) => onStakeText(e.target.value)}
      hint={hint}
      error={invalid && t('slip.stakeInvalid')}
    />
  );
}

/**
 * The player's stake buttons: each puts its value into the Stake field. With a stake limit in force
 * (`maxStake`, rupees: the player's responsible-gambling limit on what one bet can lose), the
 * buttons whose bet could lose more (`lossOf`, rupees; the stake itself by default, as for a back
 * bet) are disabled and a note says why, so a button never offers a stake the server will refuse;
 * the server stays the authority, and a stake typed above the limit is refused with its words.
 */
export function QuickStakes({ stakeButtons, onStakeText, maxStake = null, lossOf = (stake) => stake }: { stakeButtons: readonly ButtonValue[]; onStakeText: (text: string) => void; maxStake?: number | null; lossOf?: (stake: number) => number }) {
  const t = useSharedT();
  const above = (value: number) => maxStake !== null && lossOf(value) > maxStake;
  const capped = stakeButtons.some((b) => above(b.value));
  return (
    <div className="bl-slip__stakes" role="group" aria-label={t('slip.quickStakes')}>
      {stakeButtons.map((b, i) => (
        <Button key={`${i}:${b.label}`} variant="secondary" className="bl-btn--small" disabled={above(b.value)} onClick={() => onStakeText(String(b.value))}>
          {b.label}
        </Button>
      ))}
      {capped && maxStake !== null ? <p className="bl-slip__stakes-note">{t('slip.stakeLimitNote', { amount: formatRupees(maxStake) })}</p> : null}
    </div>
  );
}

/**
 * The end of a bet slip: why it takes no bets now (a status), the server's refusal (an alert),
 * `children` (a slip's own offer after a refusal), then Cancel and Place Bet — which waits for a
 * bet, an open slip and the running submission.
 */
export function SlipActions({ closed, error, canPlace, submitting, onCancel, children }: { closed: ReactNode; error: string | null; canPlace: boolean; submitting: boolean; onCancel: () => void; children?: ReactNode }) {
  const t = useSharedT();
  return (
    <>
      {closed ? (
        <p className="bl-hint" role="status">
          {closed}
        </p>
      ) : null}
      {error ? (
        <p className="bl-form-error" role="alert">
          {error}
        </p>
      ) : null}
      {children}
      <div className="bl-form-actions">
        <Button variant="secondary" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button type="submit" disabled={!canPlace || submitting} aria-busy={submitting || undefined}>
          {t('slip.placeBet')}
        </Button>
      </div>
    </>
  );
}

/** One runner of a slip's book: its P&L now and with the slip's bet (null while there is no bet). */
export interface SlipBookRow {
  selectionId: string;
  name: string;
  nowMinor: number;
  afterMinor: number | null;
}

/**
 * A runner market's book in a slip: each runner's P&L if it wins, now and with the slip's bet,
 * and the market's exposure now → with the bet (once there is a bet).
 */
export function SlipRunnerBook({ rows, exposure }: { rows: readonly SlipBookRow[]; exposure: { nowMinor: number; afterMinor: number } | null }) {
  const t = useSharedT();
  return (
    <div className="bl-slip__book">
      <table className="bl-table bl-table--compact" aria-label={t('slip.book.label')}>
        <thead>
          <tr>
            <th scope="col">{t('slip.book.runner')}</th>
            <th scope="col" className="num">
              {t('slip.book.now')}
            </th>
            <th scope="col" className="num">
              {t('slip.book.withBet')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
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
      {exposure ? (
        <p className="bl-slip__exposure">
          {t('slip.book.exposure')} {formatRupees(toRupees(exposure.nowMinor))} → <strong>{formatRupees(toRupees(exposure.afterMinor))}</strong>
        </p>
      ) : null}
    </div>
  );
}
