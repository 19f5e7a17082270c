import { PAYOUT_ROUNDING_STEPS, PF1_DRAW_STEPS } from '@backlay/shared/casino';

/**
 * Exactly how PF-1 draws a round and how a bet's amount rounds to the paisa, in the published
 * words (`@backlay/shared/casino` fairness.ts, their one home): shown in each table's rules and on
 * the Verify view, so a player can rebuild every deal and compute every payout.
 */
export function FairnessText() {
  return (
    <section aria-label="How rounds are drawn and paid">
      <h3 className="bl-casino-rules__caption">How the cards are drawn (PF-1)</h3>
      <ol className="bl-casino-rules__lines" aria-label="How the cards are drawn">
        {PF1_DRAW_STEPS.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <h3 className="bl-casino-rules__caption">How amounts round</h3>
      <ul className="bl-casino-rules__lines" aria-label="How amounts round">
        {PAYOUT_ROUNDING_STEPS.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ul>
    </section>
  );
}
