import { useCallback, useMemo, useRef, useState } from 'react';
import { DEFAULT_BET_PREFERENCES, DEFAULT_BUTTON_VALUES, earlyAnswerOr, notify, useLoad, useWalletNews, useApis, type ApiError, type BetPreferences, type CashOutRequest, type CashOutResponse, type PlaceBetRequest, type PlaceBetResponse, type SaveBetPreferencesRequest } from '@backlay/shared';
import { playerBookCalls } from '../first-calls';
import { bookOf, positionOfReply, type AppliedPosition } from './positions';
import { placeBetWithRetry, type PlaceBet } from './slip';

const NO_APPLIED: ReadonlyMap<string, AppliedPosition> = new Map();

/**
 * The player's side of a match: its book (P&L per runner or run zone, by market id), its bets on
 * the match, its stake buttons, its bet preferences (odds acceptance, one-click betting: read once
 * per page, saved with `savePreferences`), and `place`, which places a bet and brings the book up
 * to date.
 *
 * A placed bet costs one GET: the reply's P&L becomes the market's position at once and the bets
 * are read again. The header is not written here: the user socket's `balance` message is its one
 * writer. That message reloads the book and the bets when it brings news (a settlement, a void, a
 * bet from another tab), never when it only echoes a bet placed here (useWalletNews: by the bet's id).
 */
export function usePlayerBook(matchId: string) {
  const { bets: betsApi, sports: sportsApi } = useApis();
  /** How many replies were applied; a positions load remembers the count it was sent after. */
  const appliedCount = useRef(0);
  const [applied, setApplied] = useState(NO_APPLIED);
  // Each first load takes the answer the route module asked early, if any (ADR 0085).
  const calls = playerBookCalls(betsApi, sportsApi, matchId);
  const positions = useLoad(async () => {
    const sentAfter = appliedCount.current;
    return { list: await earlyAnswerOr(calls.positions), sentAfter };
  }, matchId);
  const bets = useLoad(() => earlyAnswerOr(calls.bets), matchId);
  const buttons = useLoad(() => earlyAnswerOr(calls.buttons));
  const storedPreferences = useLoad(() => earlyAnswerOr(calls.preferences));
  /** The preferences as last saved from this page (null: as loaded). */
  const [savedPreferences, setSavedPreferences] = useState<BetPreferences | null>(null);
  const { reload: reloadPositions } = positions;
  const { reload: reloadBets } = bets;

  const track = useWalletNews(
    useCallback(() => {
      reloadPositions();
      reloadBets();
    }, [reloadPositions, reloadBets]),
  );

  /** The reply of a placed bet: its market's position now, the bets once (both reloads of one render are one GET each). */
  const applyReply = useCallback(
    (reply: PlaceBetResponse, news: boolean) => {
      const position = positionOfReply(reply);
      if (position) {
        appliedCount.current += 1;
        const entry = { position, seq: appliedCount.current };
        setApplied((before) => new Map(before).set(position.marketId, entry));
      }
      // A message held during the bet brought news (a settlement meanwhile): the book is read again too.
      if (news || !position) reloadPositions();
      reloadBets();
    },
    [reloadPositions, reloadBets],
  );

  const place: PlaceBet = useCallback(
    async (body: PlaceBetRequest, idempotencyKey: string) => {
      const { answer, news } = await track(() => placeBetWithRetry(betsApi, body, idempotencyKey));
      applyReply(answer.data, news);
      return answer;
    },
    [betsApi, track, applyReply],
  );

  /** A cash out (ADR 0056): its reply's P&L becomes the market's position, as a placed bet's does. */
  const cashOut = useCallback(
    async (body: CashOutRequest, idempotencyKey: string): Promise<{ data: CashOutResponse; message: string }> => {
      const { answer, news } = await track(async () => {
        const reply = await betsApi.cashOut(body, idempotencyKey);
        return { ...reply, data: { ...reply.data, bet: reply.data.bets[reply.data.bets.length - 1] ?? { betId: '' } } };
      });
      const last = answer.data.bets[answer.data.bets.length - 1];
      if (last) applyReply({ exposer: answer.data.exposer, balance: answer.data.balance, profitlist: answer.data.profitlist, bet: last }, news);
      return answer;
    },
    [betsApi, track, applyReply],
  );

  /** Saves a change of the preferences; the page shows the stored answer (a refusal is a toast, the old values stay). */
  const savePreferences = useCallback(
    async (change: SaveBetPreferencesRequest): Promise<boolean> => {
      try {
        const res = await sportsApi.saveBetPreferences(change);
        setSavedPreferences(res.data);
        return true;
      } catch (error) {
        const e = error as ApiError;
        if (!e.silent) notify('error', e.message);
        return false;
      }
    },
    [sportsApi],
  );

  const loaded = positions.load.state === 'done' ? positions.load.value : null;
  const book = useMemo(() => bookOf(loaded?.list ?? [], loaded?.sentAfter ?? 0, applied), [loaded, applied]);
  return {
    positions: book,
    /** The first positions answer came (or failed): the cash-out panels and P&L lines it draws are known. */
    positionsKnown: positions.load.state !== 'loading',
    bets: bets.load,
    stakeButtons: buttons.load.state === 'done' && buttons.load.value.length > 0 ? buttons.load.value : DEFAULT_BUTTON_VALUES,
    preferences: savedPreferences ?? (storedPreferences.load.state === 'done' ? storedPreferences.load.value : DEFAULT_BET_PREFERENCES),
    savePreferences,
    place,
    cashOut,
  };
}
