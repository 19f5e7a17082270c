import { Suspense, useEffect, useState } from 'react';
import { lazyWithRetry, on, useApis, type RealityCheckView } from '@backlay/shared';

/** The dialog, loaded when a reminder is due (most sessions never show one: the first page's budget, ADR 0025). */
const RealityCheckDialog = lazyWithRetry(() => import(/* webpackChunkName: "reality-check" */ './RealityCheckDialog').then((m) => ({ default: m.RealityCheckDialog })));

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
  return (
    <Suspense fallback={null}>
      <RealityCheckDialog view={shown} onContinue={carryOn} />
    </Suspense>
  );
}
