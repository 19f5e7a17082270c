import type { CasinoRulesView } from '@backlay/shared';
import { FairnessText } from '../verify/FairnessText';
import { formatOddsDecimal } from '@backlay/shared';
import { formatRtp } from '@backlay/shared/casino';

/**
 * The table's rules, reachable without betting (docs/rules/casino-fairness.md §4.2 disclosure): how the round is
 * dealt and decided, then every market's runners with their payout (decimal, stake included) and
 * their theoretical RTP, then exactly how PF-1 draws and how amounts round (FairnessText). Folded by default so the prices stay near the top on a phone.
 */
export function RulesPanel({ rules }: { rules: CasinoRulesView }) {
  return (
    <details className="bl-casino-rules">
      <summary>Rules and payouts</summary>
      <ul className="bl-casino-rules__lines">
        {rules.lines.map((line, i) => (
          <li key={i}>{line}</li>
        ))}
      </ul>
      {rules.markets.map((m) => (
        <div key={m.code} className="bl-table-wrap">
          <table className="bl-table bl-table--compact" aria-label={`${m.name} payouts`}>
            <caption className="bl-casino-rules__caption">{m.name}</caption>
            <thead>
              <tr>
                <th scope="col">Runner</th>
                <th scope="col" className="num">
                  Back
                </th>
                <th scope="col" className="num">
                  Lay
                </th>
                <th scope="col" className="num">
                  RTP
                </th>
              </tr>
            </thead>
            <tbody>
              {m.runners.map((r) => (
                <tr key={r.selectionId}>
                  <th scope="row">{r.name}</th>
                  <td className="num">{r.back === null ? '—' : formatOddsDecimal(r.back)}</td>
                  <td className="num">{r.lay === null ? '—' : formatOddsDecimal(r.lay)}</td>
                  <td className="num">{r.rtp === null ? '—' : formatRtp(r.rtp)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
      <p className="bl-hint">
        Payouts are decimal and include the stake. The server's clock decides when betting closes: a bet that reaches it after the countdown ends is refused, so a slow connection
        matters. Every round is dealt from a shuffle committed before betting opens, which you can check with Verify once the round is settled.
      </p>
      <FairnessText />
    </details>
  );
}
