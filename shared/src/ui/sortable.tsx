import { useCallback, useEffect, useMemo, useRef, useState, type ThHTMLAttributes } from 'react';
import type { SortOrder } from '../contracts/index';
import { TextField } from './kit';

/**
 * Sortable tables and list search (issue 34, ADR 0068): the one home of the sortable header,
 * the sort state, the comparator and the search box of every list.
 *
 * A table whose whole list is on screen sorts in the browser (`useSortedRows`); a list the
 * server pages or caps sends the sort state to the server (`sort`/`order`, the whitelists of
 * `contracts/sorting.ts`) and shows the rows as they come. Either way the header is the same
 * `SortHeader`: a `<th>` carrying `aria-sort`, a native `<button>` inside (so Enter and Space
 * sort, and it is in the tab order) and an arrow drawn by the stylesheet from `aria-sort`
 * (`.bl-sort`, shell/public/index.html) that speech leaves out.
 */

/** How a column's values compare: numbers as numbers, money exactly, dates by time, text by locale. */
export type SortKind = 'text' | 'number' | 'money' | 'date';

/**
 * A value to sort by. Money: rupees as the API sends them (a number with at most two decimals,
 * or its decimal text) or whole paise as a bigint. Date: a Date, an ISO text or epoch ms.
 * Null and undefined (no value) sort last in both directions.
 */
export type SortValue = string | number | bigint | Date | boolean | null | undefined;

/** The column a table is sorted by, and the direction. */
export interface SortState<K extends string = string> {
  key: K;
  order: SortOrder;
}

/** A column a table sorts in the browser: how its values compare and how a row gives its value. */
export interface SortColumn<T> {
  kind: SortKind;
  value: (row: T) => SortValue;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Whole paise of a money value, exactly (no float sums): bigint paise, rupees as a number or as text. */
export function moneyPaise(value: string | number | bigint): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') return BigInt(Math.round(value * 100));
  const m = /^\s*(-?)(\d*)(?:\.(\d{0,2})\d*)?\s*$/.exec(value.replace(/,/g, ''));
  if (!m) return 0n;
  const paise = BigInt(m[2] || '0') * 100n + BigInt((m[3] ?? '').padEnd(2, '0') || '0');
  return m[1] === '-' ? -paise : paise;
}

function timeOf(value: SortValue): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return value;
  return Date.parse(String(value));
}

function numberOf(value: SortValue): number {
  return typeof value === 'number' ? value : Number(value);
}

function isEmpty(value: SortValue): value is null | undefined {
  return value === null || value === undefined || (typeof value === 'number' && Number.isNaN(value));
}

/** Compares two present values of a kind, ascending: < 0, 0 or > 0. */
export function compareSortValues(kind: SortKind, a: Exclude<SortValue, null | undefined>, b: Exclude<SortValue, null | undefined>): number {
  switch (kind) {
    case 'number':
      return numberOf(a as number) - numberOf(b as number);
    case 'money': {
      const x = moneyPaise(a as string | number | bigint);
      const y = moneyPaise(b as string | number | bigint);
      return x < y ? -1 : x > y ? 1 : 0;
    }
    case 'date':
      return timeOf(a) - timeOf(b);
    default:
      return collator.compare(String(a), String(b));
  }
}

/**
 * The rows in the order of a column, stable (rows with equal values keep their order, in
 * both directions); rows without a value last. A new array; the input is left alone.
 */
export function sortRows<T>(rows: readonly T[], column: SortColumn<T>, order: SortOrder): T[] {
  const sign = order === 'asc' ? 1 : -1;
  const keyed = rows.map((row, index) => ({ row, index, value: column.value(row) }));
  keyed.sort((a, b) => {
    const emptyA = isEmpty(a.value);
    const emptyB = isEmpty(b.value);
    if (emptyA || emptyB) return emptyA === emptyB ? a.index - b.index : emptyA ? 1 : -1;
    const c = compareSortValues(column.kind, a.value as Exclude<SortValue, null | undefined>, b.value as Exclude<SortValue, null | undefined>);
    return c !== 0 && !Number.isNaN(c) ? sign * Math.sign(c) : a.index - b.index;
  });
  return keyed.map((k) => k.row);
}

