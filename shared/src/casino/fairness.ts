/**
 * What a player needs to recompute every round and every payout, in words: exactly how PF-1 draws
 * (pf1.ts, registry.ts `drawShoe`, cards.ts `canonicalDeck`) and how a bet's amount rounds to the
 * paisa (settle_market.sql, the `CASINO_ROUND` branch; shared/domain `pnlIfRunnerWinsMinor`). This
 * is the one published text: each table's rules panel and the Verify view show it (remote-casino
 * `FairnessText`), and fairness.test.ts re-implements PF-1 from these words alone and checks that
 * it reproduces the product's shuffles and pockets, and the amounts the settlement pays (ADR 0035).
 * Change the words only with the code, and the code only with the words.
 */

/** PF-1, step by step, from the seeds to the dealt cards (or the roulette pocket). */
export const PF1_DRAW_STEPS: readonly string[] = Object.freeze([
  'Seeds. The server seed is 64 lowercase hex characters. Its SHA-256 (of the seed as UTF-8 text, written as lowercase hex) is published before betting opens; the seed itself once the round is settled or void. The client seed is "<table id>:<salt>" and the nonce is the round number on the table\'s seed chain, written in decimal.',
  'Bytes. For r = 0, 1, 2, …: block r = HMAC-SHA256(key = the server seed as UTF-8 text, message = clientSeed + ":" + nonce + ":" + r as UTF-8). The byte stream is block 0, then block 1, and so on (32 bytes each).',
  'Words. Word k is bytes 4k, 4k+1, 4k+2, 4k+3 of the stream read as an unsigned big-endian 32-bit integer: u = b0·2^24 + b1·2^16 + b2·2^8 + b3, so 0 ≤ u < 2^32. Each block holds 8 words; the words are used in order, each once.',
  'Drawing an index. To draw j in 0 … m−1: q = ⌊2^32 / m⌋; read the next word u; if u ≥ q·m, discard it and read the next word; otherwise j = ⌊u / q⌋. This is not u mod m, and not ⌊m·u / 2^32⌋ without discarding.',
  'The shoe. The table\'s cards in canonical order: suits ♠, ♥, ♣, ♦ and, inside each suit, ranks ascending A, 2, …, 10, J, Q, K (only the ranks the table\'s deck holds, as its rules say). A shoe of several decks is that deck repeated.',
  'The shuffle. For i = n−1 down to 1 (n cards): draw j with m = i + 1 and swap the cards at positions i and j. The cards are then dealt from position 0 upward, in the table\'s dealing order.',
  'Roulette. The pocket 0 … 36 is one draw with m = 37 from the start of the round\'s stream.',
]);

/** How a settled bet's profit or loss is computed and rounded to the paisa. */
export const PAYOUT_ROUNDING_STEPS: readonly string[] = Object.freeze([
  'Amounts are in paise (₹1 = 100 paise) and a stake is a whole number of paise; a price has two decimals.',
  'A won back bet wins stake × (price − 1), or stake × profit ÷ 100 where the rules give a paytable or reduced profit per ₹100, rounded down to the paisa: ₹1.01 backed at 1.98 wins 98.98 paise, paid as 98 paise (₹0.98).',
  'A lay is the other side of the same bet: a lay that loses pays stake × (price − 1) (or stake × profit ÷ 100) rounded up to the paisa: ₹1.01 laid at 1.98 loses 99 paise.',
  'A lost back bet loses the stake and a won lay wins the stake, exactly. A half-lost bet loses (back) or wins (lay) half the stake, rounded down to the paisa: 101 paise → 50 paise. A push or a void round gives the stake back: profit 0.',
  'Each bet is rounded on its own, before any total; the table charges no commission.',
]);
