import { useEffect } from 'react';
import type { PendingPayments } from '@backlay/shared';
import { useT } from '../i18n';
import { usePaymentAlerts } from './payment-alerts';

/**
 * The agent's payment queue, live (issue 34), loaded with the admin area only: it reads the
 * queue and hands it to the menu (`onPending`, the Deposits and Withdrawals badges), shows a toast
 * and plays a sound for each new request of the downline, and is the switch for that sound.
 */
/** A bell (struck through when off), drawn here: a phone's fonts may have no emoji for it. */
function BellIcon({ off }: { off: boolean }) {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      {off ? <path d="M3 3l18 18" /> : null}
    </svg>
  );
}

export function PaymentAlerts({ onPending }: { onPending: (pending: PendingPayments | null) => void }) {
  const t = useT();
  const { pending, sound, toggleSound } = usePaymentAlerts(true);
  useEffect(() => onPending(pending), [onPending, pending]);
  return (
    <button type="button" className="bl-navbar__sound" aria-pressed={sound} aria-label={t('paymentAlerts.sound')} title={sound ? t('paymentAlerts.soundOn') : t('paymentAlerts.soundOff')} onClick={toggleSound}>
      <BellIcon off={!sound} />
    </button>
  );
}
