import { useEffect } from 'react';
import type { PendingPayments } from '@backlay/shared';
import { usePaymentAlerts } from './payment-alerts';

/**
 * The agent's payment queue, live (issue 34), loaded with the admin area only: it reads the
 * queue and hands it to the menu (`onPending`, the Deposits and Withdrawals badges), shows a toast
 * and plays a sound for each new request of the downline, and is the switch for that sound.
 */
export function PaymentAlerts({ onPending }: { onPending: (pending: PendingPayments | null) => void }) {
  const { pending, sound, toggleSound } = usePaymentAlerts(true);
  useEffect(() => onPending(pending), [onPending, pending]);
  return (
    <button type="button" className="bl-navbar__sound" aria-pressed={sound} aria-label="Sound for new payment requests" title={sound ? 'Sound on' : 'Sound off'} onClick={toggleSound}>
      <span aria-hidden="true">{sound ? '🔔' : '🔕'}</span>
    </button>
  );
}
