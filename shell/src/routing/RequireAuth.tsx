import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { BLUR_TIMEOUT_MS, INACTIVITY_LOGOUT_MS, Spinner, areaOfRole, readCredentials, useObservable, user$, type Area } from '@backlay/shared';
import { useT } from '../i18n';
import { firstLoginStep, loginPath } from '../session/landing';
import { endSession, restoreSession } from '../session/session';
import { startBlurTracker, startInactivityTimer } from '../session/timers';
import { setTabFlag } from '../session/tab-flag';

/**
 * Guard of an area's screens: no credentials → the area's login; credentials but no user yet →
 * restore the session; a user who still has to change the password or set a transaction password
 * → that step first (the changePassAndTxn flag), before anything else.
 */
export function RequireAuth({ area }: { area: Area }) {
  const t = useT();
  const location = useLocation();
  const user = useObservable(user$, null);
  const [failed, setFailed] = useState(false);
  const hasToken = Boolean(readCredentials(area).token);
  const ready = user !== null && areaOfRole(user.role) === area && user.sessionId === readCredentials(area).sessionId;

  useEffect(() => {
    if (!hasToken || ready) return;
    let cancelled = false;
    restoreSession(area).catch(() => {
      if (!cancelled) void endSession(area, 'expired').then(() => setFailed(true));
    });
    return () => {
      cancelled = true;
    };
  }, [area, hasToken, ready]);

  useEffect(() => {
    if (!ready) return undefined;
    const stopInactivity = startInactivityTimer(INACTIVITY_LOGOUT_MS, () => void endSession(area, 'inactive'));
    const stopBlur = startBlurTracker(BLUR_TIMEOUT_MS, setTabFlag);
    return () => {
      stopInactivity();
      stopBlur();
    };
  }, [area, ready]);

  if (!hasToken || failed) return <Navigate to={loginPath(area)} replace state={{ from: location.pathname }} />;
  if (!ready) return <Spinner label={t('auth.signingIn')} />;
  const step = firstLoginStep(area, user);
  if (step && location.pathname !== step) return <Navigate to={step} replace />;
  return <Outlet />;
}
