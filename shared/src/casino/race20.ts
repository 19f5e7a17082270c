/**
 * Race 20-20 (docs/rules/casino-games.md §1.13): 48 cards (A–Q of each suit) shuffled every round; the four Kings are
 * the racers and are never dealt. Cards are opened one at a time; the first suit to collect 5 cards
 * wins, and with it the King of that suit. Win codes, the Diamond feed's: '1' … '4' for K♠, K♥, K♣,
 * K♦; `rdesc` is `winner#totalPoints#totalCards` (points: A = 1 … Q = 12, of every opened card).
 *
 * Markets (the doc gives the bets, not the prices [M]; prices ours [L]):
 * - Winner: back 3.90 (RTP 0.975), lay 4.15 (RTP 0.988 of liability); fair 4.0 by symmetry;
 * - Total cards: Under (5–12) / Over (13–17), on the line 12.5;
 * - Total points: Under (≤ 80) / Over (≥ 81), on the line 80.5 (the median is 81);
 * - Win with N: the round ends on exactly N = 5, 6, 7, 15, 16 or 17 cards (other counts: no runner).
 *
 * Every chance is exact [C], from multivariate-hypergeometric counts: the round ends on card n when
 * the winning suit gets its 5th card with a, b, c ≤ 4 cards of the others (a + b + c = n − 5); there
 * are (n−1)! / (4! a! b! c!) orders of suits, and 12·11·…·8 × (12)_a (12)_b (12)_c choices of cards.
 * Given the suits, each suit's opened ranks are a uniform subset of its 12, so total points follow
 * from the subset-sum counts of each suit's size.
 */
import { deepFreeze } from '../domain/freeze';
import { SUIT_SYMBOLS, isRed, parseCard, type Suit } from './cards';
import { assertShoe, layRtpFromCounts, marketRuleLines, readConfig, rtpFromCounts, settleMarket } from './market-kit';
import { type CasinoGame, type CasinoMarketDef, type RoundResult } from './types';
import { unknownBadge, type ResultBadge } from './result-badge';

/** Race 20-20 has no rule flags. */
export type Race20Config = Record<string, never>;

/** Cards a suit must collect to win. */
const TO_WIN = 5;
/** Ranks per suit in the deck (A … Q). */
const RANKS = 12;
/** The most cards a round can open: 4 of each losing suit and 5 of the winner. */
const MAX_CARDS = 17;
const SUIT_ORDER: readonly Suit[] = ['S', 'H', 'C', 'D'];
/** The Winner market's runners, one per king. */
const KING_NAMES: Readonly<Record<Suit, string>> = { S: 'King of Spades', H: 'King of Hearts', C: 'King of Clubs', D: 'King of Diamonds' };
const CARDS_LINE = 12.5;
const POINTS_LINE = 80.5;
const WIN_WITH = [5, 6, 7, 15, 16, 17] as const;

const fact = (n: number): bigint => (n <= 1 ? 1n : BigInt(n) * fact(n - 1));
/** (n)_k = n·(n−1)·…·(n−k+1). */
const falling = (n: number, k: number): bigint => (k === 0 ? 1n : BigInt(n) * falling(n - 1, k - 1));
const choose = (n: number, k: number) => falling(n, k) / fact(k);

/** How many k-subsets of the ranks 1 … 12 add to each total: SUBSET_SUMS[k][total]. */
const SUBSET_SUMS: bigint[][] = (() => {
  const out: bigint[][] = Array.from({ length: TO_WIN + 1 }, () => new Array(79).fill(0n));
  const walk = (from: number, k: number, sum: number) => {
    out[k][sum] += 1n;
    if (k === TO_WIN) return;
    for (let r = from; r <= RANKS; r++) walk(r + 1, k + 1, sum + r);
  };
  walk(1, 0, 0);
  return out;
})();

/**
 * Exact chances as weights over every ordered 17-card deal (48·47·…·32 of them): by total cards
 * opened, and by total points.
 */
export interface Race20Chances {
  total: bigint;
  byCards: Map<number, bigint>;
  byPoints: Map<number, bigint>;
}

