import { INPUT_DATE_FORMAT, addDays, formatDate } from '../kernel/date-format';
import { useSharedT } from '../i18n/shared-catalog';
import { TextField } from './kit';

/** A date range of a report's filters: yyyy-mm-dd text as the date inputs give it ('' while unset). */
export interface DateRangeValue {
  from: string;
  to: string;
}

/** The default range ends today and starts this many days before (docs/rules/product.md §9: the last 7 days). */
export const DEFAULT_RANGE_DAYS = 7;

/** The default From and To of the date inputs: the last 7 days, today included. */
export function defaultDateRange(now = new Date()): DateRangeValue {
  return { from: formatDate(addDays(now, -DEFAULT_RANGE_DAYS), INPUT_DATE_FORMAT), to: formatDate(now, INPUT_DATE_FORMAT) };
}

/** From and To date inputs (yyyy-mm-dd), each bounded by the other: the filters of every report. */
export function DateRange({ from, to, onChange }: DateRangeValue & { onChange: (range: DateRangeValue) => void }) {
  const t = useSharedT();
  return (
    <>
      <TextField label={t('dateRange.from')} type="date" value={from} max={to || undefined} onChange={(e) => onChange({ from: e.target.value, to })} />
      <TextField label={t('dateRange.to')} type="date" value={to} min={from || undefined} onChange={(e) => onChange({ from, to: e.target.value })} />
    </>
  );
}

/** True when both dates are set and From is not after To (a range worth asking the API for). */
export function rangeReady(range: DateRangeValue): boolean {
  return range.from !== '' && range.to !== '' && range.from <= range.to;
}

/** True when both dates are set and From is after To (the range the API refuses). */
export function rangeInverted(range: DateRangeValue): boolean {
  return range.from !== '' && range.to !== '' && range.from > range.to;
}
