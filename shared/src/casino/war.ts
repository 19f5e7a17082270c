/**
 * Casino War, the 6-seat Indian version (docs/rules/casino-games.md §1.9): one 52-card deck shuffled every round.
 * The first card is the dealer's, cards 2–7 go to seats 1–6. Each seat is its own bet against the
 * dealer's card: ace low (1), K high (13). On the same rank, the doc's recommended auraegaming rule
 * breaks the tie by suit, ♠ > ♥ > ♣ > ♦, so a seat either beats the dealer or not (flag
 * `sameRank: 'suit-order'`, the default); the other setting, `'seat-loses'`, is rank only with a
 * tie losing (the doc's "fair decimal 2.125 if ties lose").
 *
 * Per seat: Winner, Red / Black, Odd / Even and the suit of the seat's card. The doc names no prices
 * for this table; ours [L] are those of the same bets elsewhere on the site: Winner and Red / Black
 * 1.98, Odd 1.83 / Even 2.12 (AAA's), a suit 3.75 (Bollywood's J/Q/K/A, the same one-in-four
 * chance). Win code (ours; the doc gives none): the winning seats, comma-separated, or '0' if none.
 */
import { RANK_LABELS, SUITS, SUIT_SYMBOLS, isRed, parseCard, type Card } from './cards';
import { LOSE, WIN, assertShoe, marketRuleLines, readConfig, rtpFromCounts } from './market-kit';
import { colourMarket, colourOutcomes, isOddRank, oddEvenMarket, oddEvenOutcomes, suitMarket, suitOutcomes } from './single-card';
import { type CasinoGame, type CasinoMarketDef, type RoundResult } from './types';
import { unknownBadge, type ResultBadge } from './result-badge';

/** How a seat whose card has the dealer's rank settles: by suit order (default), or it loses. */
export interface CasinoWarConfig {
  sameRank: 'suit-order' | 'seat-loses';
}

const SEATS = [1, 2, 3, 4, 5, 6] as const;

const PRICE = { winner: 198, colour: 198, odd: 183, even: 212, suit: 375 };

/** ♠ > ♥ > ♣ > ♦: PF-1's suit order, the first strongest. */
const suitStrength = (card: Card) => SUITS.length - SUITS.indexOf(card.suit);

/** Whether the seat's card beats the dealer's under `config` (two different cards of one deck). */
export function warSeatWins(seat: Card, dealer: Card, config: CasinoWarConfig): boolean {
  if (seat.rank !== dealer.rank) return seat.rank > dealer.rank;
  return config.sameRank === 'suit-order' && suitStrength(seat) > suitStrength(dealer);
}

// Ordered (dealer, seat) card pairs: 52 · 51 = 2,652. Suit order: every pair is decided, and the
// seat wins half of them by symmetry, 1,326. Rank only: the seat's rank is higher in
// 4 · 4 · (0 + 1 + … + 12) = 1,248 pairs; 4 · 3 · 13 = 156 pairs share a rank.
const PAIRS = 2_652;
const SEAT_WINS: Readonly<Record<CasinoWarConfig['sameRank'], number>> = { 'suit-order': 1_326, 'seat-loses': 1_248 };

function markets(config: CasinoWarConfig): CasinoMarketDef[] {
  return SEATS.flatMap((seat): CasinoMarketDef[] => [
    {
      code: `WINNER_${seat}`,
      name: `Seat ${seat}`,
      runners: [
        { selectionId: 'SEAT', name: `Seat ${seat} wins`, back: PRICE.winner, rtp: rtpFromCounts([[SEAT_WINS[config.sameRank], PRICE.winner]], PAIRS) },
        { selectionId: 'DEALER', name: 'Dealer wins', back: null },
      ],
    },
    colourMarket(`COLOUR_${seat}`, `Seat ${seat} Red / Black`, PRICE.colour),
    oddEvenMarket(`ODD_EVEN_${seat}`, `Seat ${seat} Odd / Even`, PRICE.odd, PRICE.even),
    suitMarket(`SUIT_${seat}`, `Seat ${seat} Suit`, PRICE.suit),
  ]);
}

