import { Spinner, useLoad } from '@backlay/shared';
import { dealOrder, handLabel } from '../ui/hands';
import { PlayingCard } from '../ui/PlayingCard';
import { FairnessText } from './FairnessText';
import { checkRound, type RoundProof } from './verify';


function Verdict({ ok, yes, no }: { ok: boolean; yes: string; no: string }) {
  return (
    <li className="bl-verify__check">
      <span className={`bl-badge bl-badge--${ok ? 'match' : 'mismatch'}`}>{ok ? 'Match' : 'Mismatch'}</span>
      <span>{ok ? yes : no}</span>
    </li>
  );
}

/** A deal shown card by card: by hand where the hands are known, else in dealing order. */
function Cards({ label, cards, hands }: { label: string; cards: readonly string[]; hands?: Record<string, string[]> }) {
  const byHand = hands && Object.keys(hands).length > 0 ? dealOrder(cards, hands) : null;
  return (
    <div className="bl-verify__deal" role="group" aria-label={label}>
      <p className="bl-muted">{label}</p>
      {byHand ? (
        byHand.map((h) => (
          <p key={h.hand} className="bl-verify__cards">
            <span className="bl-verify__hand">{handLabel(h.hand)}</span>
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
  const { load: checking } = useLoad(() => checkRound(proof), JSON.stringify(proof));

  return (
    <section className="bl-verify" aria-label={`Verify round ${proof.roundId}`}>
      <dl className="bl-facts">
        <dt>Server seed</dt>
        <dd className="bl-verify__hash">{proof.serverSeed}</dd>
        <dt>Published hash</dt>
        <dd className="bl-verify__hash">{proof.serverSeedHash}</dd>
        <dt>Client seed</dt>
        <dd className="bl-verify__hash">{proof.clientSeed}</dd>
        <dt>Nonce</dt>
        <dd>{proof.nonce}</dd>
        {checking.state === 'done' ? (
          <>
            <dt>SHA-256 of the seed</dt>
            <dd className="bl-verify__hash">{checking.value.seedHash}</dd>
          </>
        ) : null}
      </dl>
      {checking.state === 'loading' ? <Spinner label="Recomputing the round" /> : null}
      {checking.state === 'fail' ? (
        <p className="bl-form-error" role="alert">
          {checking.message}
        </p>
      ) : null}
      {checking.state === 'done' ? (
        <div role="status">
          <ul className="bl-verify__checks" aria-label="Checks">
            <Verdict ok={checking.value.hashMatches} yes="The server seed hashes to the hash published before betting opened." no="The server seed does not hash to the published hash." />
            <Verdict ok={checking.value.cardsMatch} yes="The cards recomputed from the seeds are the round's cards." no="The cards recomputed from the seeds differ from the round's cards." />
          </ul>
          <Cards label="Recomputed cards, in dealing order" cards={checking.value.cards} />
        </div>
      ) : null}
      <Cards label="Round's cards, in dealing order" cards={proof.cards} />
      {proof.hands && Object.keys(proof.hands).length > 0 ? <Cards label="Round's cards by hand" cards={proof.cards} hands={proof.hands} /> : null}
      <details className="bl-casino-rules">
        <summary>How to recompute it yourself</summary>
        <FairnessText />
      </details>
    </section>
  );
}
