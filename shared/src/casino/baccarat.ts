/**
 * Baccarat, punto banco (docs/rules/casino-games.md §1.6): 8 decks. Cards count A 1, 2–9 face value, 10 and
 * faces 0; a hand scores its total mod 10. Dealt Player, Banker, Player, Banker, then Player's
 * third card if drawn, then Banker's. The third-card rules are the standard tableau (below).
 *
 * Markets: Player 2.0, Banker 1.95 (5% commission), Tie 9.0, with Player and Banker pushing on a
 * tie; Player pair and Banker pair (the hand's first two cards of the same rank) at 12.0 (11:1).
 * Win codes are the Diamond feed's: '1' Player, '2' Banker, '3' Tie.
 */
import { parseCard } from './cards';
import { PUSH, WIN, assertShoe, marketRuleLines, readConfig, rtpFromCounts, settleMarket } from './market-kit';
import { type CasinoGame, type CasinoMarketDef, type RoundResult } from './types';
import { sidesBadge } from './result-badge';

/** Baccarat has no rule flags. */
export type BaccaratConfig = Record<string, never>;

const DECKS = 8;

/** A card's baccarat value: A 1, 2–9 face value, 10 J Q K 0. */
export function baccaratValue(rank: number): number {
  return rank >= 10 ? 0 : rank;
}

/** Player draws a third card on 0–5 and stands on 6–7 (naturals are handled before). */
export function baccaratPlayerDraws(playerTotal: number): boolean {
  return playerTotal <= 5;
}

/**
 * Whether Banker draws, on its two-card total and Player's third card (`null` when Player stood):
 * if Player stood, Banker draws on 0–5; otherwise on 0–2 always, 3 unless the card is an 8, 4 on
 * 2–7, 5 on 4–7, 6 on 6–7, and stands on 7.
 */
export function baccaratBankerDraws(bankerTotal: number, playerThird: number | null): boolean {
  if (playerThird === null) return bankerTotal <= 5;
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return playerThird !== 8;
    case 4:
      return playerThird >= 2 && playerThird <= 7;
    case 5:
      return playerThird >= 4 && playerThird <= 7;
    case 6:
      return playerThird >= 6 && playerThird <= 7;
    default:
      return false;
  }
}

/** A coup played out on card values in dealing order. */
export interface BaccaratCoup {
  player: number[];
  banker: number[];
  playerScore: number;
  bankerScore: number;
  /** How many cards were dealt (4, 5 or 6). */
  used: number;
}

const score = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) % 10;

/**
 * Plays a coup on values (0 … 9) in dealing order: P, B, P, B, then Player's and Banker's third
 * cards as the rules say. Needs as many values as the coup uses (at most 6).
 */
export function baccaratCoup(values: readonly number[]): BaccaratCoup {
  const player = [values[0], values[2]];
  const banker = [values[1], values[3]];
  let next = 4;
  const draw = () => {
    if (next >= values.length) throw new Error(`Baccarat: the shoe ran out after ${values.length} cards`);
    return values[next++];
  };
  const natural = score(player) >= 8 || score(banker) >= 8;
  if (!natural) {
    let playerThird: number | null = null;
    if (baccaratPlayerDraws(score(player))) {
      playerThird = draw();
      player.push(playerThird);
    }
    if (baccaratBankerDraws(score(banker), playerThird)) banker.push(draw());
  }
  return { player, banker, playerScore: score(player), bankerScore: score(banker), used: next };
}

// Exact counts over the 416·415·414·413·412·411 ordered six-card draws of the 8-deck shoe (a coup
// that uses fewer cards counts once per ordering of the unused ones), pinned by the enumeration in
// baccarat.test.ts; they are WoO's (appendix 3): Banker 0.458597, Player 0.446247, Tie 0.095156.
const DRAWS = 4_998_398_275_503_360;
const BANKER_WINS = 2_292_252_566_437_888;
const PLAYER_WINS = 2_230_518_282_592_256;
const TIES = 475_627_426_473_216;
/** Ordered first two cards of a hand: 416 · 415, of which 13 ranks × 32 · 31 are a pair. */
const TWO_CARDS = 416 * 415;
const PAIRS = 13 * 32 * 31;

const PRICE = { player: 200, banker: 195, tie: 900, pair: 1200 };

function pairMarket(code: string, name: string): CasinoMarketDef {
  return {
    code,
    name,
    runners: [
      { selectionId: 'PAIR', name, back: PRICE.pair, rtp: rtpFromCounts([[PAIRS, PRICE.pair]], TWO_CARDS) },
      { selectionId: 'NO_PAIR', name: 'No pair', back: null },
    ],
  };
}

