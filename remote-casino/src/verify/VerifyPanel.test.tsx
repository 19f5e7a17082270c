import { spokenText } from '../ui/spoken-text';
import { render, screen, within } from '@testing-library/react';
import { PAYOUT_ROUNDING_STEPS, PF1_DRAW_STEPS } from '@backlay/shared/casino';
import { checkRound, type RoundProof } from './verify';
import { VerifyPanel } from './VerifyPanel';

/**
 * docs/rules/casino-fairness.md §2.3, the PF-1 vector: server seed, client seed 'india-casino-demo', nonce 0; SHA-256
 * of the seed is the hash below. Nothing is mocked: the view runs @backlay/shared/casino, the code
 * the tables' engine runs.
 *
 * §2.3's worked deals shuffle ONE 52-card deck: its first cards are 8♦ K♦ 5♦ K♥ 10♠ 10♦, so Dragon
 * 8♦ / Tiger K♦, and Teen Patti A = 8♦ 5♦ 10♠, B = K♦ K♥ 10♦ (dealt A1 B1 A2 B2 A3 B3). Teen Patti
 * plays that one deck, so its round of this vector is that deal. Dragon Tiger 20-20 plays an
 * 8-deck shoe (docs/rules/casino-games.md §1.2; `dragonTiger20.shoe`), whose shuffle of the same seeds starts
 * 10♠ 4♥: that is the round the table deals, and a record claiming the one-deck 8♦ / K♦ is told
 * apart as a Mismatch.
 */
const SEEDS = {
  serverSeed: '3f1c5e0d9b2a47c68e5d0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e',
  serverSeedHash: 'f88bee90df7cdbcb8b1707372af004abdb2201ca20dddf466c598c50b6e66c38',
  clientSeed: 'india-casino-demo',
  nonce: 0,
};
const TEEN_PATTI: RoundProof = { ...SEEDS, gameCode: 'teen20', roundId: 'r-teen', cards: ['8DD', 'KDD', '5DD', 'KHH', '10SS', '10DD'] };
const DRAGON_TIGER: RoundProof = { ...SEEDS, gameCode: 'dt20', roundId: 'r-dt', cards: ['10SS', '4HH'], hands: { tiger: ['4HH'], dragon: ['10SS'] } };

describe('checkRound', () => {
  it('recomputes the one-deck deal of the vector (Teen Patti: A 8♦ 5♦ 10♠, B K♦ K♥ 10♦) and the seed\'s hash', async () => {
    await expect(checkRound(TEEN_PATTI)).resolves.toEqual({ seedHash: SEEDS.serverSeedHash, hashMatches: true, cards: TEEN_PATTI.cards, cardsMatch: true });
  });

  it('recomputes the vector\'s Dragon Tiger round from its 8-deck shoe: Dragon 10♠, Tiger 4♥', async () => {
    await expect(checkRound(DRAGON_TIGER)).resolves.toEqual({ seedHash: SEEDS.serverSeedHash, hashMatches: true, cards: ['10SS', '4HH'], cardsMatch: true });
  });

  it.each([
    ['the one-deck Dragon 8♦ / Tiger K♦ on the 8-deck table', { cards: ['8DD', 'KDD'] }, { hashMatches: true, cardsMatch: false }],
    ['another seed hash', { serverSeedHash: '0'.repeat(64) }, { hashMatches: false, cardsMatch: true }],
    ['the cards swapped', { cards: ['4HH', '10SS'] }, { hashMatches: true, cardsMatch: false }],
    ['another nonce', { nonce: 1 }, { hashMatches: true, cardsMatch: false }],
    ['another client seed', { clientSeed: 'india-casino-demo2' }, { hashMatches: true, cardsMatch: false }],
  ])('tells apart %s', async (_name, change, verdict) => {
    await expect(checkRound({ ...DRAGON_TIGER, ...change })).resolves.toMatchObject(verdict);
  });

  it('refuses a game this build cannot recompute', async () => {
    await expect(checkRound({ ...DRAGON_TIGER, gameCode: 'no-such-game' })).rejects.toThrow('This browser cannot recompute no-such-game rounds');
  });
});

describe('VerifyPanel', () => {
  it('shows Match for the hash and the deal, with both deals card by card', async () => {
    render(<VerifyPanel proof={DRAGON_TIGER} />);
    const checks = await screen.findByRole('list', { name: 'Checks' });
    expect(within(checks).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'MatchThe server seed hashes to the hash published before betting opened.',
      "MatchThe cards recomputed from the seeds are the round's cards.",
    ]);
    const recomputed = screen.getByRole('group', { name: 'Recomputed cards, in dealing order' });
    expect(within(recomputed).getAllByRole('img').map((c) => c.getAttribute('aria-label'))).toEqual(['10 of spades', '4 of hearts']);
    const byHand = screen.getByRole('group', { name: "Round's cards by hand" });
    expect(spokenText(byHand)).toBe("Round's cards by handDragon[10 of spades]Tiger[4 of hearts]");
  });

  it('publishes exactly how PF-1 draws an index (⌊u/q⌋ with rejection) and how amounts round to the paisa', async () => {
    render(<VerifyPanel proof={DRAGON_TIGER} />);
    await screen.findByRole('list', { name: 'Checks' });
    const draws = screen.getByRole('list', { name: 'How the cards are drawn' });
    expect(draws).toHaveTextContent('q = ⌊2^32 / m⌋; read the next word u; if u ≥ q·m, discard it and read the next word; otherwise j = ⌊u / q⌋');
    expect(within(draws).getAllByRole('listitem')).toHaveLength(PF1_DRAW_STEPS.length);
    const rounding = screen.getByRole('list', { name: 'How amounts round' });
    expect(rounding).toHaveTextContent('rounded down to the paisa');
    expect(within(rounding).getAllByRole('listitem').map((li) => li.textContent)).toEqual([...PAYOUT_ROUNDING_STEPS]);
  });

  it('shows Mismatch when the stored cards are not the seeds\' deal', async () => {
    render(<VerifyPanel proof={{ ...DRAGON_TIGER, cards: ['8DD', 'KDD'], hands: undefined }} />);
    const checks = await screen.findByRole('list', { name: 'Checks' });
    expect(within(checks).getAllByRole('listitem')[1]).toHaveTextContent("MismatchThe cards recomputed from the seeds differ from the round's cards.");
    expect(within(checks).getAllByRole('listitem')[0]).toHaveTextContent('Match');
  });
});
