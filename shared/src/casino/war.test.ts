/** @jest-environment node */
// jsdom has no crypto.subtle; PF-1 needs Web Crypto.
import { canonicalDeck, parseCard } from './cards';
import { CASINO_GAMES, playRound } from './registry';
import { RtpTally, rtpMismatches } from './testing/rtp-tally';
import { playedRoundProblems, ROUND_CHECK_TIMEOUT_MS } from './testing/round-check';
import { casinoWar, warSeatWins, type CasinoWarConfig } from './war';

const game = casinoWar;
const SUIT_ORDER: CasinoWarConfig = { sameRank: 'suit-order' };
const SEAT_LOSES: CasinoWarConfig = { sameRank: 'seat-loses' };

/**
 * Every ordered (dealer, seat card) pair of one deck. A seat's bets depend only on its own card and
 * the dealer's, so giving all six seats the same card settles each seat's markets on that pair: one
 * pass is exact for all six seats (the pair's distribution is the same for every seat).
 */
function tally(config: CasinoWarConfig): RtpTally {
  const t = new RtpTally(game.markets(config));
  const deck = canonicalDeck(1);
  for (const dealer of deck) for (const seat of deck) if (seat !== dealer) t.add(game.resolve([dealer, ...new Array(6).fill(seat)], config), 1);
  return t;
}

describe('Casino War: exact RTP of every market (CASINO.md §1.9)', () => {
  const suitOrder = tally(SUIT_ORDER);
  const seatLoses = tally(SEAT_LOSES);

  it.each([1, 2, 3, 4, 5, 6])('seat %i: suit order decides every pair, the seat wins half: 0.99 at 1.98', (seat) => {
    expect(suitOrder.probability(`WINNER_${seat}`, 'SEAT', 'WIN')).toBe(0.5);
    expect(suitOrder.rtp(`WINNER_${seat}`, 'SEAT')).toBeCloseTo(0.99, 15);
  });

  it('rank only: P(seat beats dealer) 0.4706, P(same rank) 0.0588 (the doc\'s figures), fair 2.125 if ties lose', () => {
    expect(seatLoses.probability('WINNER_1', 'SEAT', 'WIN').toFixed(4)).toBe('0.4706');
    expect((1 / seatLoses.probability('WINNER_1', 'SEAT', 'WIN')).toFixed(3)).toBe('2.125');
    expect((1 - 2 * seatLoses.probability('WINNER_1', 'SEAT', 'WIN')).toFixed(4)).toBe('0.0588');
    expect(seatLoses.rtp('WINNER_1', 'SEAT').toFixed(4)).toBe('0.9318'); // 1,248 / 2,652 × 1.98
  });

  it.each([
    ['COLOUR_3', 'RED', '0.9900'], // 1/2 × 1.98
    ['ODD_EVEN_3', 'ODD', '0.9854'], // 7/13 × 1.83
    ['ODD_EVEN_3', 'EVEN', '0.9785'], // 6/13 × 2.12
    ['SUIT_3', 'S', '0.9375'], // 1/4 × 3.75
  ])('%s/%s: RTP %s', (market, selection, printed) => {
    expect(suitOrder.rtp(market, selection).toFixed(4)).toBe(printed);
  });

  it('every runner\'s rtp and the rules panel equal the enumeration, under both flags', () => {
    expect(rtpMismatches(game.markets(SUIT_ORDER), suitOrder, game.rules(SUIT_ORDER))).toEqual([]);
    expect(rtpMismatches(game.markets(SEAT_LOSES), seatLoses, game.rules(SEAT_LOSES))).toEqual([]);
  });
});

describe('Casino War rules', () => {
  it.each([
    // seat, dealer, suit order, seat loses
    ['KDD', 'QSS', true, true],
    ['ASS', '2DD', false, false], // ace is low
    ['7SS', '7HH', true, false], // ♠ > ♥
    ['7HH', '7CC', true, false],
    ['7CC', '7DD', true, false],
    ['7DD', '7SS', false, false],
  ])('seat %s v dealer %s: wins %s under suit order, %s when a tie loses', (seat, dealer, suitOrder, seatLoses) => {
    expect(warSeatWins(parseCard(seat), parseCard(dealer), SUIT_ORDER)).toBe(suitOrder);
    expect(warSeatWins(parseCard(seat), parseCard(dealer), SEAT_LOSES)).toBe(seatLoses);
  });

  it('deals the dealer first, then seats 1–6, each seat settled on its own card', () => {
    const r = game.resolve(['8HH', '9SS', '2CC', '8SS', '8DD', 'KHH', 'AHH'], SUIT_ORDER);
    expect(r.win).toBe('1,3,5');
    expect(r.card).toBe('8HH,9SS,2CC,8SS,8DD,KHH,AHH');
    expect(r.hands).toEqual({ dealer: ['8HH'], seat1: ['9SS'], seat2: ['2CC'], seat3: ['8SS'], seat4: ['8DD'], seat5: ['KHH'], seat6: ['AHH'] });
    expect(r.rdesc).toBe('Dealer : 8♥#1 : Win | Black | Odd | ♠#2 : Lose | Black | Even | ♣#3 : Win | Black | Even | ♠#4 : Lose | Red | Even | ♦#5 : Win | Red | Odd | ♥#6 : Lose | Red | Odd | ♥');
    expect(r.outcomes.WINNER_4).toEqual({ SEAT: { rule: 'LOSE' }, DEALER: { rule: 'WIN' } });
    expect(r.outcomes.SUIT_2).toEqual({ S: { rule: 'LOSE' }, H: { rule: 'LOSE' }, C: { rule: 'WIN' }, D: { rule: 'LOSE' } });
  });

  it('the sameRank flag defaults to suit-order, is printed, and refuses other values', () => {
    expect(game.parseConfig(undefined)).toEqual(SUIT_ORDER);
    expect(game.rules(SUIT_ORDER).join('\n')).toContain('[sameRank: suit-order]');
    expect(game.rules(SEAT_LOSES).join('\n')).toContain('[sameRank: seat-loses]');
    expect(() => game.parseConfig({ sameRank: 'war' })).toThrow('sameRank');
  });
});

describe('Casino War from the seeds (PF-1, §2.2)', () => {
  it('nonce 0 deals 8♦ to the dealer, then K♦ 5♦ K♥ 10♠ 10♦ 3♣ to seats 1–6', async () => {
    const r = await playRound(CASINO_GAMES.war, '3f1c5e0d9b2a47c68e5d0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e', 'india-casino-demo', 0);
    expect(r.card).toBe('8DD,KDD,5DD,KHH,10SS,10DD,3CC');
    expect(r.win).toBe('1,3,4,5');
  });

  it('settles every runner of every market in 200 rounds', async () => {
    expect(await playedRoundProblems(game)).toEqual([]);
  }, ROUND_CHECK_TIMEOUT_MS);
});
