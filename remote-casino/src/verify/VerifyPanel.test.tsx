import { render, screen, within } from '@testing-library/react';
import { checkRound, type RoundProof } from './verify';
import { VerifyPanel } from './VerifyPanel';

/**
 * CASINO.md §2.3: the PF-1 vector. Nonce 0 of this server seed and client seed deals Dragon 8♦
 * and Tiger K♦; SHA-256 of the seed is the published hash below. Nothing is mocked: the view runs
 * @backlay/shared/casino, the code the table's engine ran.
 */
const VECTOR: RoundProof = {
  gameCode: 'dt20',
  roundId: 'r-vector',
  serverSeed: '3f1c5e0d9b2a47c68e5d0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e',
  serverSeedHash: 'f88bee90df7cdbcb8b1707372af004abdb2201ca20dddf466c598c50b6e66c38',
  clientSeed: 'india-casino-demo',
  nonce: 0,
  cards: ['8DD', 'KDD'],
  hands: { dragon: ['8DD'], tiger: ['KDD'] },
};

describe('checkRound', () => {
  it('recomputes the PF-1 vector: Dragon 8♦, Tiger K♦, and the seed\'s hash', async () => {
    await expect(checkRound(VECTOR)).resolves.toEqual({ seedHash: VECTOR.serverSeedHash, hashMatches: true, cards: ['8DD', 'KDD'], cardsMatch: true });
  });

  it.each([
    ['another seed hash', { serverSeedHash: '0'.repeat(64) }, { hashMatches: false, cardsMatch: true }],
    ['other stored cards', { cards: ['KDD', '8DD'] }, { hashMatches: true, cardsMatch: false }],
    ['another nonce', { nonce: 1 }, { hashMatches: true, cardsMatch: false }],
    ['another client seed', { clientSeed: 'india-casino-demo2' }, { hashMatches: true, cardsMatch: false }],
  ])('tells %s apart', async (_name, change, verdict) => {
    await expect(checkRound({ ...VECTOR, ...change })).resolves.toMatchObject(verdict);
  });

  it('refuses a game this build cannot recompute', async () => {
    await expect(checkRound({ ...VECTOR, gameCode: 'no-such-game' })).rejects.toThrow('This browser cannot recompute no-such-game rounds');
  });
});

describe('VerifyPanel', () => {
  it('shows Match for the hash and the deal, with both deals card by card', async () => {
    render(<VerifyPanel proof={VECTOR} />);
    const checks = await screen.findByRole('list', { name: 'Checks' });
    expect(within(checks).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'MatchThe server seed hashes to the hash published before betting opened.',
      "MatchThe cards recomputed from the seeds are the round's cards.",
    ]);
    const recomputed = screen.getByRole('group', { name: 'Recomputed cards, in dealing order' });
    expect(within(recomputed).getAllByRole('img').map((c) => c.getAttribute('aria-label'))).toEqual(['8 of diamonds', 'King of diamonds']);
    const byHand = screen.getByRole('group', { name: "Round's cards by hand" });
    expect(byHand).toHaveTextContent('Dragon8♦TigerK♦');
  });

  it('shows Mismatch when the stored cards are not the seeds\' deal', async () => {
    render(<VerifyPanel proof={{ ...VECTOR, cards: ['8DD', 'QDD'], hands: undefined }} />);
    const checks = await screen.findByRole('list', { name: 'Checks' });
    expect(within(checks).getAllByRole('listitem')[1]).toHaveTextContent("MismatchThe cards recomputed from the seeds differ from the round's cards.");
    expect(within(checks).getAllByRole('listitem')[0]).toHaveTextContent('Match');
  });
});
