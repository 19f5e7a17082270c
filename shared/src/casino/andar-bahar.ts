/**
 * Andar Bahar (docs/rules/casino-games.md §1.3): one 52-card deck. The first card is the joker (not wild); cards are
 * then dealt alternately to the two sides, starting with `firstSide`, until one matches the
 * joker's rank, and that side wins. A match always comes (three cards of the rank remain), so
 * there is no push. Equivalently: an odd number of cards after the joker means the first side won.
 *
 * The starting side and the payouts decide the RTP together, so the config holds both:
 * - `bahar-quarter-on-first` (default, the Diamond `ab20` settlement): Andar 0.9:1; Bahar 1:1, but
 *   0.25:1 (`WIN_REDUCED`) when the match is Bahar's first card;
 * - `first-dealt-0.9`: the side dealt first pays 0.9:1, the other 1:1.
 * Win codes (ours): '1' Andar, '2' Bahar.
 */
import { RANK_LABELS, parseCard } from './cards';
import { LOSE, WIN, backReturnPer100, marketRuleLines, readConfig, rtpFromCounts } from './market-kit';
import { type CasinoGame, type CasinoMarketDef, type RoundResult, type RunnerOutcome } from './types';
import { sidesBadge } from './result-badge';

export type AndarBaharSide = 'andar' | 'bahar';

export interface AndarBaharConfig {
  firstSide: AndarBaharSide;
  payouts: 'bahar-quarter-on-first' | 'first-dealt-0.9';
}

const DEFAULT_CONFIG: AndarBaharConfig = Object.freeze({ firstSide: 'bahar', payouts: 'bahar-quarter-on-first' });

/** Profit per 100 when the match is Bahar's first card, under `bahar-quarter-on-first`. */
const BAHAR_FIRST_CARD_PROFIT = 25;

/** The side that receives the k-th card after the joker (k = 1, 2, …). */
export function andarBaharSideOf(k: number, firstSide: AndarBaharSide): AndarBaharSide {
  return k % 2 === 1 ? firstSide : firstSide === 'andar' ? 'bahar' : 'andar';
}

/** Position after the joker of Bahar's first card: 1 if Bahar is dealt first, else 2. */
const baharFirstPosition = (config: AndarBaharConfig) => (config.firstSide === 'bahar' ? 1 : 2);

/** The decimal prices × 100 of Andar and Bahar under `config`. */
function prices(config: AndarBaharConfig): Record<AndarBaharSide, number> {
  if (config.payouts === 'bahar-quarter-on-first') return { andar: 190, bahar: 200 };
  return config.firstSide === 'andar' ? { andar: 190, bahar: 200 } : { andar: 200, bahar: 190 };
}

// Exact first-match distribution over the 51 cards after the joker, 3 of them matching: the first
// match is the k-th card in C(51 − k, 2) of the C(51,3) = 20,825 equally likely placements.
const PLACEMENTS = 20_825;
const firstMatchCount = (k: number) => ((51 - k) * (50 - k)) / 2;

/** How a back bet on `side` settles when the match is the k-th card after the joker. */
function sideOutcome(side: AndarBaharSide, k: number, config: AndarBaharConfig): RunnerOutcome {
  if (andarBaharSideOf(k, config.firstSide) !== side) return LOSE;
  if (side === 'bahar' && config.payouts === 'bahar-quarter-on-first' && k === baharFirstPosition(config)) {
    return { rule: 'WIN_REDUCED', profit: BAHAR_FIRST_CARD_PROFIT };
  }
  return WIN;
}

function sideRtp(side: AndarBaharSide, config: AndarBaharConfig): number {
  const price = prices(config)[side];
  const cases: [number, number][] = [];
  for (let k = 1; k <= 49; k++) cases.push([firstMatchCount(k), backReturnPer100(sideOutcome(side, k, config), price)]);
  return rtpFromCounts(cases, PLACEMENTS);
}

function markets(config: AndarBaharConfig): CasinoMarketDef[] {
  const price = prices(config);
  return [
    {
      code: 'WINNER',
      name: 'Andar / Bahar',
      runners: [
        { selectionId: 'ANDAR', name: 'Andar', back: price.andar, rtp: sideRtp('andar', config) },
        { selectionId: 'BAHAR', name: 'Bahar', back: price.bahar, rtp: sideRtp('bahar', config) },
      ],
    },
  ];
}

function resolve(shoe: readonly string[], config: AndarBaharConfig): RoundResult {
  const jokerCode = shoe[0];
  if (jokerCode === undefined) throw new Error('Andar Bahar needs a joker');
  const joker = parseCard(jokerCode);
  const hands: Record<AndarBaharSide, string[]> = { andar: [], bahar: [] };
  for (let k = 1; k < shoe.length; k++) {
    const side = andarBaharSideOf(k, config.firstSide);
    hands[side].push(shoe[k]);
    if (parseCard(shoe[k]).rank !== joker.rank) continue;
    return {
      win: side === 'andar' ? '1' : '2',
      card: shoe.slice(0, k + 1).join(','),
      rdesc: `${side === 'andar' ? 'Andar' : 'Bahar'}#Joker : ${RANK_LABELS[joker.rank]}#Cards : ${k}`,
      outcomes: { WINNER: { ANDAR: sideOutcome('andar', k, config), BAHAR: sideOutcome('bahar', k, config) } },
      hands: { joker: [jokerCode], andar: hands.andar, bahar: hands.bahar },
    };
  }
  throw new Error(`Andar Bahar: no card of the joker's rank in a shoe of ${shoe.length} cards`);
}

function rules(config: AndarBaharConfig): string[] {
  const first = config.firstSide === 'andar' ? 'Andar' : 'Bahar';
  const second = config.firstSide === 'andar' ? 'Bahar' : 'Andar';
  return [
    `Deal: one 52-card deck, shuffled every round by PF-1. The first card is the joker; then cards go to ${first} and ${second} in turn, ${first} first, until one has the joker's rank. That side wins. [firstSide: ${config.firstSide}]`,
    config.payouts === 'bahar-quarter-on-first'
      ? `Payouts: Andar 0.9:1; Bahar 1:1, but 0.25:1 when Bahar's first card is the match. [payouts: bahar-quarter-on-first]`
      : `Payouts: ${first} (dealt first) 0.9:1, ${second} 1:1. [payouts: first-dealt-0.9]`,
    ...marketRuleLines(markets(config)),
  ];
}

/** Andar Bahar, category 26 of docs/rules/product.md §2. */
const resultBadge = sidesBadge([
  { label: 'A', name: 'Andar', tone: 'a' },
  { label: 'B', name: 'Bahar', tone: 'b' },
]);

export const andarBahar: CasinoGame<AndarBaharConfig> = {
  code: 'ab20',
  title: 'Andar Bahar',
  categoryId: 26,
  rulesVersion: 1,
  shoe: { kind: 'cards', decks: 1 },
  defaultConfig: DEFAULT_CONFIG,
  parseConfig: (raw) =>
    readConfig<AndarBaharConfig>(raw, { ...DEFAULT_CONFIG }, { firstSide: ['andar', 'bahar'], payouts: ['bahar-quarter-on-first', 'first-dealt-0.9'] }),
  markets,
  resolve,
  rules,
  resultBadge,
};
