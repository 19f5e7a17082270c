/**
 * Parameters of GET /api/get-match-list. The status filter accepts the spellings the front end
 * uses in paths ('in-play' as in /match/4/in-play) and defaults to all (docs/rules/product.md §7).
 */
import { PAGE_SIZE_MAX, type MatchSortKey, type SortOrder } from '@backlay/shared/contracts';
import { containsPattern, sortRequestOf, type SortRequest } from '../common/sorting';

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
  /** An ILIKE pattern (wildcards escaped) the match's or competition's name must match, or null. */
  pattern?: string | null;
  /** The column to order by first (ADR 0068), or null for the default order. */
  sort?: SortRequest<MatchSortKey> | null;
}

export function normalizeMatchQuery(raw: { sportId?: number; status?: string; limit?: number; search?: string; sort?: MatchSortKey; order?: SortOrder }): MatchQuery {
  const status = raw.status === undefined || raw.status === '' ? 'all' : raw.status === 'in-play' ? 'inplay' : raw.status;
  return {
    sportId: raw.sportId ?? null,
    status: status as MatchStatusFilter,
    limit: Math.min(raw.limit ?? MATCH_LIST_DEFAULT_LIMIT, PAGE_SIZE_MAX),
    pattern: containsPattern(raw.search),
    sort: sortRequestOf(raw),
  };
}
