import {
  hasAtMostTwoDecimals, retryOnNetworkLoss, type Apis, type Fancy, type FancyBetSide, type Market, type OddsAcceptance, type PlaceBetRequest, type PlaceBetResponse, type PlaceBetSide, formatRunnerPrice, localizeApiMessage, runnerLabel, sideLabel,
} from '@backlay/shared';
import { placedRunnerNotice } from '@backlay/shared/slip-parts';
import { t } from '../i18n';

/** What the player clicked: a back or lay price of a runner, or a YES or NO of a fancy. */
export type SlipSelection =
  | { kind: 'runner'; marketId: string; selectionId: string; side: PlaceBetSide; price: number }
  | { kind: 'fancy'; fancyId: string; side: FancyBetSide; run: number; rate: number };

/** The id of the market (or fancy) a selection is on. */
export function selectionMarketId(selection: SlipSelection): string {
  return selection.kind === 'runner' ? selection.marketId : selection.fancyId;
}

/**
 * The name of a selection as its slip shows it: the runner (a race's with its race-card number)
 * or the fancy line; its id while the market or line is not (or no longer) in the match's data.
 */
export function selectionName(selection: SlipSelection, live: { market?: Market; fancy?: Fancy }, racing: boolean): string {
  if (selection.kind === 'fancy') return live.fancy?.name ?? selection.fancyId;
  const runner = live.market?.runners.find((r) => r.selectionId === selection.selectionId);
  if (!runner) return selection.selectionId;
  return racing ? runnerLabel(runner.name, runner.clothNumber) : runner.name;
}

/** A slip's name for the player (the bottom sheet's on a phone): its side and selection, "Back India". */
export function selectionLabel(selection: SlipSelection, live: { market?: Market; fancy?: Fancy }, racing: boolean): string {
  return `${sideLabel(selection.side)} ${selectionName(selection, live, racing)}`;
}

/** The odds a runner slip starts with: the clicked price as the ladder shows it (bookmaker: the rate). */
export function initialOddsText(market: Pick<Market, 'type'>, price: number): string {
  return formatRunnerPrice(price, market.type);
}

/**
 * The typed odds as a number, or null when they are not valid: decimal odds above 1 with at
 * most two decimals, or a bookmaker rate as shown (a whole number above 0).
 */
export function parseOdds(type: Market['type'], text: string): number | null {
  const t = text.trim();
  if (type === 'bookmaker') return /^\d+$/.test(t) && Number(t) > 0 ? Number(t) : null;
  return hasAtMostTwoDecimals(t) && Number(t) > 1 ? Number(t) : null;
}

/**
 * The odds a placement sends: decimal odds as typed, and for a bookmaker market the rate as the
 * market data carries it (45 shown → 0.45), which is what the API compares with its live price
 * and echoes back in the bet's `odds`.
 */
export function requestOdds(type: Market['type'], odds: number): number {
  return type === 'bookmaker' ? odds / 100 : odds;
}

/** How the slip places its bet: the body and the submission's Idempotency-Key → the reply and its message. */
export type PlaceBet = (body: PlaceBetRequest, idempotencyKey: string) => Promise<{ data: PlaceBetResponse; message: string }>;

/**
 * Place a bet through `bets` (the page's, from useApis) with the submission's Idempotency-Key; a
 * lost answer (network) is sent again with the same key (`retryOnNetworkLoss`), so the server
 * places it at most once.
 */
export function placeBetWithRetry(bets: Pick<Apis['bets'], 'placeBet'>, body: PlaceBetRequest, idempotencyKey: string, retries?: number, delayMs?: number): Promise<{ data: PlaceBetResponse; message: string }> {
  return retryOnNetworkLoss(() => bets.placeBet(body, idempotencyKey), retries, delayMs);
}

/**
 * The toast of a placed bet: the server's message (in the page's language: the toast cannot find
 * it once more words are added), and the price (or line) the bet was matched at when it differs
 * from the one asked.
 */
export function placedNotice(reply: Awaited<ReturnType<PlaceBet>>, sent: PlaceBetRequest, market: Pick<Market, 'type'> | undefined): string {
  const bet = reply.data.bet;
  const message = localizeApiMessage(reply.message);
  if ('fancyId' in sent) return bet.run === null || bet.run === sent.run ? message : t('slip.matchedLine', { message, run: bet.run, asked: sent.run });
  return placedRunnerNotice(message, sent.odds, bet.odds, (o) => formatRunnerPrice(o, market?.type));
}

/**
 * The request of a one-click bet (ADR 0055): the clicked price (a runner's, as the slip would
 * start with it; a fancy's line and rate) at the player's one-click stake, with their odds acceptance.
 */
export function oneClickRequest(matchId: string, selection: SlipSelection, market: Pick<Market, 'type'> | undefined, stake: number, oddsAcceptance: OddsAcceptance): PlaceBetRequest | null {
  if (selection.kind === 'fancy') return { matchId, fancyId: selection.fancyId, side: selection.side, run: selection.run, rate: selection.rate, stake };
  if (!market) return null;
  const odds = parseOdds(market.type, initialOddsText(market, selection.price));
  if (odds === null) return null;
  return { matchId, marketId: selection.marketId, selectionId: selection.selectionId, side: selection.side, odds: requestOdds(market.type, odds), stake, oddsAcceptance };
}
