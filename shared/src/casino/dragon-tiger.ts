/**
 * Dragon Tiger 20-20 (docs/rules/casino-games.md §1.2): one card to Dragon, then one to Tiger, from 8 decks; ace
 * low (1), king high (13). Two rule sets, chosen by the table config and printed in the rules:
 *
 * - exchange (default, the Indian exchange look-alike): suits break a same-rank tie ♠ > ♥ > ♣ > ♦,
 *   so only an identical card is a Tie (decimal 50) and Dragon/Tiger simply lose on it; Pair pays
 *   12 on the same rank;
 * - standard (the live-casino rule): the same rank is a Tie (decimal 9) and Dragon/Tiger lose half
 *   the stake on it; Suited tie (same rank and suit) pays 51.
 *
 * Each side also has odd/even, red/black, small (A–6)/big (8–K; a 7 loses both) and card-rank
 * markets. Win codes are the Diamond feed's: '1' Dragon, '2' Tiger, '3' Tie.
 */
import { RANK_LABELS, isRed, parseCard, type Card, type Suit } from './cards';
import { HALF_LOSE, LOSE, WIN, assertShoe, marketRuleLines, readConfig, rtpFromCounts, settleMarket } from './market-kit';
import { colourMarket, colourOutcomes, isOddRank, lowHighMarket, lowHighOutcomes, oddEvenMarket, oddEvenOutcomes, rankMarket, rankOutcomes } from './single-card';
import { type CasinoGame, type CasinoMarketDef, type RoundResult, type RunnerOutcome } from './types';
import { sidesBadge } from './result-badge';

/**
 * `tieMode` says what a Tie is (the same rank, or an identical card) and `suitPriority` whether
 * suits break a same-rank tie. Only two combinations are coherent, and `parseConfig` accepts only
 * those: { rank, false } (standard) and { identical, true } (exchange).
 */
export interface DragonTigerConfig {
  tieMode: 'rank' | 'identical';
  suitPriority: boolean;
}

/** The exchange variant, the default. */
export const DRAGON_TIGER_EXCHANGE: DragonTigerConfig = Object.freeze({ tieMode: 'identical', suitPriority: true });
/** The standard live-casino variant. */
export const DRAGON_TIGER_STANDARD: DragonTigerConfig = Object.freeze({ tieMode: 'rank', suitPriority: false });

const DECKS = 8;
/** Suit priority of the exchange variant: ♠ > ♥ > ♣ > ♦. */
const SUIT_ORDER: Readonly<Record<Suit, number>> = { S: 4, H: 3, C: 2, D: 1 };

/** Who wins a deal under `config`. */
export function dragonTigerWinner(dragon: Card, tiger: Card, config: DragonTigerConfig): 'DRAGON' | 'TIGER' | 'TIE' {
  if (dragon.rank !== tiger.rank) return dragon.rank > tiger.rank ? 'DRAGON' : 'TIGER';
  if (config.suitPriority && dragon.suit !== tiger.suit) return SUIT_ORDER[dragon.suit] > SUIT_ORDER[tiger.suit] ? 'DRAGON' : 'TIGER';
  return 'TIE';
}

// Exact counts over the 416 × 415 ordered (Dragon, Tiger) deals of an 8-deck shoe (pinned by the
// enumeration in dragon-tiger.test.ts): 52 cards × 8 · 7 identical, 13 ranks × 32 · 31 same rank.
const DEALS = 52 * DECKS * (52 * DECKS - 1);
const IDENTICAL = 52 * DECKS * (DECKS - 1);
const SAME_RANK = 13 * (4 * DECKS) * (4 * DECKS - 1);
const HIGHER_RANK = (DEALS - SAME_RANK) / 2;
/** Exchange: Dragon wins on a higher rank, and on half the same-rank deals that are not identical. */
const WINS_WITH_SUITS = HIGHER_RANK + (SAME_RANK - IDENTICAL) / 2;

const PRICE = {
  side: 200,
  exchangeTie: 5000,
  pair: 1200,
  standardTie: 900,
  suitedTie: 5100,
  odd: 175,
  even: 205,
  colour: 195,
  smallBig: 200,
  rank: 1200,
};