const MARKETS: readonly CasinoMarketDef[] = [
  {
    code: 'WINNER',
    name: 'Player / Banker / Tie',
    runners: [
      { selectionId: 'PLAYER', name: 'Player', back: PRICE.player, rtp: rtpFromCounts([[PLAYER_WINS, PRICE.player], [TIES, 100]], DRAWS) },
      { selectionId: 'TIE', name: 'Tie', back: PRICE.tie, rtp: rtpFromCounts([[TIES, PRICE.tie]], DRAWS) },
      { selectionId: 'BANKER', name: 'Banker', back: PRICE.banker, rtp: rtpFromCounts([[BANKER_WINS, PRICE.banker], [TIES, 100]], DRAWS) },
    ],
  },
  pairMarket('PLAYER_PAIR', 'Player pair'),
  pairMarket('BANKER_PAIR', 'Banker pair'),
];

function markets(): CasinoMarketDef[] {
  return MARKETS.map((m) => ({ ...m, runners: m.runners.map((r) => ({ ...r })) }));
}

function resolve(shoe: readonly string[]): RoundResult {
  assertShoe(shoe, 4, 'Baccarat');
  const cards = shoe.slice(0, 6).map(parseCard);
  const coup = baccaratCoup(cards.map((c) => baccaratValue(c.rank)));
  const dealt = shoe.slice(0, coup.used);
  // Dealing order P1 B1 P2 B2 [P3] [B3]: Player's third is card 5 only if Player drew.
  const playerCodes = [dealt[0], dealt[2], ...(coup.player.length === 3 ? [dealt[4]] : [])];
  const bankerCodes = [dealt[1], dealt[3], ...(coup.banker.length === 3 ? [dealt[coup.used - 1]] : [])];
  const playerPair = cards[0].rank === cards[2].rank;
  const bankerPair = cards[1].rank === cards[3].rank;
  const winner = coup.playerScore === coup.bankerScore ? 'TIE' : coup.playerScore > coup.bankerScore ? 'PLAYER' : 'BANKER';
  const [main, pPair, bPair] = MARKETS;
  return {
    win: winner === 'PLAYER' ? '1' : winner === 'BANKER' ? '2' : '3',
    card: dealt.join(','),
    rdesc: `${winner === 'TIE' ? 'Tie' : winner === 'PLAYER' ? 'Player' : 'Banker'}#P : ${coup.playerScore} | B : ${coup.bankerScore}#${playerPair ? 'Yes' : 'No'}#${bankerPair ? 'Yes' : 'No'}`,
    outcomes: {
      WINNER: winner === 'TIE' ? { PLAYER: PUSH, TIE: WIN, BANKER: PUSH } : settleMarket(main, winner),
      PLAYER_PAIR: settleMarket(pPair, playerPair ? 'PAIR' : 'NO_PAIR'),
      BANKER_PAIR: settleMarket(bPair, bankerPair ? 'PAIR' : 'NO_PAIR'),
    },
    hands: { player: playerCodes, banker: bankerCodes },
  };
}

function rules(): string[] {
  return [
    `Deal: ${DECKS} decks (${52 * DECKS} cards), shuffled every round by PF-1. Player and Banker get two cards each, Player first (P, B, P, B).`,
    'Card values: A 1, 2–9 face value, 10 J Q K 0; a hand scores its total mod 10. The higher score wins; equal scores tie.',
    'If either hand has 8 or 9 (a natural), both stand. Otherwise Player draws on 0–5 and stands on 6–7.',
    'If Player stood, Banker draws on 0–5. If Player drew, Banker draws on 0–2; on 3 unless Player\'s third card is 8; on 4 if it is 2–7; on 5 if 4–7; on 6 if 6–7; stands on 7.',
    'Banker pays 0.95:1 (5% commission). Player and Banker bets are returned on a tie (push). A pair: the hand\'s first two cards have the same rank.',
    ...marketRuleLines(MARKETS),
  ];
}

/** Baccarat, category 22 of docs/rules/product.md §2. */
const resultBadge = sidesBadge([
  { label: 'P', name: 'Player', tone: 'a' },
  { label: 'B', name: 'Banker', tone: 'b' },
  { label: 'T', name: 'Tie', tone: 'tie' },
]);

export const baccarat: CasinoGame<BaccaratConfig> = {
  code: 'baccarat',
  title: 'Baccarat',
  categoryId: 22,
  rulesVersion: 1,
  shoe: { kind: 'cards', decks: DECKS },
  defaultConfig: {},
  parseConfig: (raw) => readConfig<BaccaratConfig>(raw, {}, {}),
  markets,
  resolve,
  rules,
  resultBadge,
};
