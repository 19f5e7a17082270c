/**
 * Parameters of GET /api/get-match-list. The status filter accepts the spellings the front end
 * uses in paths ('in-play' as in /match/4/in-play) and defaults to all (docs/rules/product.md §7).
 */
import { PAGE_SIZE_MAX } from '@backlay/shared/contracts';

export type EventStatus = 'upcoming' | 'inplay' | 'closed';
export type MatchStatusFilter = EventStatus | 'all';

/** Accepted spellings of the status parameter. */
export const MATCH_STATUS_VALUES = ['all', 'upcoming', 'inplay', 'in-play', 'closed'] as const;

/** Rows returned when no limit is given. */
export const MATCH_LIST_DEFAULT_LIMIT = 50;

export interface MatchQuery {
  sportId: number | null;
  status: MatchStatusFilter;
  limit: number;
}

export function normalizeMatchQuery(raw: { sportId?: number; status?: string; limit?: number }): MatchQuery {
  const status = raw.status === undefined || raw.status === '' ? 'all' : raw.status === 'in-play' ? 'inplay' : raw.status;
  return {
    sportId: raw.sportId ?? null,
    status: status as MatchStatusFilter,
    limit: Math.min(raw.limit ?? MATCH_LIST_DEFAULT_LIMIT, PAGE_SIZE_MAX),
  };
}