function mainMarkets(config: DragonTigerConfig): CasinoMarketDef[] {
  if (config.tieMode === 'identical') {
    const sideRtp = rtpFromCounts([[WINS_WITH_SUITS, PRICE.side]], DEALS);
    return [
      {
        code: 'WINNER',
        name: 'Dragon / Tiger / Tie',
        runners: [
          { selectionId: 'DRAGON', name: 'Dragon', back: PRICE.side, rtp: sideRtp },
          { selectionId: 'TIE', name: 'Tie (identical card)', back: PRICE.exchangeTie, rtp: rtpFromCounts([[IDENTICAL, PRICE.exchangeTie]], DEALS) },
          { selectionId: 'TIGER', name: 'Tiger', back: PRICE.side, rtp: sideRtp },
        ],
      },
      {
        code: 'PAIR',
        name: 'Pair',
        runners: [
          { selectionId: 'PAIR', name: 'Pair (same rank)', back: PRICE.pair, rtp: rtpFromCounts([[SAME_RANK, PRICE.pair]], DEALS) },
          { selectionId: 'NO_PAIR', name: 'No pair', back: null },
        ],
      },
    ];
  }
  const sideRtp = rtpFromCounts([[HIGHER_RANK, PRICE.side], [SAME_RANK, 50]], DEALS);
  return [
    {
      code: 'WINNER',
      name: 'Dragon / Tiger / Tie',
      runners: [
        { selectionId: 'DRAGON', name: 'Dragon', back: PRICE.side, rtp: sideRtp },
        { selectionId: 'TIE', name: 'Tie (same rank)', back: PRICE.standardTie, rtp: rtpFromCounts([[SAME_RANK, PRICE.standardTie]], DEALS) },
        { selectionId: 'TIGER', name: 'Tiger', back: PRICE.side, rtp: sideRtp },
      ],
    },
    {
      code: 'SUITED_TIE',
      name: 'Suited tie',
      runners: [
        { selectionId: 'SUITED_TIE', name: 'Suited tie', back: PRICE.suitedTie, rtp: rtpFromCounts([[IDENTICAL, PRICE.suitedTie]], DEALS) },
        { selectionId: 'NO_SUITED_TIE', name: 'No suited tie', back: null },
      ],
    },
  ];
}

const SIDES = [
  { key: 'DRAGON', name: 'Dragon', short: 'D' },
  { key: 'TIGER', name: 'Tiger', short: 'T' },
] as const;

function sideMarkets(): CasinoMarketDef[] {
  return SIDES.flatMap(({ key, name }) => [
    oddEvenMarket(`${key}_ODD_EVEN`, `${name} odd / even`, PRICE.odd, PRICE.even),
    colourMarket(`${key}_COLOUR`, `${name} red / black`, PRICE.colour),
    lowHighMarket(`${key}_SMALL_BIG`, `${name} small / big`, { low: 'Small (A–6)', high: 'Big (8–K)' }, PRICE.smallBig, 'LOSE'),
    rankMarket(`${key}_CARD`, `${name} card`, PRICE.rank),
  ]);
}

function markets(config: DragonTigerConfig): CasinoMarketDef[] {
  return [...mainMarkets(config), ...sideMarkets()];
}

function parseConfig(raw: unknown): DragonTigerConfig {
  const config = readConfig<DragonTigerConfig>(raw, { ...DRAGON_TIGER_EXCHANGE }, { tieMode: ['rank', 'identical'], suitPriority: [true, false] });
  if ((config.tieMode === 'identical') !== config.suitPriority) {
    throw new Error('Dragon Tiger is either exchange { tieMode: identical, suitPriority: true } or standard { tieMode: rank, suitPriority: false }');
  }
  return config;
}

const WIN_CODE = { DRAGON: '1', TIGER: '2', TIE: '3' } as const;

