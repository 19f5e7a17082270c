/**
 * Bollywood Casino, "btable" (docs/rules/casino-games.md §1.12): one card from a shoe of two 16-card decks (A, J, Q,
 * K of each suit; 32 cards), shuffled every round; two copies of each card leave every card's chance
 * at 1/16. The card names one of six films:
 *
 * | Outcome | Cards |
 * |---|---|
 * | A. Don | A♠ |
 * | B. Amar Akbar Anthony | A♥ A♦ A♣ |
 * | C. Sahib Bibi aur Ghulam | K♠ Q♠ J♠ |
 * | D. Dharam Veer | K♦ K♣ |
 * | E. Kis Kisko Pyaar Karoon | K♥ Q♣ Q♦ Q♥ |
 * | F. Ghulam | J♥ J♣ J♦ |
 *
 * The doc's source gives the cards as suit glyphs whose colours are certain and whose suits are
 * inferred [L] (`}` ♠, `]` ♣, `{` ♥, `[` ♦); the rules panel says so. Side markets at the doc's
 * prices: Dulha Dulhan (Q, K) / Barati (A, J) 1.97, Red / Black 1.97, the rank J / Q / K / A 3.75.
 * The doc names no price for Odd (J, K, A) or the films; ours [L]: Odd 1.30 (RTP 0.975), film backs
 * at RTP 0.9375 (the rank bet's): 15, 5, 5, 7.5, 3.75, 5; lays 19, 5.6, 5.6, 8.7, 4.2, 5.6, each
 * keeping a lay's RTP per unit of liability under 0.99.
 * Win codes (ours, the film letters' order): '1' … '6' for A … F.
 */
import { SUIT_SYMBOLS, isRed, parseCard, type Card } from './cards';
import { assertShoe, layRtpFromCounts, marketRuleLines, readConfig, rtpFromCounts, settleMarket } from './market-kit';
import { colourMarket, colourOutcomes } from './single-card';
import { type CasinoGame, type CasinoMarketDef, type RoundResult } from './types';
import { unknownBadge, type ResultBadge } from './result-badge';

/** Bollywood Casino has no rule flags. */
export type BollywoodConfig = Record<string, never>;

const RANK_NAMES: Readonly<Record<number, string>> = { 1: 'A', 11: 'J', 12: 'Q', 13: 'K' };

/** The films: their cards (rank + suit letter) and prices × 100. */
const FILMS = [
  { selectionId: 'DON', name: 'A. Don', cards: ['AS'], back: 1500, lay: 1900 },
  { selectionId: 'AMAR_AKBAR_ANTHONY', name: 'B. Amar Akbar Anthony', cards: ['AH', 'AD', 'AC'], back: 500, lay: 560 },
  { selectionId: 'SAHIB_BIBI_AUR_GHULAM', name: 'C. Sahib Bibi aur Ghulam', cards: ['KS', 'QS', 'JS'], back: 500, lay: 560 },
  { selectionId: 'DHARAM_VEER', name: 'D. Dharam Veer', cards: ['KD', 'KC'], back: 750, lay: 870 },
  { selectionId: 'KIS_KISKO_PYAAR_KAROON', name: 'E. Kis Kisko Pyaar Karoon', cards: ['KH', 'QC', 'QD', 'QH'], back: 375, lay: 420 },
  { selectionId: 'GHULAM', name: 'F. Ghulam', cards: ['JH', 'JC', 'JD'], back: 500, lay: 560 },
] as const;

/** The cards of one deck. */
const DECK_CARDS = 16;

/** The film a card names: its index in A … F. */
export function bollywoodFilm(card: Card): number {
  const key = `${RANK_NAMES[card.rank] ?? '?'}${card.suit}`;
  const film = FILMS.findIndex((f) => (f.cards as readonly string[]).includes(key));
  if (film < 0) throw new Error(`Bollywood Casino deals A, J, Q, K only, not rank ${card.rank}`);
  return film;
}

const isOdd = (card: Card) => card.rank !== 12; // J, K, A are odd; Q is the one even rank
const isDulhaDulhan = (card: Card) => card.rank === 12 || card.rank === 13;

