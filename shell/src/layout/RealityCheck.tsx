import { useEffect, useState } from 'react';
import { Button, Dialog, formatRupees, on, useApis, type RealityCheckView } from '@backlay/shared';
import { endSession } from '../session/session';
import { t as shellT, useT } from '../i18n';

/** "1 h 05 min" or "25 min". */
export function sessionLength(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? shellT('reality.hoursMinutes', { hours, minutes: String(minutes % 60).padStart(2, '0') }) : shellT('reality.minutes', { minutes });
}

/** Milliseconds until the next whole interval of the session (its start + k × interval, k ≥ 1). */
export function nextReminderIn(startedAtMs: number, intervalMinutes: number, nowMs: number): number {
  const interval = intervalMinutes * 60_000;
  const elapsed = Math.max(0, nowMs - startedAtMs);
  return (Math.floor(elapsed / interval) + 1) * interval - elapsed;
}

/**
 * The reality-check reminder of responsible gambling (ADR 0019): with an interval set, every N
 * minutes of the session a dialog shows how long the player has been signed in and the net result
 * of bets settled in this session, with Continue and Log out. The facts come from the server
 * (GET reality-check) when the reminder fires; a new interval (settings page) re-plans it.
 */
export function RealityCheck() {
  const t = useT();
  const { responsibleGambling: responsibleGamblingApi } = useApis();
  const [plan, setPlan] = useState(0);
  const [shown, setShown] = useState<RealityCheckView | null>(null);

  useEffect(() => {
    const sub = on('rg.realityCheckChanged').subscribe(() => setPlan((p) => p + 1));
    return () => sub.unsubscribe();
  }, []);

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void responsibleGamblingApi.realityCheck().then(
      (check) => {
        if (!live || check.intervalMinutes === null) return;
        const wait = nextReminderIn(Date.parse(check.sessionStartedAt), check.intervalMinutes, Date.now());
        timer = setTimeout(() => {
          void responsibleGamblingApi.realityCheck().then(
            (fresh) => {
              if (live) setShown(fresh);
            },
            () => undefined,
          );
        }, wait);
      },
      // No reminder when the check cannot be read (signed out, maintenance): the page says why.
      () => undefined,
    );
    return () => {
      live = false;
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [responsibleGamblingApi, plan]);

  if (shown === null) return null;
  const carryOn = () => {
    setShown(null);
    setPlan((p) => p + 1);
  };
  const net = shown.netPnl;
  return (
    <Dialog title={t('reality.title')} onClose={carryOn}>
      <p data-testid="reality-check-time">{t('reality.time', { length: sessionLength(Date.now() - Date.parse(shown.sessionStartedAt)) })}</p>
      <p data-testid="reality-check-pnl">
        {t(net < 0 ? 'reality.netLoss' : net > 0 ? 'reality.netWin' : 'reality.netEven', { amount: `${net < 0 ? '−' : ''}₹${formatRupees(Math.abs(net))}` })}
      </p>
      <div className="bl-form-actions">
        <Button variant="secondary" onClick={() => void endSession('player', 'logout')}>
          {t('reality.logOut')}
        </Button>
        <Button onClick={carryOn}>{t('reality.continue')}</Button>
      </div>
    </Dialog>
  );
}
