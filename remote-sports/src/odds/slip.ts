import {
  betsApi,
  hasAtMostTwoDecimals,
  type ApiError,
  type FancyBetSide,
  type Market,
  type PlaceBetRequest,
  type PlaceBetResponse,
  type PlaceBetSide,
} from '@backlay/shared';
import { formatPrice } from '../format';

/** What the player clicked: a back or lay price of a runner, or a YES or NO of a fancy. */
export type SlipSelection =
  | { kind: 'runner'; marketId: string; selectionId: string; side: PlaceBetSide; price: number }
  | { kind: 'fancy'; fancyId: string; side: FancyBetSide; run: number; rate: number };

/** The id of the market (or fancy) a selection is on. */
export function selectionMarketId(selection: SlipSelection): string {
  return selection.kind === 'runner' ? selection.marketId : selection.fancyId;
}

/** The odds a runner slip starts with: the clicked price as the ladder shows it (bookmaker: the rate). */
export function initialOddsText(market: Pick<Market, 'type'>, price: number): string {
  return formatPrice(price, market.type);
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

/** The typed stake in rupees, or null unless above 0 with at most two decimals. */
export function parseStake(text: string): number | null {
  const t = text.trim();
  return hasAtMostTwoDecimals(t) && Number(t) > 0 ? Number(t) : null;
}

/** How many times a placement whose answer was lost (network) is sent again with the same key. */
export const PLACE_BET_NETWORK_RETRIES = 1;
/** Wait before that automatic retry. */
export const PLACE_BET_RETRY_DELAY_MS = 1_000;

/** How the slip places its bet: the body and the submission's Idempotency-Key → the reply and its message. */
export type PlaceBet = (body: PlaceBetRequest, idempotencyKey: string) => Promise<{ data: PlaceBetResponse; message: string }>;

/**
 * Place a bet with the submission's Idempotency-Key. When the answer is lost (a network failure:
 * the bet may or may not have been taken) the same request is sent again with the same key, so
 * the server places it at most once; every other refusal is final.
 */
export async function placeBetWithRetry(
  body: PlaceBetRequest,
  idempotencyKey: string,
  retries = PLACE_BET_NETWORK_RETRIES,
  delayMs = PLACE_BET_RETRY_DELAY_MS,
): Promise<{ data: PlaceBetResponse; message: string }> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await betsApi.placeBet(body, idempotencyKey);
    } catch (error) {
      if ((error as ApiError).code !== 'NETWORK' || attempt >= retries) throw error;
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
}
