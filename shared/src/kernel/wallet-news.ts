import { useCallback, useEffect, useRef, useState } from 'react';
import type { SocketBalancePayload } from '../contracts';
import { on } from './bus';

/** How many of its own bets a page remembers while their echoes are due (older ones are forgotten). */
const REMEMBERED_BETS = 100;

/**
 * Tells a page that places bets (the odds page, a casino table) which `balance` messages of the
 * user socket bring news about the player's book and which only echo a bet the page placed.
 *
 * The API sends a placed bet's wallet twice: in the placebet reply and as a `balance` message
 * naming the bet (`betId`), in either order. The page applies the reply and must not read its book
 * again for the echo; anything else that moves the wallet (a settlement or void, a deposit, a bet
 * from another tab: another betId or a journalId) must. A message that arrives while a placement
 * of the page is under way is held until it ends (its reply may name the bet). Plain data: no
 * timers, no clock.
 */
export class PlacementEchoes {
  private placing = 0;
  private held: SocketBalancePayload[] = [];
  /** Bets this page placed whose echo has not come yet, oldest first. */
  private own: string[] = [];

  /** A placement from the page was sent. */
  sent(): void {
    this.placing += 1;
  }

  /**
   * A placement ended: with the placed bet's id, or null when it was refused or its answer was
   * lost. True when a message held meanwhile brings news (read the book again).
   */
  ended(betId: string | null): boolean {
    this.placing = Math.max(0, this.placing - 1);
    if (betId !== null) this.own = [...this.own, betId].slice(-REMEMBERED_BETS);
    if (this.placing > 0) return false;
    const held = this.held;
    this.held = [];
    return held.map((message) => this.isNews(message)).includes(true);
  }

  /** A `balance` message arrived. True when it brings news now. */
  balance(message: SocketBalancePayload): boolean {
    if (this.placing > 0) {
      this.held.push(message);
      return false;
    }
    return this.isNews(message);
  }

  private isNews(message: SocketBalancePayload): boolean {
    const index = message.betId === undefined ? -1 : this.own.indexOf(message.betId);
    if (index < 0) return true;
    this.own.splice(index, 1);
    return false;
  }
}

/** A placement whose reply names the bet placed (POST placebet's). */
type Placement<T extends { data: { bet: { betId: string } } }> = () => Promise<T>;

/**
 * The wallet's news for a page that places bets: `onNews` runs when the wallet moved for any
 * reason but a bet this page placed (PlacementEchoes). Returns `track`, which wraps each of the
 * page's placements so their echoes are recognised. A placed bet's answer comes with `news`: a
 * message held while it was under way brought news, which the page handles with the reply (in
 * the same render, so each read runs once); a failed placement's held news runs `onNews`.
 */
export function useWalletNews(onNews: () => void): <T extends { data: { bet: { betId: string } } }>(placement: Placement<T>) => Promise<{ answer: T; news: boolean }> {
  const [echoes] = useState(() => new PlacementEchoes());
  const latest = useRef(onNews);
  useEffect(() => {
    latest.current = onNews;
  });
  useEffect(() => {
    const sub = on('wallet.balanceChanged').subscribe((message) => {
      if (echoes.balance(message)) latest.current();
    });
    return () => sub.unsubscribe();
  }, [echoes]);
  return useCallback(
    async <T extends { data: { bet: { betId: string } } }>(placement: Placement<T>): Promise<{ answer: T; news: boolean }> => {
      echoes.sent();
      let answer: T;
      try {
        answer = await placement();
      } catch (error) {
        // Refused, or the answer was lost (the bet may stand): a message held meanwhile is news.
        if (echoes.ended(null)) latest.current();
        throw error;
      }
      return { answer, news: echoes.ended(answer.data.bet.betId) };
    },
    [echoes],
  );
}
