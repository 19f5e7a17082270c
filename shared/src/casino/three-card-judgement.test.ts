/** @jest-environment node */
// jsdom has no crypto.subtle; PF-1 needs Web Crypto.
import { CASINO_GAMES, playRound } from './registry';
import { RtpTally, rtpMismatches } from './testing/rtp-tally';
import { playedRoundProblems, ROUND_CHECK_TIMEOUT_MS } from './testing/round-check';
import { JUDGEMENT_PICKS, judgementMarketCode, threeCardJudgement } from './three-card-judgement';

const game = threeCardJudgement;
const config = game.defaultConfig;
const SUIT_CODES = ['SS', 'HH', 'CC', 'DD'];
const LABELS = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];

describe('3 Cards Judgement: exact RTP of every pick (CASINO.md §1.8)', () => {
  // Every 3-card hand of one deck by its ranks: r1 ≤ r2 ≤ r3, weighted by how many hands of 52
  // cards have those ranks (C(4, k) per rank appearing k times); 455 classes, 22,100 hands.
  const tally = new RtpTally(game.markets(config));
  const choose = (n: number, k: number) => (k === 0 ? 1 : k === 1 ? n : k === 2 ? (n * (n - 1)) / 2 : (n * (n - 1) * (n - 2)) / 6);
  for (let a = 1; a <= 13; a++)
    for (let b = a; b <= 13; b++)
      for (let c = b; c <= 13; c++) {
        const counts = new Map<number, number>();
        for (const r of [a, b, c]) counts.set(r, (counts.get(r) ?? 0) + 1);
        let weight = 1;
        for (const k of counts.values()) weight *= choose(4, k);
        const seen = new Map<number, number>();
        const shoe = [a, b, c].map((r) => `${LABELS[r]}${SUIT_CODES[(seen.set(r, (seen.get(r) ?? -1) + 1), seen.get(r)!)]}`);
        tally.add(game.resolve(shoe, config), weight);
      }

  it('covers C(52,3) = 22,100 hands', () => {
    expect(tally.total).toBe(22_100n);
  });

  it.each(JUDGEMENT_PICKS.filter((_, i) => i % 29 === 0).map((p) => [judgementMarketCode(p)]))('%s: P(No) 0.4471 (fair 2.237), P(Yes) 0.5529 (fair 1.809)', (code) => {
    expect(tally.probability(code, 'NO', 'WIN').toFixed(4)).toBe('0.4471');
    expect((1 / tally.probability(code, 'NO', 'WIN')).toFixed(3)).toBe('2.237');
    expect(tally.probability(code, 'YES', 'WIN').toFixed(4)).toBe('0.5529');
    expect((1 / tally.probability(code, 'YES', 'WIN')).toFixed(3)).toBe('1.809');
    expect(tally.rtp(code, 'YES').toFixed(4)).toBe('0.9787'); // 12,220 / 22,100 × 1.77
    expect(tally.rtp(code, 'NO').toFixed(4)).toBe('0.9791'); // 9,880 / 22,100 × 2.19
  });

  it('every runner\'s rtp and the rules panel equal the enumeration, for all 286 picks', () => {
    expect(game.markets(config)).toHaveLength(286);
    expect(rtpMismatches(game.markets(config), tally, game.rules(config))).toEqual([]);
  });
});

describe('3 Cards Judgement rules', () => {
  it('a pick is 3 different ranks, in any order', () => {
    expect(judgementMarketCode([13, 1, 5])).toBe('CARDS_A_5_K');
    expect(() => judgementMarketCode([1, 1, 5])).toThrow('different');
    expect(() => judgementMarketCode([1, 5])).toThrow('different');
    expect(() => judgementMarketCode([0, 1, 5])).toThrow('different');
  });

  it('Yes wins when any opened card has a picked rank, whatever its suit; No when none has', () => {
    const r = game.resolve(['8DD', 'KDD', '5DD'], config);
    expect(r).toMatchObject({ win: '8,K,5', card: '8DD,KDD,5DD', rdesc: '8♦ K♦ 5♦', hands: { cards: ['8DD', 'KDD', '5DD'] } });
    expect(r.outcomes.CARDS_A_5_K).toEqual({ YES: { rule: 'WIN' }, NO: { rule: 'LOSE' } });
    expect(r.outcomes['CARDS_8_Q_K']).toEqual({ YES: { rule: 'WIN' }, NO: { rule: 'LOSE' } });
    expect(r.outcomes.CARDS_A_2_3).toEqual({ YES: { rule: 'LOSE' }, NO: { rule: 'WIN' } });
    expect(Object.values(r.outcomes).filter((o) => o.NO.rule === 'WIN')).toHaveLength(120); // C(10,3) picks miss 8, K and 5
  });

  it('from the seeds: nonce 0 opens 8♦ K♦ 5♦', async () => {
    const r = await playRound(CASINO_GAMES.teen3cj, '3f1c5e0d9b2a47c68e5d0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e', 'india-casino-demo', 0);
    expect(r.card).toBe('8DD,KDD,5DD');
  });

  it('settles every runner of every market in 200 PF-1 rounds', async () => {
    expect(await playedRoundProblems(game)).toEqual([]);
  }, ROUND_CHECK_TIMEOUT_MS);
});