/** Computes `Race20Chances` exactly (BigInt counts; about 125 end states, each convolved once). */
export function race20Chances(): Race20Chances {
  const total = falling(48, MAX_CARDS);
  const byCards = new Map<number, bigint>();
  const byPoints = new Map<number, bigint>();
  for (let a = 0; a < TO_WIN; a++)
    for (let b = 0; b < TO_WIN; b++)
      for (let c = 0; c < TO_WIN; c++) {
        const n = TO_WIN + a + b + c;
        const orders = fact(n - 1) / (fact(TO_WIN - 1) * fact(a) * fact(b) * fact(c));
        // Four winning suits, each order of suits, the cards chosen, then any rest of the 17-card deal.
        const weight = 4n * orders * falling(RANKS, TO_WIN) * falling(RANKS, a) * falling(RANKS, b) * falling(RANKS, c) * falling(48 - n, MAX_CARDS - n);
        byCards.set(n, (byCards.get(n) ?? 0n) + weight);
        // Points: the four suits' rank subsets are independent and uniform; convolve their sums.
        let sums = new Map<number, bigint>([[0, 1n]]);
        for (const k of [TO_WIN, a, b, c]) {
          const next = new Map<number, bigint>();
          for (const [s, w] of sums) SUBSET_SUMS[k].forEach((count, t) => count && next.set(s + t, (next.get(s + t) ?? 0n) + w * count));
          sums = next;
        }
        const subsets = choose(RANKS, TO_WIN) * choose(RANKS, a) * choose(RANKS, b) * choose(RANKS, c);
        for (const [s, w] of sums) byPoints.set(s, (byPoints.get(s) ?? 0n) + (weight * w) / subsets);
      }
  return { total, byCards, byPoints };
}

/** num / den as a float, after exact integer division to 18 decimals. */
const ratio = (num: bigint, den: bigint) => Number((num * 10n ** 18n) / den) / 1e18;

const PRICE = { winnerBack: 390, winnerLay: 415, cardsUnder: 200, cardsOver: 188, pointsUnder: 200, pointsOver: 190 };
const WIN_WITH_PRICE: Readonly<Record<number, number>> = { 5: 50_000, 6: 12_000, 7: 4_800, 15: 820, 16: 1_350, 17: 3_600 };

function computeMarkets(): CasinoMarketDef[] {
  const chances = race20Chances();
  const p = (pred: (n: number) => boolean, map: Map<number, bigint>) => ratio([...map].filter(([n]) => pred(n)).reduce((s, [, w]) => s + w, 0n), chances.total);
  const line = (code: string, name: string, under: [string, number, number], over: [string, number, number]) => ({
    code,
    name,
    runners: [
      { selectionId: 'UNDER', name: under[0], back: under[1], rtp: rtpFromCounts([[under[2], under[1]]], 1) },
      { selectionId: 'OVER', name: over[0], back: over[1], rtp: rtpFromCounts([[over[2], over[1]]], 1) },
    ],
  });
  const cardsUnder = p((n) => n < CARDS_LINE, chances.byCards);
  const pointsUnder = p((x) => x < POINTS_LINE, chances.byPoints);
  return [
    {
      code: 'WINNER',
      name: 'Winner',
      runners: SUIT_ORDER.map((s) => ({
        selectionId: `K${s}`,
        name: KING_NAMES[s],
        back: PRICE.winnerBack,
        lay: PRICE.winnerLay,
        rtp: rtpFromCounts([[1, PRICE.winnerBack]], 4),
        layRtp: layRtpFromCounts(1, 4, PRICE.winnerLay),
      })),
    },
    line('TOTAL_CARDS', 'Total cards', ['Under 12.5 cards', PRICE.cardsUnder, cardsUnder], ['Over 12.5 cards', PRICE.cardsOver, 1 - cardsUnder]),
    line('TOTAL_POINTS', 'Total points', ['Under 80.5 points', PRICE.pointsUnder, pointsUnder], ['Over 80.5 points', PRICE.pointsOver, 1 - pointsUnder]),
    {
      code: 'WIN_WITH',
      name: 'Win with',
      runners: [
        ...WIN_WITH.map((n) => ({ selectionId: String(n), name: `${n} cards`, back: WIN_WITH_PRICE[n], rtp: rtpFromCounts([[p((m) => m === n, chances.byCards), WIN_WITH_PRICE[n]]], 1) })),
        { selectionId: 'OTHER', name: 'Any other count', back: null },
      ],
    },
  ];
}

let computed: CasinoMarketDef[] | null = null;