function resolve(shoe: readonly string[], config: CasinoWarConfig): RoundResult {
  assertShoe(shoe, 7, 'Casino War');
  const dealt = shoe.slice(0, 7);
  const [dealer, ...seats] = dealt.map(parseCard);
  const winners = SEATS.filter((s) => warSeatWins(seats[s - 1], dealer, config));
  const outcomes: RoundResult['outcomes'] = {};
  const hands: Record<string, string[]> = { dealer: [dealt[0]] };
  const descs: string[] = [];
  for (const s of SEATS) {
    const card = seats[s - 1];
    const wins = winners.includes(s);
    outcomes[`WINNER_${s}`] = { SEAT: wins ? WIN : LOSE, DEALER: wins ? LOSE : WIN };
    outcomes[`COLOUR_${s}`] = colourOutcomes(card);
    outcomes[`ODD_EVEN_${s}`] = oddEvenOutcomes(card);
    outcomes[`SUIT_${s}`] = suitOutcomes(card);
    hands[`seat${s}`] = [dealt[s]];
    descs.push(`${s} : ${wins ? 'Win' : 'Lose'} | ${isRed(card) ? 'Red' : 'Black'} | ${isOddRank(card.rank) ? 'Odd' : 'Even'} | ${SUIT_SYMBOLS[card.suit]}`);
  }
  return {
    win: winners.length ? winners.join(',') : '0',
    card: dealt.join(','),
    rdesc: `Dealer : ${RANK_LABELS[dealer.rank]}${SUIT_SYMBOLS[dealer.suit]}#${descs.join('#')}`,
    outcomes,
    hands,
  };
}

function rules(config: CasinoWarConfig): string[] {
  return [
    'Deal: one 52-card deck, shuffled every round by PF-1. The first card is the dealer\'s; the next six go to seats 1 to 6.',
    'Each seat is its own bet against the dealer\'s card: the higher rank wins, ace low (1), King high (13). Several seats can win in one round.',
    config.sameRank === 'suit-order'
      ? 'A seat with the dealer\'s rank is decided by suit, ♠ > ♥ > ♣ > ♦, so every seat either wins or loses. [sameRank: suit-order]'
      : 'A seat with the dealer\'s rank loses. [sameRank: seat-loses]',
    'Red / Black, Odd / Even (Odd: A, 3, 5, 7, 9, J, K) and Suit bets are on the seat\'s own card.',
    ...marketRuleLines(markets(config)),
  ];
}

/** Casino War, category 29 of docs/rules/product.md §2. */
/** The winner code lists the seats that beat the dealer ('1,3'), '0' none; counted by how many won. */
function resultBadge(win: string): ResultBadge {
  if (win === '0') return { label: '0', name: 'Dealer beats every seat', tone: 'b', stat: 'No seat wins' };
  if (!/^[1-6](,[1-6]){0,5}$/.test(win)) return unknownBadge(win);
  const seats = win.split(',');
  return { label: String(seats.length), name: `Seat${seats.length > 1 ? 's' : ''} ${seats.join(', ')} win${seats.length > 1 ? '' : 's'}`, tone: 'a', stat: `${seats.length} seat${seats.length > 1 ? 's' : ''} win${seats.length > 1 ? '' : 's'}` };
}

export const casinoWar: CasinoGame<CasinoWarConfig> = {
  code: 'war',
  title: 'Casino War',
  categoryId: 29,
  rulesVersion: 1,
  shoe: { kind: 'cards', decks: 1 },
  defaultConfig: Object.freeze({ sameRank: 'suit-order' }),
  parseConfig: (raw) => readConfig<CasinoWarConfig>(raw, { sameRank: 'suit-order' }, { sameRank: ['suit-order', 'seat-loses'] }),
  markets,
  resolve,
  rules,
  resultBadge,
};
