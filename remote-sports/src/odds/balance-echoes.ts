/** A wallet as the placebet reply and the user socket's `balance` message carry it (rupees). */
export interface WalletFigures {
  balance: number;
  exposer: number;
}

/**
 * A bet's `balance` message later than this after its reply is no longer taken for the bet's echo
 * (it reloads the book, which costs two GETs and is never wrong).
 */
export const BALANCE_ECHO_WINDOW_MS = 10_000;

/**
 * Tells the odds page which `balance` messages of the user socket bring news about the player's
 * book and which only echo a bet the page placed itself.
 *
 * The API sends a placed bet's wallet twice: in the placebet reply and as a `balance` message
 * (the header's one writer), in either order. The page applies the reply (the market's P&L) and
 * reads its bets once; the echo must not make it read the book again. Anything else that moves
 * the wallet (a settlement, a void, a bet from another tab) must.
 *
 * A message that arrives while a placement of the page is under way is held until it ends (the
 * reply may name its wallet); a message whose figures are those of a reply of the last
 * BALANCE_ECHO_WINDOW_MS is that bet's echo, once. Plain data and a clock: no timers.
 */
export class BalanceEchoes {
  private placing = 0;
  private held: WalletFigures[] = [];
  private expected: Array<WalletFigures & { atMs: number }> = [];

  constructor(private readonly nowMs: () => number = Date.now) {}

  /** A placement from the page was sent. */
  sent(): void {
    this.placing += 1;
  }

  /**
   * A placement ended: with the reply's wallet when the bet was placed, null when it was refused
   * or its answer was lost. True when a message held meanwhile brings news (reload the book).
   */
  ended(reply: WalletFigures | null): boolean {
    this.placing = Math.max(0, this.placing - 1);
    if (reply) this.expected.push({ balance: reply.balance, exposer: reply.exposer, atMs: this.nowMs() });
    if (this.placing > 0) return false;
    const held = this.held;
    this.held = [];
    // Every held message is matched (each echo consumes its reply), then any news counts.
    return held.map((wallet) => this.isNews(wallet)).includes(true);
  }

  /** A `balance` message arrived. True when it brings news (reload the book) now. */
  balance(wallet: WalletFigures): boolean {
    if (this.placing > 0) {
      this.held.push(wallet);
      return false;
    }
    return this.isNews(wallet);
  }

  private isNews(wallet: WalletFigures): boolean {
    const since = this.nowMs() - BALANCE_ECHO_WINDOW_MS;
    this.expected = this.expected.filter((e) => e.atMs >= since);
    const echo = this.expected.findIndex((e) => e.balance === wallet.balance && e.exposer === wallet.exposer);
    if (echo < 0) return true;
    this.expected.splice(echo, 1);
    return false;
  }
}
