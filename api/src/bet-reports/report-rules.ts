/**
 * Pure rules of the bet lists and the P&L report: the date range (ISO dates, both days included,
 * UTC; default the last 7 days ending today), paging, and how a stored bet's price is shown.
 */
import { BET_LIST_PAGE_SIZE, type BetMarketType } from '@backlay/shared/contracts';
import { parseDateRange, type DateRange } from '../statements/statement-rules';

const DAY_MS = 86_400_000;

/** Days a list covers when the caller gives no dates (today included). */
export const DEFAULT_RANGE_DAYS = 7;

/** 'YYYY-MM-DD' of a UTC instant. */
export function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * [from, to] as given, or the missing ends filled: `to` defaults to today (UTC), `from` to
 * DEFAULT_RANGE_DAYS − 1 days before `to`. Empty strings count as missing.
 */
export function reportRange(from: string | undefined, to: string | undefined, nowMs: number): DateRange {
  const toText = to !== undefined && to.trim() !== '' ? to.trim() : isoDay(nowMs);
  let fromText = from !== undefined && from.trim() !== '' ? from.trim() : null;
  if (fromText === null) {
    const end = parseDateRange(toText, toText);
    if (!end.ok) return end;
    fromText = isoDay(end.from.getTime() - (DEFAULT_RANGE_DAYS - 1) * DAY_MS);
  }
  return parseDateRange(fromText, toText);
}

export interface Paging {
  page: number;
  pageSize: number;
  limit: number;
  offset: number;
}

/** Page ≥ 1 and the page size (default BET_LIST_PAGE_SIZE; the route schema bounds both). */
export function paging(page: number | undefined, pageSize: number | undefined): Paging {
  const p = page ?? 1;
  const size = pageSize ?? BET_LIST_PAGE_SIZE;
  return { page: p, pageSize: size, limit: size, offset: (p - 1) * size };
}

/**
 * The price a bet was matched at (best execution, ADR 0034: the live price when it beat the one
 * asked), from the quote in hundredths (bets.price_shown; docs/bench/bet-vocabulary.md): decimal
 * odds (250 → 2.5) or the bookmaker rate (45 → 0.45), or the fancy rate in percent (90, as is).
 */
export function shownOdds(marketType: BetMarketType, quotedHundredths: number): number {
  return marketType === 'fancy' ? quotedHundredths : quotedHundredths / 100;
}
