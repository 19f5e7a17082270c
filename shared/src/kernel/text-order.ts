/**
 * Two strings in code-unit order: -1, 0 or 1. The order of machine text whose meaning is its code
 * units: ISO 8601 instants and dates as the API sends them (`openDate`, `createdAt`, `placedAt`:
 * one format, UTC, so code-unit order is time order) and ids. Names a person reads sort with an
 * `Intl.Collator` instead (ui/sortable.tsx).
 *
 * Not `localeCompare`: a page's first call builds ICU's collator, 50 ms of a core in Node here and
 * 13–33 ms of the main thread in Chromium (52–131 ms under Lighthouse's 4× CPU), which the match
 * list paid on its way to its first paint (docs/bench/first-page.md, 2026-12-01). Lint forbids
 * `localeCompare` in the front ends (eslint.config.mjs).
 */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
