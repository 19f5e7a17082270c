import type { AgentDashboard, PendingPayments } from '@backlay/shared';
import { t } from '../../i18n';

/** An axis tick in Indian units: ₹950, ₹12.5K, ₹3.4L (lakh), ₹1.2Cr (crore); negative with a minus. */
export function compactRupees(rupees: number): string {
  const sign = rupees < 0 ? '−' : '';
  const size = Math.abs(rupees);
  const unit = (value: number, suffix: string) => `${sign}₹${Number(value.toFixed(1))}${suffix}`;
  if (size >= 1e7) return unit(size / 1e7, 'Cr');
  if (size >= 1e5) return unit(size / 1e5, 'L');
  if (size >= 1e3) return unit(size / 1e3, 'K');
  return `${sign}₹${Number(size.toFixed(2))}`;
}

/** How long the oldest request has waited, in words ("3 min", "2 h 5 min", "1 d 4 h"); null when none waits. */
export function waitedFor(oldestAt: string | null, nowMs: number): string | null {
  if (oldestAt === null) return null;
  const minutes = Math.max(0, Math.floor((nowMs - Date.parse(oldestAt)) / 60_000));
  if (minutes < 60) return t('dashboard.waited.minutes', { minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t('dashboard.waited.hours', { hours, minutes: minutes % 60 });
  return t('dashboard.waited.days', { days: Math.floor(hours / 24), hours: hours % 24 });
}

/** A day as the charts label it: "29 Nov". */
export function dayLabel(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1)).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });
}

/** How many requests of both kinds wait. */
export function waiting(pending: PendingPayments): number {
  return pending.deposit.count + pending.withdraw.count;
}

/** True when the range saw no play at all (the charts would be flat lines at zero). */
export function quietRange(board: AgentDashboard): boolean {
  return board.totals.bets === 0 && board.totals.ggr === 0 && board.totals.ownShare === 0;
}

/** A category label cut to `max` characters with an ellipsis (a phone's chart has little room for names). */
export function shortLabel(label: string, max = 18): string {
  return label.length <= max ? label : `${label.slice(0, max - 1).trimEnd()}…`;
}
