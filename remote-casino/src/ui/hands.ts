/**
 * A round's hands as the table and the verifier both draw them (one home: table/ and verify/ each
 * read them from here, neither from the other).
 */

import { t as casinoT, tOr, type CasinoT } from '../i18n';

/** A hand's key as a heading: 'dragon' → 'Dragon', 'playerA' → 'Player A'. The English name: a round's result names its winner so. */
export function handLabel(key: string): string {
  const words = key.replace(/([a-z])([A-Z0-9])/g, '$1 $2').replace(/[_-]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A hand's name as the page's language writes it ('dragon' → 'Dragon', in Hindi 'ड्रैगन'; 'seat3' →
 * 'Seat 3'); a hand the catalog does not know reads as `handLabel`.
 */
export function handName(key: string, t: CasinoT = casinoT): string {
  const numbered = /^(total|player|seat)(\d+)$/.exec(key);
  if (numbered) return tOr(t, `hand.${numbered[1]}N`, handLabel(key), { n: numbered[2] });
  return tOr(t, `hand.${key}`, handLabel(key));
}

/** Runner names the tables share with the roulette felt's words. */
const RUNNER_WORDS: Readonly<Record<string, 'roulette.red' | 'roulette.black' | 'roulette.odd' | 'roulette.even'>> = {
  Red: 'roulette.red',
  Black: 'roulette.black',
  Odd: 'roulette.odd',
  Even: 'roulette.even',
};

/**
 * A runner's name (as the API sends it: 'Dragon', 'Player A', 'Tie', 'Odd') in the page's
 * language: a hand's or a felt word's name when the catalog has it, else the name as sent.
 */
export function runnerName(name: string, t: CasinoT = casinoT): string {
  const word = RUNNER_WORDS[name];
  if (word) return t(word);
  const key = name.trim().replace(/\s+(\w)/g, (_, c: string) => c.toUpperCase());
  return tOr(t, `hand.${key.charAt(0).toLowerCase()}${key.slice(1)}`, name);
}

/**
 * Each card of the hands with its place in the deal (its index in `cards`, the dealing order), so
 * they are dealt in that order across hands: Dragon's card first, then Tiger's. A card code that
 * occurs twice (a shoe of several decks) takes the next unused place. The hands come in the order
 * their first card was dealt: the API's object keys carry no order (JSON storage sorts them).
 */
export function dealOrder(cards: readonly string[], hands: Record<string, string[]>): Array<{ hand: string; cards: Array<{ code: string; index: number }> }> {
  const used = new Set<number>();
  const placed = Object.entries(hands).map(([hand, codes]) => ({
    hand,
    cards: codes.map((code) => {
      const index = cards.findIndex((c, i) => c === code && !used.has(i));
      if (index >= 0) used.add(index);
      return { code, index: index >= 0 ? index : cards.length };
    }),
  }));
  const first = (h: (typeof placed)[number]) => Math.min(cards.length, ...h.cards.map((c) => c.index));
  return placed.sort((a, b) => first(a) - first(b));
}
