import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { DEFAULT_BUTTON_VALUES, betsApi, on, sportsApi, useLoad, type PlaceBetRequest, type PlaceBetResponse } from '@backlay/shared';
import { BalanceEchoes } from './balance-echoes';
import { bookOf, positionOfReply, type AppliedPosition } from './positions';
import { placeBetWithRetry, type PlaceBet } from './slip';

const NO_APPLIED: ReadonlyMap<string, AppliedPosition> = new Map();

/**
 * The player's side of a match: its book (P&L per runner or run zone, by market id), its bets on
 * the match, its stake buttons, and `place`, which places a bet and brings the book up to date.
 *
 * A placed bet costs one GET: the reply's P&L becomes the market's position at once and the bets
 * are read again. The header is not written here: the user socket's `balance` message is its one
 * writer. That message reloads the book and the bets when it brings news (a settlement, a void, a
 * bet from another tab), never when it only echoes a bet placed here (BalanceEchoes).
 */
export function usePlayerBook(matchId: string) {
  const [echoes] = useState(() => new BalanceEchoes());
  /** How many replies were applied; a positions load remembers the count it was sent after. */
  const appliedCount = useRef(0);
  const [applied, setApplied] = useState(NO_APPLIED);
  const positions = useLoad(async () => {
    const sentAfter = appliedCount.current;
    return { list: await betsApi.matchPositions(matchId), sentAfter };
  }, matchId);
  const bets = useLoad(() => betsApi.betsOnMatch(matchId), matchId);
  const buttons = useLoad(() => sportsApi.buttonValues());
  const { reload: reloadPositions } = positions;
  const { reload: reloadBets } = bets;

  useEffect(() => {
    const sub = on('wallet.balanceChanged').subscribe((wallet) => {
      if (!echoes.balance(wallet)) return;
      reloadPositions();
      reloadBets();
    });
    return () => sub.unsubscribe();
  }, [echoes, reloadPositions, reloadBets]);

  /** The reply of a placed bet: its market's position now, the bets once (both reloads of one render are one GET each). */
  const applyReply = useCallback(
    (reply: PlaceBetResponse) => {
      const position = positionOfReply(reply);
      if (position) {
        appliedCount.current += 1;
        const entry = { position, seq: appliedCount.current };
        setApplied((before) => new Map(before).set(position.marketId, entry));
      }
      const news = echoes.ended(reply);
      if (news || !position) reloadPositions();
      reloadBets();
    },
    [echoes, reloadPositions, reloadBets],
  );

  const place: PlaceBet = useCallback(
    async (body: PlaceBetRequest, idempotencyKey: string) => {
      echoes.sent();
      let answer: Awaited<ReturnType<PlaceBet>>;
      try {
        answer = await placeBetWithRetry(body, idempotencyKey);
      } catch (error) {
        // Refused, or the answer was lost (the bet may stand): a message held meanwhile is news.
        if (echoes.ended(null)) {
          reloadPositions();
          reloadBets();
        }
        throw error;
      }
      applyReply(answer.data);
      return answer;
    },
    [echoes, applyReply, reloadPositions, reloadBets],
  );

  const loaded = positions.load.state === 'done' ? positions.load.value : null;
  const book = useMemo(() => bookOf(loaded?.list ?? [], loaded?.sentAfter ?? 0, applied), [loaded, applied]);
  return {
    positions: book,
    bets: bets.load,
    stakeButtons: buttons.load.state === 'done' && buttons.load.value.length > 0 ? buttons.load.value : DEFAULT_BUTTON_VALUES,
    place,
  };
}