function markets(): CasinoMarketDef[] {
  const two = (selectionId: string, name: string, back: number | null) => ({ selectionId, name, back, ...(back === null ? {} : { rtp: rtpFromCounts([[8, back]], DECK_CARDS) }) });
  return [
    {
      code: 'FILM',
      name: 'Film',
      runners: FILMS.map((f) => ({
        selectionId: f.selectionId,
        name: f.name,
        back: f.back,
        lay: f.lay,
        rtp: rtpFromCounts([[f.cards.length, f.back]], DECK_CARDS),
        layRtp: layRtpFromCounts(f.cards.length, DECK_CARDS, f.lay),
      })),
    },
    {
      code: 'ODD',
      name: 'Odd',
      runners: [
        { selectionId: 'ODD', name: 'Odd (J, K, A)', back: 130, rtp: rtpFromCounts([[12, 130]], DECK_CARDS) },
        { selectionId: 'EVEN', name: 'Even (Q)', back: null },
      ],
    },
    { code: 'DULHA_BARATI', name: 'Dulha Dulhan / Barati', runners: [two('DULHA_DULHAN', 'Dulha Dulhan (Q, K)', 197), two('BARATI', 'Barati (A, J)', 197)] },
    colourMarket('COLOUR', 'Red / Black', 197),
    {
      code: 'CARD',
      name: 'Card',
      runners: ['J', 'Q', 'K', 'A'].map((label) => ({ selectionId: label, name: label, back: 375, rtp: rtpFromCounts([[4, 375]], DECK_CARDS) })),
    },
  ];
}

const MARKETS = markets();

function resolve(shoe: readonly string[]): RoundResult {
  assertShoe(shoe, 1, 'Bollywood Casino');
  const code = shoe[0];
  const card = parseCard(code);
  const film = bollywoodFilm(card);
  const [filmMarket, oddMarket, dulhaMarket, , cardMarket] = MARKETS;
  const rank = RANK_NAMES[card.rank];
  return {
    win: String(film + 1),
    card: code,
    rdesc: [FILMS[film].name, isOdd(card) ? 'Odd' : 'Even', isDulhaDulhan(card) ? 'Dulha Dulhan' : 'Barati', isRed(card) ? 'Red' : 'Black', `Card ${rank}`].join('#'),
    outcomes: {
      FILM: settleMarket(filmMarket, FILMS[film].selectionId),
      ODD: settleMarket(oddMarket, isOdd(card) ? 'ODD' : 'EVEN'),
      DULHA_BARATI: settleMarket(dulhaMarket, isDulhaDulhan(card) ? 'DULHA_DULHAN' : 'BARATI'),
      COLOUR: colourOutcomes(card),
      CARD: settleMarket(cardMarket, rank),
    },
    hands: { card: [code] },
  };
}

function rules(): string[] {
  const cardsOf = (cards: readonly string[]) => cards.map((c) => `${c[0]}${SUIT_SYMBOLS[c[1] as Card['suit']]}`).join(' ');
  return [
    'Deal: two 16-card decks (A, J, Q, K of each suit; 32 cards), shuffled every round by PF-1; one card. Each of the 16 cards comes once in 16.',
    `Films: ${FILMS.map((f) => `${f.name}: ${cardsOf(f.cards)}`).join('; ')}. Colours are as the provider shows them; which black or red suit each card has is our reading of its symbols.`,
    'Side bets on the same card. Odd: J, K, A (a Q loses). Dulha Dulhan: Q, K; Barati: A, J. Red: ♥♦; Black: ♠♣. Card: the rank J, Q, K or A.',
    'A lay on a film wins when the card names another film; a lay risks (price − 1) × stake.',
    ...marketRuleLines(MARKETS),
  ];
}

/** Bollywood Casino, category 32 of docs/rules/product.md §2. */
/** Winner codes: '1'–'6' the films A–F, each counted under its name. */
function resultBadge(win: string): ResultBadge {
  const film = /^[1-6]$/.test(win) ? FILMS[Number(win) - 1] : undefined;
  if (!film) return unknownBadge(win);
  const label = film.name.slice(0, 1);
  return { label, name: film.name.slice(3), tone: label === 'A' || label === 'D' ? 'a' : label === 'B' || label === 'E' ? 'b' : 'c', stat: film.name };
}

export const bollywoodCasino: CasinoGame<BollywoodConfig> = {
  code: 'btable',
  title: 'Bollywood Casino',
  categoryId: 32,
  rulesVersion: 1,
  shoe: { kind: 'cards', decks: 2, ranks: 'ace-and-court' },
  defaultConfig: {},
  parseConfig: (raw) => readConfig<BollywoodConfig>(raw, {}, {}),
  markets,
  resolve,
  rules,
  resultBadge,
};
