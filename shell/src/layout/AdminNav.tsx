import { ROUTES } from '@backlay/shared';
import { MainNav, type NavBadge, type NavItem } from './MainLayout';
import { usePaymentAlerts } from './payment-alerts';

/**
 * The admin area's menu with the agent's payment queue on it (issue 34): Deposits and Withdrawals
 * carry how many requests of the downline wait (and "More" their sum on a phone, where the links
 * scroll), live from the user socket; a new request shows a toast and plays a sound the agent can
 * switch off here.
 */
export function AdminNav({ links }: { links: NavItem[] }) {
  const { pending, sound, toggleSound } = usePaymentAlerts(true);
  const badges: Record<string, NavBadge> = {};
  if (pending !== null) {
    badges[ROUTES.adminDepositStatement.path] = { count: pending.deposit.count, label: `${pending.deposit.count} waiting` };
    badges[ROUTES.adminWithdrawStatement.path] = { count: pending.withdraw.count, label: `${pending.withdraw.count} waiting` };
  }
  return (
    <MainNav
      links={links}
      badges={badges}
      extra={
        <button type="button" className="bl-navbar__sound" aria-pressed={sound} aria-label="Sound for new payment requests" title={sound ? 'Sound on' : 'Sound off'} onClick={toggleSound}>
          <span aria-hidden="true">{sound ? '🔔' : '🔕'}</span>
        </button>
      }
    />
  );
}
