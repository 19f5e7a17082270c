import { useState, type ReactNode } from 'react';
// By the package's name (the singleton: its loader and bus, its kit), as export-actions.tsx: this
// file is bundled by the report screens that import `@backlay/shared/reports`.
import { DateRange, EmptyState, MESSAGES, Spinner, defaultDateRange, localizeApiMessage, rangeInverted, rangeReady, useLanguage, useLoad, type Load } from '@backlay/shared';
import type { DateRangeValue } from './date-range';

/**
 * What every report over a date range has in common (the player's casino report and profit and
 * loss, the agents' game reports, the bet history): the range (the last 7 days by default), its
 * filters with the alert of an inverted range, and the load of the report while the range is ready.
 */

export interface RangeReport<T> {
  range: DateRangeValue;
  setRange: (range: DateRangeValue) => void;
  /** Both dates set and in order: the report is asked for. */
  ready: boolean;
  load: Load<T | null>;
  /** The report of the current range once it came, else null. */
  report: T | null;
}

/** Loads `fetch(range)` whenever the range (or `key`: the report's other filters) changes and the range is ready. */
export function useRangeReport<T>(fetch: (range: DateRangeValue) => Promise<T>, key: unknown = null): RangeReport<T> {
  const [range, setRange] = useState(defaultDateRange);
  const ready = rangeReady(range);
  const { load } = useLoad<T | null>(() => (ready ? fetch(range) : Promise.resolve(null)), JSON.stringify([ready, range, key]));
  const report = ready && load.state === 'done' ? load.value : null;
  return { range, setRange, ready, load, report };
}

/** A report's filters: From and To, the report's own filters (`children`), then the alert of an inverted range. */
export function RangeFilters({ range, onChange, children }: { range: DateRangeValue; onChange: (range: DateRangeValue) => void; children?: ReactNode }) {
  const lang = useLanguage();
  return (
    <>
      <div className="bl-filters">
        <DateRange from={range.from} to={range.to} onChange={onChange} />
        {children}
      </div>
      {rangeInverted(range) ? (
        <p className="bl-form-error" role="alert">
          {localizeApiMessage(MESSAGES.dateRangeInvalid, lang)}
        </p>
      ) : null}
    </>
  );
}

/** While the range is ready: the spinner while the report loads, or why it failed (`failed: message`). */
export function RangeLoadStatus({ ready, load, loading, failed }: { ready: boolean; load: Load<unknown>; loading: string; failed: string }) {
  if (!ready) return null;
  if (load.state === 'loading') return <Spinner label={loading} />;
  if (load.state === 'fail')
    return (
      <EmptyState>
        {failed}: {load.message}
      </EmptyState>
    );
  return null;
}