function resolve(shoe: readonly string[], config: DragonTigerConfig): RoundResult {
  assertShoe(shoe, 2, 'Dragon Tiger');
  const [dragonCode, tigerCode] = shoe;
  const dragon = parseCard(dragonCode);
  const tiger = parseCard(tigerCode);
  const winner = dragonTigerWinner(dragon, tiger, config);
  const [main, second] = mainMarkets(config);
  const onTie: RunnerOutcome = config.tieMode === 'rank' ? HALF_LOSE : LOSE;
  const sameRank = dragon.rank === tiger.rank;
  const identical = sameRank && dragon.suit === tiger.suit;
  const secondWins = config.tieMode === 'identical' ? sameRank : identical;
  const outcomes: RoundResult['outcomes'] = {
    [main.code]: settleMarket(main, winner, winner === 'TIE' ? onTie : LOSE),
    [second.code]: { [second.runners[0].selectionId]: secondWins ? WIN : LOSE, [second.runners[1].selectionId]: secondWins ? LOSE : WIN },
  };
  for (const [{ key }, card] of [[SIDES[0], dragon], [SIDES[1], tiger]] as const) {
    outcomes[`${key}_ODD_EVEN`] = oddEvenOutcomes(card);
    outcomes[`${key}_COLOUR`] = colourOutcomes(card);
    outcomes[`${key}_SMALL_BIG`] = lowHighOutcomes(card, 'LOSE');
    outcomes[`${key}_CARD`] = rankOutcomes(card);
  }
  const both = (f: (c: Card) => string) => `D : ${f(dragon)} | T : ${f(tiger)}`;
  const winnerName = winner === 'TIE' ? 'Tie' : winner === 'DRAGON' ? 'Dragon' : 'Tiger';
  const rdesc = [
    winnerName,
    secondWins ? 'Yes' : 'No',
    both((c) => (isOddRank(c.rank) ? 'Odd' : 'Even')),
    both((c) => (isRed(c) ? 'Red' : 'Black')),
    both((c) => RANK_LABELS[c.rank]),
    both((c) => (c.rank === 7 ? 'Seven' : c.rank < 7 ? 'Small' : 'Big')),
  ].join('#');
  return { win: WIN_CODE[winner], card: `${dragonCode},${tigerCode}`, rdesc, outcomes, hands: { dragon: [dragonCode], tiger: [tigerCode] } };
}

function rules(config: DragonTigerConfig): string[] {
  const ruleSet =
    config.tieMode === 'identical'
      ? [
          'Rule set: exchange (tieMode identical, suitPriority on). The higher rank wins; on the same rank the higher suit wins, ♠ > ♥ > ♣ > ♦.',
          'Tie: an identical card (same rank and suit); Dragon and Tiger bets lose on it. Pair: both cards have the same rank.',
        ]
      : [
          'Rule set: standard (tieMode rank, suitPriority off). The higher rank wins; suits do not count.',
          'Tie: the same rank; Dragon and Tiger bets lose half the stake on it. Suited tie: the same rank and suit.',
        ];
  return [
    `Deal: ${DECKS} decks (${52 * DECKS} cards), shuffled every round by PF-1; one card to Dragon, then one to Tiger. Ace is low (1), King high (13).`,
    ...ruleSet,
    'Side markets per card: A, 3, 5, 7, 9, J, K are odd; ♥♦ red, ♠♣ black; Small A–6, Big 8–K, a 7 loses both.',
    ...marketRuleLines(markets(config)),
  ];
}

/** Dragon Tiger 20-20, category 23 of docs/rules/product.md §2. */
const resultBadge = sidesBadge([
  { label: 'D', name: 'Dragon', tone: 'a' },
  { label: 'T', name: 'Tiger', tone: 'b' },
  { label: 'Tie', name: 'Tie', tone: 'tie' },
]);

export const dragonTiger20: CasinoGame<DragonTigerConfig> = {
  code: 'dt20',
  title: '20-20 Dragon Tiger',
  categoryId: 23,
  rulesVersion: 1,
  shoe: { kind: 'cards', decks: DECKS },
  defaultConfig: DRAGON_TIGER_EXCHANGE,
  parseConfig,
  markets,
  resolve,
  rules,
  resultBadge,
};
