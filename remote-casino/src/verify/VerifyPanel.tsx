import { Spinner, useLoad } from '@backlay/shared';
import { useT } from '../i18n';
import { dealOrder, handName } from '../ui/hands';
import { PlayingCard } from '../ui/PlayingCard';
import { FairnessText } from './FairnessText';
import { checkRound, type RoundProof } from './verify';


function Verdict({ ok, yes, no }: { ok: boolean; yes: string; no: string }) {
  const t = useT();
  return (
    <li className="bl-verify__check">
      <span className={`bl-badge bl-badge--${ok ? 'match' : 'mismatch'}`}>{ok ? t('verify.match') : t('verify.mismatch')}</span>
      <span>{ok ? yes : no}</span>
    </li>
  );
}

/** A deal shown card by card: by hand where the hands are known, else in dealing order. */
function Cards({ label, cards, hands }: { label: string; cards: readonly string[]; hands?: Record<string, string[]> }) {
  const t = useT();
  const byHand = hands && Object.keys(hands).length > 0 ? dealOrder(cards, hands) : null;
  return (
    <div className="bl-verify__deal" role="group" aria-label={label}>
      <p className="bl-muted">{label}</p>
      {byHand ? (
        byHand.map((h) => (
          <p key={h.hand} className="bl-verify__cards">
            <span className="bl-verify__hand">{handName(h.hand, t)}</span>
            {h.cards.map((c) => (
              <PlayingCard key={c.index} code={c.code} />
            ))}
          </p>
        ))
      ) : (
        <p className="bl-verify__cards">
          {cards.map((c, i) => (
            <PlayingCard key={i} code={c} />
          ))}
        </p>
      )}
    </div>
  );
}

/**
 * The Verify view of a settled round (docs/rules/casino-fairness.md §2.2): the revealed server seed, its published
 * hash, the client seed and the nonce, then the two checks done here in the browser — the seed's
 * SHA-256 against the published hash, and the deal recomputed by PF-1 against the round's cards —
 * each said as Match or Mismatch, with both deals shown card by card; then the published PF-1 and
 * rounding text (FairnessText) to recompute it by hand.
 */
export function VerifyPanel({ proof }: { proof: RoundProof }) {
  const t = useT();
  const { load: checking } = useLoad(() => checkRound(proof), JSON.stringify(proof));

  return (
    <section className="bl-verify" aria-label={t('verify.round', { roundId: proof.roundId })}>
      <dl className="bl-facts">
        <dt>{t('verify.serverSeed')}</dt>
        <dd className="bl-verify__hash">{proof.serverSeed}</dd>
        <dt>{t('verify.publishedHash')}</dt>
        <dd className="bl-verify__hash">{proof.serverSeedHash}</dd>
        <dt>{t('verify.clientSeed')}</dt>
        <dd className="bl-verify__hash">{proof.clientSeed}</dd>
        <dt>{t('verify.nonce')}</dt>
        <dd>{proof.nonce}</dd>
        {checking.state === 'done' ? (
          <>
            <dt>{t('verify.seedSha')}</dt>
            <dd className="bl-verify__hash">{checking.value.seedHash}</dd>
          </>
        ) : null}
      </dl>
      {checking.state === 'loading' ? <Spinner label={t('verify.recomputing')} /> : null}
      {checking.state === 'fail' ? (
        <p className="bl-form-error" role="alert">
          {checking.message}
        </p>
      ) : null}
      {checking.state === 'done' ? (
        <div role="status">
          <ul className="bl-verify__checks" aria-label={t('verify.checks')}>
            <Verdict ok={checking.value.hashMatches} yes={t('verify.hashYes')} no={t('verify.hashNo')} />
            <Verdict ok={checking.value.cardsMatch} yes={t('verify.cardsYes')} no={t('verify.cardsNo')} />
          </ul>
          <Cards label={t('verify.recomputed')} cards={checking.value.cards} />
        </div>
      ) : null}
      <Cards label={t('verify.roundCards')} cards={proof.cards} />
      {proof.hands && Object.keys(proof.hands).length > 0 ? <Cards label={t('verify.byHand')} cards={proof.cards} hands={proof.hands} /> : null}
      <details className="bl-casino-rules">
        <summary>{t('verify.yourself')}</summary>
        <FairnessText />
      </details>
    </section>
  );
}
