import { useState, type FormEvent } from 'react';
import {
  AGENT_ROLES, Button, EmptyState, MESSAGES, SECURITY_MESSAGES, Spinner, notify, useLoad, useApis, type Role, roleLabel,
} from '@backlay/shared';
import { localizeApiMessage } from '@backlay/shared/i18n';
import { useT } from '../../i18n/pages';

/**
 * The platform's setting: which agent roles must use two-factor. An agent of such a role without
 * it can only reach the enrolment until it has set it up. The Super Admin sets it; an Admin sees
 * it read-only (the API refuses an Admin's save with 403).
 */
export function TwoFactorPolicySection({ editable }: { editable: boolean }) {
  const t = useT();
  const { security: securityApi } = useApis();
  const { load } = useLoad(() => securityApi.policy());
  return (
    <section className="bl-security__section" aria-labelledby="two-factor-policy-title">
      <h2 id="two-factor-policy-title">{t('twoFactorPolicy.title')}</h2>
      {load.state === 'loading' ? <Spinner label={t('twoFactorPolicy.loading')} /> : null}
      {load.state === 'fail' ? <EmptyState>{t('twoFactorPolicy.loadFailed', { message: localizeApiMessage(load.message) })}</EmptyState> : null}
      {load.state === 'done' && editable ? <PolicyForm saved={load.value.requiredRoles} /> : null}
      {load.state === 'done' && !editable ? <PolicyView saved={load.value.requiredRoles} /> : null}
    </section>
  );
}

/** An Admin's view: the same boxes, disabled, and who sets them. */
function PolicyView({ saved }: { saved: readonly Role[] }) {
  const t = useT();
  return (
    <fieldset disabled aria-describedby="two-factor-policy-owner">
      <legend>{t('twoFactorPolicy.legend')}</legend>
      {AGENT_ROLES.map((role) => (
        <label key={role} className="bl-security__check">
          <input type="checkbox" name="requiredRoles" value={role} checked={saved.includes(role)} readOnly /> {roleLabel(role)}
        </label>
      ))}
      <p id="two-factor-policy-owner">{localizeApiMessage(SECURITY_MESSAGES.twoFactorPolicySuperAdminOnly)}.</p>
    </fieldset>
  );
}

function PolicyForm({ saved }: { saved: readonly Role[] }) {
  const t = useT();
  const { security: securityApi } = useApis();
  const [roles, setRoles] = useState<Role[]>([...saved]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const toggle = (role: Role) => setRoles((current) => (current.includes(role) ? current.filter((r) => r !== role) : [...current, role]));
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const res = await securityApi.savePolicy({ requiredRoles: roles });
      setRoles(res.data.requiredRoles);
      notify('success', res.message);
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : MESSAGES.internal);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="bl-form" onSubmit={(e) => void save(e)}>
      <fieldset>
        <legend>{t('twoFactorPolicy.legend')}</legend>
        {AGENT_ROLES.map((role) => (
          <label key={role} className="bl-security__check">
            <input type="checkbox" name="requiredRoles" value={role} checked={roles.includes(role)} onChange={() => toggle(role)} />{' '}
            {roleLabel(role)}
          </label>
        ))}
      </fieldset>
      {error ? (
        <p className="bl-form-error" role="alert">
          {localizeApiMessage(error)}
        </p>
      ) : null}
      <Button type="submit" disabled={busy}>
        {busy ? t('twoFactorPolicy.saving') : t('twoFactorPolicy.save')}
      </Button>
    </form>
  );
}
