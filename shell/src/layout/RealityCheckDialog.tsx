import { Button, Dialog, formatRupees, type RealityCheckView } from '@backlay/shared';
import { endSession } from '../session/session';
import { t as shellT, useT } from '../i18n';

/** "1 h 05 min" or "25 min". */
export function sessionLength(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? shellT('reality.hoursMinutes', { hours, minutes: String(minutes % 60).padStart(2, '0') }) : shellT('reality.minutes', { minutes });
}

/** The reality check's dialog (RealityCheck shows it when a reminder is due): the session's length and net result, Continue and Log out. */
export function RealityCheckDialog({ view, onContinue }: { view: RealityCheckView; onContinue: () => void }) {
  const t = useT();
  const net = view.netPnl;
  return (
    <Dialog title={t('reality.title')} onClose={onContinue}>
      <p data-testid="reality-check-time">{t('reality.time', { length: sessionLength(Date.now() - Date.parse(view.sessionStartedAt)) })}</p>
      <p data-testid="reality-check-pnl">
        {t(net < 0 ? 'reality.netLoss' : net > 0 ? 'reality.netWin' : 'reality.netEven', { amount: `${net < 0 ? '−' : ''}₹${formatRupees(Math.abs(net))}` })}
      </p>
      <div className="bl-form-actions">
        <Button variant="secondary" onClick={() => void endSession('player', 'logout')}>
          {t('reality.logOut')}
        </Button>
        <Button onClick={onContinue}>{t('reality.continue')}</Button>
      </div>
    </Dialog>
  );
}
