import type { CasinoRulesView } from '@backlay/shared';
import { FairnessText } from '../verify/FairnessText';
import { formatOddsDecimal } from '@backlay/shared';
import { formatRtp } from '@backlay/shared/casino';
import { useT } from '../i18n';

/**
 * The table's rules, reachable without betting (docs/rules/casino-fairness.md §4.2 disclosure): how the round is
 * dealt and decided, then every market's runners with their payout (decimal, stake included) and
 * their theoretical RTP, then exactly how PF-1 draws and how amounts round (FairnessText). Folded by default so the prices stay near the top on a phone.
 */
export function RulesPanel({ rules }: { rules: CasinoRulesView }) {
  const t = useT();
  return (
    <details className="bl-casino-rules">
      <summary>{t('rules.summary')}</summary>
      <ul className="bl-casino-rules__lines">
        {rules.lines.map((line, i) => (
          <li key={i}>{line}</li>
        ))}
      </ul>
      {rules.markets.map((m) => (
        <div key={m.code} className="bl-table-wrap">
          <table className="bl-table bl-table--compact" aria-label={t('rules.payouts', { market: m.name })}>
            <caption className="bl-casino-rules__caption">{m.name}</caption>
            <thead>
              <tr>
                <th scope="col">{t('market.runner')}</th>
                <th scope="col" className="num">
                  {t('side.back')}
                </th>
                <th scope="col" className="num">
                  {t('side.lay')}
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
      <p className="bl-hint">{t('rules.hint')}</p>
      <FairnessText />
    </details>
  );
}