/**
 * The markets: fixed (Race 20-20 has no config), their RTPs from the exact chances, which take
 * tens of milliseconds of BigInt work — so computed once, on first use (not at module load: a page
 * that imports the casino module never pays it unless it shows this game), and shared, frozen, by
 * every caller (the engine asks for a round's markets at its open, close and settlement).
 */
function markets(): CasinoMarketDef[] {
  computed ??= deepFreeze(computeMarkets());
  return computed;
}

/** Cards opened, by suit, until one suit has 5: the winner and how many cards were opened. */
export function race20Deal(suits: readonly Suit[]): { winner: Suit; cards: number } | null {
  const counts: Record<Suit, number> = { S: 0, H: 0, C: 0, D: 0 };
  for (let i = 0; i < suits.length; i++) if (++counts[suits[i]] === TO_WIN) return { winner: suits[i], cards: i + 1 };
  return null;
}

function resolve(shoe: readonly string[]): RoundResult {
  assertShoe(shoe, MAX_CARDS, 'Race 20-20');
  const cards = shoe.slice(0, MAX_CARDS).map(parseCard);
  if (cards.some((c) => c.rank === 13)) throw new Error('Race 20-20 never deals a King');
  const deal = race20Deal(cards.map((c) => c.suit));
  if (!deal) throw new Error('Race 20-20: 17 cards without a suit of 5 (not a Race shoe)');
  const used = shoe.slice(0, deal.cards);
  const points = cards.slice(0, deal.cards).reduce((s, c) => s + c.rank, 0);
  const hands: Record<string, string[]> = { spades: [], hearts: [], clubs: [], diamonds: [] };
  const handOf: Record<Suit, string> = { S: 'spades', H: 'hearts', C: 'clubs', D: 'diamonds' };
  used.forEach((code, i) => hands[handOf[cards[i].suit]].push(code));
  const [winner, cardsMarket, pointsMarket, winWith] = markets();
  return {
    win: String(SUIT_ORDER.indexOf(deal.winner) + 1),
    card: used.join(','),
    rdesc: `K${SUIT_SYMBOLS[deal.winner]}#${points}#${deal.cards}`,
    outcomes: {
      WINNER: settleMarket(winner, `K${deal.winner}`),
      TOTAL_CARDS: settleMarket(cardsMarket, deal.cards < CARDS_LINE ? 'UNDER' : 'OVER'),
      TOTAL_POINTS: settleMarket(pointsMarket, points < POINTS_LINE ? 'UNDER' : 'OVER'),
      WIN_WITH: settleMarket(winWith, (WIN_WITH as readonly number[]).includes(deal.cards) ? String(deal.cards) : 'OTHER'),
    },
    hands,
  };
}

function rules(): string[] {
  return [
    'Deal: 48 cards (A to Q of each suit), shuffled every round by PF-1. The four Kings are the racers and are not dealt.',
    'Cards are opened one at a time. The first suit to collect 5 cards wins: its King wins the race. A round opens 5 to 17 cards.',
    'A lay on a King wins when another King wins; a lay risks (price − 1) × stake.',
    'Total cards counts every opened card; Total points adds their values (A 1, 2–10 face value, J 11, Q 12). Win with N: the race ends on exactly N cards.',
    ...marketRuleLines(markets()),
  ];
}

/** Race 20-20, category 41 of docs/rules/product.md §2. */
/** Winner codes: '1'–'4' the king of spades, hearts, clubs, diamonds; counted by suit. */
function resultBadge(win: string): ResultBadge {
  const suit = /^[1-4]$/.test(win) ? SUIT_ORDER[Number(win) - 1] : undefined;
  if (!suit) return unknownBadge(win);
  return { label: `K${SUIT_SYMBOLS[suit]}`, name: KING_NAMES[suit], tone: isRed({ suit, rank: 13 }) ? 'red' : 'black', stat: KING_NAMES[suit] };
}

export const race20: CasinoGame<Race20Config> = {
  code: 'race20',
  title: 'Race 20-20',
  categoryId: 41,
  rulesVersion: 1,
  shoe: { kind: 'cards', decks: 1, ranks: 'ace-to-queen' },
  defaultConfig: {},
  parseConfig: (raw) => readConfig<Race20Config>(raw, {}, {}),
  markets,
  resolve,
  rules,
  resultBadge,
};
