import { useId, useState } from 'react';
import { Button } from '@backlay/shared';
import { RANK_LABELS, judgementMarketCode } from '@backlay/shared/casino';
import { useT, type CasinoT } from '../../i18n';
import { marketsBetOn, type TableLayoutProps } from './types';

/** A pick is exactly this many different ranks (docs/rules/casino-games.md §1.8). */
export const JUDGEMENT_PICK_SIZE = 3;

/** A–K, ace low: the ranks a player picks from. */
const RANKS = Array.from({ length: 13 }, (_, i) => i + 1);

function hint(t: CasinoT, picked: readonly number[], refused: boolean, offered: boolean): string {
  if (refused) return t('judgement.refused', { count: JUDGEMENT_PICK_SIZE });
  const left = JUDGEMENT_PICK_SIZE - picked.length;
  if (left > 0) return t('judgement.more', { count: left });
  return offered ? t('judgement.bet') : t('judgement.noBets');
}

/**
 * 3 Cards Judgement: 286 markets, one per set of 3 ranks. The player toggles 3 of the 13 ranks (a
 * 4th is refused with a hint) and gets that set's market with its Yes / No prices; the markets it
 * already bet on this round stay listed below, with their P&L.
 */
export function JudgementLayout({ markets, bets, renderMarket }: TableLayoutProps) {
  const t = useT();
  const titleId = useId();
  const [picked, setPicked] = useState<number[]>([]);
  const [refused, setRefused] = useState(false);

  const toggle = (rank: number) => {
    if (picked.includes(rank)) {
      setPicked(picked.filter((r) => r !== rank));
      setRefused(false);
    } else if (picked.length >= JUDGEMENT_PICK_SIZE) {
      setRefused(true);
    } else {
      setPicked([...picked, rank]);
      setRefused(false);
    }
  };

  const code = picked.length === JUDGEMENT_PICK_SIZE ? judgementMarketCode(picked) : null;
  const chosen = code === null ? undefined : markets.find((m) => m.code === code);
  const betOn = marketsBetOn(bets);
  const others = markets.filter((m) => m !== chosen && betOn.has(m.marketId));

  return (
    <>
      <div className="bl-casino-pick">
        <h2 id={titleId} className="bl-casino-pick__title">
          {t('judgement.choose', { count: JUDGEMENT_PICK_SIZE })}
        </h2>
        <div role="group" aria-labelledby={titleId} className="bl-casino-pick__keys">
          {RANKS.map((rank) => (
            <button key={rank} type="button" className="bl-casino-pick__key" aria-pressed={picked.includes(rank)} onClick={() => toggle(rank)}>
              {RANK_LABELS[rank]}
            </button>
          ))}
        </div>
        <div className="bl-casino-pick__foot">
          <p className={refused ? 'bl-form-error' : 'bl-hint'} role="status">
            {hint(t, picked, refused, chosen !== undefined)}
          </p>
          {picked.length > 0 ? (
            <Button
              variant="secondary"
              className="bl-btn--small"
              onClick={() => {
                setPicked([]);
                setRefused(false);
              }}
            >
              {t('judgement.clear')}
            </Button>
          ) : null}
        </div>
      </div>
      {chosen ? <div className="bl-market-wrap">{renderMarket(chosen)}</div> : null}
      {others.length > 0 ? <h2 className="bl-casino-pick__title">{t('judgement.others')}</h2> : null}
      {others.map((m) => (
        <div key={m.marketId} className="bl-market-wrap">
          {renderMarket(m)}
        </div>
      ))}
    </>
  );
}
