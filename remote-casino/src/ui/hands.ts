/**
 * A round's hands as the table and the verifier both draw them (one home: table/ and verify/ each
 * read them from here, neither from the other).
 */

/** A hand's key as a heading: 'dragon' → 'Dragon', 'playerA' → 'Player A'. */
export function handLabel(key: string): string {
  const words = key.replace(/([a-z])([A-Z0-9])/g, '$1 $2').replace(/[_-]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
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
