import { useCallback, useState } from 'react';
import { AGENT_ROLES, Page, SPORTS_ADMIN_ROLES, currentUser, useObservable, user$, type Area, type TwoFactorStatus } from '@backlay/shared';
import { useT } from '../i18n/pages';
import { DownlineLoginHistory, OwnLoginHistory } from './security/LoginHistory';
import { NotificationsSection } from './security/NotificationsSection';
import { TwoFactorPolicySection } from './security/TwoFactorPolicySection';
import { TwoFactorSection } from './security/TwoFactorSection';

/**
 * Account security (settings/security-auth, docs/rules/product.md §2; issue 20): two-factor authentication and the
 * login history of the signed-in user, browser notifications (opt-in, issue 34); in the admin area, an agent also sees its downline's logins
 * and the house sees which agent roles must use two-factor (the Super Admin sets it, an Admin
 * reads it). An agent whose role
 * must use two-factor and has none sees only the set-up (its session reaches nothing else yet).
 */
export function SecurityPage({ area }: { area: Area }) {
  const t = useT();
  const user = useObservable(user$, currentUser());
  const role = user?.role ?? null;
  // Until the two-factor status is known, nothing else loads: an agent that must still enrol
  // would only get refusals.
  const [enrolOnly, setEnrolOnly] = useState(true);
  const onStatus = useCallback((status: TwoFactorStatus) => setEnrolOnly(status.required && !status.enabled), []);
  const agent = area === 'admin' && role !== null && AGENT_ROLES.includes(role);
  const house = area === 'admin' && role !== null && SPORTS_ADMIN_ROLES.includes(role);
  return (
    <Page title={t('security.title')}>
      <TwoFactorSection onStatus={onStatus} />
      {enrolOnly ? null : <NotificationsSection area={area} />}
      {enrolOnly ? null : <OwnLoginHistory />}
      {house && !enrolOnly ? <TwoFactorPolicySection editable={role === 'admin'} /> : null}
      {agent && !enrolOnly ? <DownlineLoginHistory /> : null}
    </Page>
  );
}
