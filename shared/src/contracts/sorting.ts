/**
 * The sort contract of the server-sorted lists (issue 34, ADR 0068). A list whose rows the server
 * pages or caps takes `sort` (a column key of the list's whitelist below) and `order`; the
 * server orders by that column, then by its own default order, so equal values keep a stable
 * order from page to page. A key outside the whitelist is refused with 400. The front end
 * sends the keys of its sortable headers from these same lists (one home for both sides).
 */

/** The direction of a sort. */
export type SortOrder = 'asc' | 'desc';
/** Every direction the API accepts. */
export const SORT_ORDERS = ['asc', 'desc'] as const satisfies readonly SortOrder[];

/** The columns list-clients sorts by (its default: username, ascending). */
export const CLIENT_SORT_KEYS = ['username', 'role', 'balance', 'exposure', 'available', 'creditReference', 'refPL', 'partnership', 'status', 'createdAt'] as const;
export type ClientSortKey = (typeof CLIENT_SORT_KEYS)[number];

/** The columns get-deposit-withdraw-list sorts by (its default: date, newest first). */
export const PAYMENT_SORT_KEYS = ['username', 'amount', 'createdAt', 'status'] as const;
export type PaymentSortKey = (typeof PAYMENT_SORT_KEYS)[number];

/**
 * The columns the bet lists sort by: unsettled-bets (the downline's open or voided bets, and one
 * match's) and bet-history. Their default: placed, newest first.
 */
export const BET_SORT_KEYS = ['username', 'matchName', 'marketName', 'selectionName', 'side', 'odds', 'stake', 'createdAt', 'settledAt', 'pnl'] as const;
export type BetSortKey = (typeof BET_SORT_KEYS)[number];

/** The columns sms-outbox sorts by (its default: newest first). */
export const SMS_OUTBOX_SORT_KEYS = ['createdAt', 'phone', 'purpose'] as const;
export type SmsOutboxSortKey = (typeof SMS_OUTBOX_SORT_KEYS)[number];

/**
 * The columns get-match-list sorts by: it answers at most PAGE_SIZE_MAX matches, so the agents'
 * list of imported matches is sorted by the server. Its default: in play, then upcoming soonest
 * first, then closed latest first.
 */
export const MATCH_SORT_KEYS = ['name', 'competition', 'openDate', 'active'] as const;
export type MatchSortKey = (typeof MATCH_SORT_KEYS)[number];