/** The state after a header is pressed: a new column sorts ascending, the same column turns round. */
export function nextSort<K extends string>(current: SortState<K> | null, key: K): SortState<K> {
  if (current?.key === key) return { key, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { key, order: 'asc' };
}

/** The sort state of a table and the handler its headers call; `initial` null for the list's own order. */
export function useSort<K extends string>(initial: SortState<K> | null = null): [SortState<K> | null, (key: K) => void] {
  const [sort, setSort] = useState<SortState<K> | null>(initial);
  const toggle = useCallback((key: K) => setSort((current) => nextSort(current, key)), []);
  return [sort, toggle];
}

/** The rows of a table sorted in the browser by the state's column (as they came without one). */
export function useSortedRows<T, K extends string>(rows: readonly T[], columns: Readonly<Record<K, SortColumn<T>>>, sort: SortState<K> | null): readonly T[] {
  return useMemo(() => (sort ? sortRows(rows, columns[sort.key], sort.order) : rows), [rows, columns, sort]);
}

/** The `aria-sort` of a column's header. */
export function ariaSortOf<K extends string>(sort: SortState<K> | null, key: K): 'ascending' | 'descending' | 'none' {
  if (sort?.key !== key) return 'none';
  return sort.order === 'asc' ? 'ascending' : 'descending';
}

export interface SortHeaderProps<K extends string> extends Omit<ThHTMLAttributes<HTMLTableCellElement>, 'onClick'> {
  /** The column's name (the button's text). */
  label: string;
  sortKey: K;
  sort: SortState<K> | null;
  onSort: (key: K) => void;
  /** A number column: right-aligned. */
  num?: boolean;
}

/**
 * A column header that sorts its table: `<th aria-sort>` with a button inside. Pressing the
 * button (click, Enter or Space) sorts by the column ascending, again descending. The arrow is
 * the stylesheet's, from `aria-sort` (↕ unsorted, ▲ ascending, ▼ descending).
 */
export function SortHeader<K extends string>({ label, sortKey, sort, onSort, num, className, ...rest }: SortHeaderProps<K>) {
  const classes = [num ? 'num' : '', className ?? ''].filter(Boolean).join(' ') || undefined;
  return (
    <th scope="col" {...rest} className={classes} aria-sort={ariaSortOf(sort, sortKey)}>
      <button type="button" className="bl-sort" onClick={() => onSort(sortKey)}>
        {label}
      </button>
    </th>
  );
}

/** The search boxes wait this long after the last key before they filter or ask the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/** True when any of the texts contains the search, ignoring case (an empty search matches all). */
export function matchesSearch(search: string, ...texts: ReadonlyArray<string | number | null | undefined>): boolean {
  const needle = search.trim().toLocaleLowerCase();
  if (needle.length === 0) return true;
  return texts.some((t) => t !== null && t !== undefined && String(t).toLocaleLowerCase().includes(needle));
}

/**
 * A labelled search box (`type="search"`) that reports its trimmed text `debounceMs` after the
 * last key, and only when it changed: the page filters its rows with it (`matchesSearch`) or
 * sends it to the server.
 */
export function SearchBox({ label, onSearch, debounceMs = SEARCH_DEBOUNCE_MS, maxLength }: { label: string; onSearch: (search: string) => void; debounceMs?: number; maxLength?: number }) {
  const [text, setText] = useState('');
  const sent = useRef('');
  const report = useRef(onSearch);
  useEffect(() => {
    report.current = onSearch;
  }, [onSearch]);
  useEffect(() => {
    const next = text.trim();
    if (next === sent.current) return undefined;
    const timer = setTimeout(() => {
      sent.current = next;
      report.current(next);
    }, debounceMs);
    return () => clearTimeout(timer);
  }, [text, debounceMs]);
  return <TextField label={label} type="search" autoComplete="off" maxLength={maxLength} value={text} onChange={(e) => setText(e.target.value)} />;
}

