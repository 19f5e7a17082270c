/**
 * Search and order of the server's lists (ADR 0068). ORDER BY clauses of the server-sorted lists (ADR 0068), built only from a repository's
 * whitelist: the request names a column key (validated against the contract's list by the
 * route's schema) and the clause takes that key's SQL expression from the whitelist, never a
 * character of the request. A key the whitelist lacks is a programming error, not a 400.
 */
import type { SortOrder } from '@backlay/shared/contracts';

/** A list's sort request as the service passes it on. */
export interface SortRequest<K extends string> {
  key: K;
  order: SortOrder;
}

/**
 * `ORDER BY <expression of key> ASC|DESC NULLS LAST, <tiebreak>`: the tiebreak (the list's own
 * default order, ending in a unique column) keeps equal values in one order from page to page.
 */
export function orderByClause<K extends string>(whitelist: Readonly<Record<K, string>>, sort: SortRequest<K> | null, tiebreak: string): string {
  if (sort === null) return `ORDER BY ${tiebreak}`;
  if (!Object.prototype.hasOwnProperty.call(whitelist, sort.key)) throw new Error(`no sort column ${JSON.stringify(sort.key)} in the whitelist`);
  const direction = sort.order === 'desc' ? 'DESC' : 'ASC';
  return `ORDER BY ${whitelist[sort.key]} ${direction} NULLS LAST, ${tiebreak}`;
}

/** The sort of a query's `sort` and `order` (order defaults to ascending), or null for none. */
export function sortRequestOf<K extends string>(query: { sort?: K; order?: SortOrder }): SortRequest<K> | null {
  return query.sort === undefined ? null : { key: query.sort, order: query.order ?? 'asc' };
}

/** An ILIKE pattern matching `search` anywhere, with its wildcards taken literally; null for none. */
export function containsPattern(search: string | undefined): string | null {
  const trimmed = search?.trim() ?? '';
  if (trimmed.length === 0) return null;
  return `%${trimmed.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
